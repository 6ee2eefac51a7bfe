import { CloseButton, Dialog, Portal, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { usePreferences } from '../../session/preferences.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { historyQuery, type Catalog } from '../../api/resources/settings.ts';

/** How a tab names one field of its items (`category`, `texts.ja`) and shows one of its values. */
export type Describe = (field: string, value: unknown) => { label: string; value: string };

const IGNORED = new Set(['version', 'updatedAt']);

/** The fields that differ between two versions of an item, nested objects (the texts) field by field. */
function changes(before: Record<string, unknown> | null, after: Record<string, unknown>): [field: string, before: unknown, after: unknown][] {
  const out: [string, unknown, unknown][] = [];
  for (const [key, value] of Object.entries(after)) {
    if (IGNORED.has(key)) continue;
    const old = before?.[key];
    if (value && typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value)) {
        const oldSub = (old as Record<string, unknown> | undefined)?.[sub];
        if (JSON.stringify(oldSub) !== JSON.stringify(subValue)) out.push([`${key}.${sub}`, oldSub, subValue]);
      }
    } else if (JSON.stringify(old) !== JSON.stringify(value)) out.push([key, old, value]);
  }
  return out;
}

/** Who changed an item, when, and what each change did, newest first. */
export function HistoryDialog({ catalog, itemKey, title, describe, onClose }: { catalog: Catalog; itemKey: string | null; title: string; describe: Describe; onClose: () => void }) {
  const intl = useIntl();
  const query = useQuery({ ...historyQuery(catalog, itemKey ?? ''), enabled: itemKey !== null });
  // Ark's dialogs lay out left to right unless told the page's direction.
  const { direction } = usePreferences();
  const size = useBreakpointValue({ base: 'full', md: 'lg' } as const) ?? 'lg';
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Dialog.Root open={itemKey !== null} onOpenChange={(e) => !e.open && onClose()} size={size} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content dir={direction}>
            <Dialog.Header pe="12">
              <Dialog.Title>
                <bdi>{title}</bdi>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {query.isPending && <Loading cover="inline" />}
              {query.data && query.data.length === 0 && <Text color="fg.muted">{t('settings.history.empty')}</Text>}
              <Stack as="ol" gap="4" listStyleType="none" m="0" p="0">
                {query.data?.map((change) => (
                  <li key={change.id} data-testid="setting-change">
                    <Text fontWeight="semibold">
                      {t('settings.history.version', { version: change.version })} ·{' '}
                      {t('settings.history.by', {
                        who: change.changedByName ?? t('settings.history.unknown'),
                        when: intl.formatDate(change.changedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                      })}
                    </Text>
                    {change.before === null ? (
                      <Text fontSize="sm">{t('settings.history.created')}</Text>
                    ) : (
                      <Stack as="ul" gap="0" ps="4" fontSize="sm">
                        {changes(change.before, change.after).map(([field, before, after]) => {
                          const from = describe(field, before);
                          return (
                            <li key={field}>
                              <bdi>{t('settings.history.change', { field: from.label, before: from.value, after: describe(field, after).value })}</bdi>
                            </li>
                          );
                        })}
                      </Stack>
                    )}
                  </li>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
