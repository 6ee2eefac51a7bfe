import { Box, Tabs, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import type { ScreenProps } from '../../components/layout/area.ts';
import { usePreferences } from '../../session/preferences.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { DebtorAccountsTab } from './DebtorAccountsTab.tsx';
import { DefaultsTab } from './DefaultsTab.tsx';
import { DocumentsTab } from './DocumentsTab.tsx';
import { ProceduresTab } from './ProceduresTab.tsx';
import { ReasonsTab } from './ReasonsTab.tsx';

/** The tabs, by their name in the URL (`?catalogo=motivos`), with the catalog each shows. */
const TABS = [
  { slug: 'procedimientos', catalog: 'procedures', Tab: ProceduresTab },
  { slug: 'motivos', catalog: 'reasons', Tab: ReasonsTab },
  { slug: 'documentos', catalog: 'documents', Tab: DocumentsTab },
  { slug: 'valores', catalog: 'defaults', Tab: DefaultsTab },
  // Issue 26: where payment runs take money from; shown to those who may read payment runs.
  { slug: 'cuentas', catalog: 'debtorAccounts', Tab: DebtorAccountsTab, permission: 'payments:read' },
] as const;

/** `/configuraciones`: one tab per catalog; administrators edit each item, everyone sees its history. */
export default function SettingsScreen({ titleId }: ScreenProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { may, can } = useScreen();
  const canEdit = may('update');
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => !('permission' in tab) || can(tab.permission));
  const current = tabs.find((tab) => tab.slug === params.get('catalogo')) ?? tabs[0]!;
  // Ark's tabs lay out and take arrow keys left to right unless told the page's direction.
  const { direction } = usePreferences();
  return (
    <Box>
      <PageHeader title={t(titleId)} />
      <Text color="fg.muted" mb="4">
        <bdi>{t('settings.appliesLater')}</bdi> {!canEdit && <bdi>{t('settings.readOnly')}</bdi>}
      </Text>
      <Tabs.Root value={current.slug} onValueChange={(e) => setParams({ catalogo: e.value }, { replace: true })} lazyMount unmountOnExit variant="line" dir={direction}>
        <Tabs.List aria-label={t('settings.tabs')} overflowX="auto" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.slug} value={tab.slug}>
              {t(`settings.tab.${tab.catalog}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ slug, catalog, Tab }) => (
          <Tabs.Content key={slug} value={slug}>
            <Text fontSize="sm" color="fg.muted" mb="3">
              <bdi>{t(`settings.intro.${catalog}`)}</bdi>
            </Text>
            <Tab canEdit={canEdit} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}
