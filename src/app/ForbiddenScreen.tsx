import { Button, EmptyState, HStack } from '@chakra-ui/react';
import { ShieldBan } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Notice } from '../components/feedback/Notice.tsx';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/**
 * A screen the user's roles do not open: titled and under its breadcrumbs like any screen, saying which screen and
 * why, with the ways back (the screen the user came from, when there is one, and the dashboard).
 */
export function ForbiddenScreen({ screenTitle }: { screenTitle: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // A screen opened from another one of the panel has somewhere to go back to; one opened from a link has not.
  const cameFromSomewhere = window.history.length > 1;
  return (
    <>
      <PageHeader title={t('forbidden.title')} />
      <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg.panel">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <ShieldBan aria-hidden />
          </EmptyState.Indicator>
          <Notice tone="warning">{t('code.auth.forbidden')}</Notice>
          <EmptyState.Description>
            <bdi>{t('forbidden.body', { screen: screenTitle })}</bdi>
          </EmptyState.Description>
          <HStack gap="3" wrap="wrap" justify="center">
            {cameFromSomewhere && (
              <Button variant="outline" onClick={() => window.history.back()}>
                {t('common.back')}
              </Button>
            )}
            <Button asChild colorPalette="blue">
              <Link href="~/app/dashboard">{t('forbidden.home')}</Link>
            </Button>
          </HStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </>
  );
}
