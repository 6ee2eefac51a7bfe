import { useMemo, useState } from 'react';
import { Button, Card, Checkbox, Field, Fieldset, HStack, List, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'wouter';
import { ApiError } from '../../api/client.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { DOWNLOAD_LISTS, HEALTH_DATA_LISTS, useCreateDownload, type DownloadList } from '../../api/resources/downloads.ts';
import { DEFAULT_COLUMNS } from './default-columns.ts';
import { filterLabels } from './filter-labels.ts';
import { BusyButton } from '../../components/form/BusyButton.tsx';

type Column = { field: string; label: string };

/** Lists that are another's operation narrowed name their filters in that list's catalog entries. */
const CATALOG_OF: Partial<Record<DownloadList, string>> = {
  'reimbursements-general': 'reimbursements',
  'reimbursements-orthodontic': 'reimbursements',
  'reimbursement-lines': 'reimbursements',
  'reimbursable-verifications': 'verifications',
};

/** The JSON a list's "Exportar" action put in the address, or nothing when it is not what it should be. */
function parseJson<T>(text: string | null, valid: (value: unknown) => value is T): T | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}
const isFilters = (value: unknown): value is Record<string, string> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every((v) => typeof v === 'string');
const isColumns = (value: unknown): value is Column[] =>
  Array.isArray(value) && value.every((c) => c && typeof c === 'object' && typeof c.field === 'string' && typeof c.label === 'string');

/**
 * `/descargas/nuevo`: an export of a list, prefilled by the list's "Exportar" action with the filters and
 * columns on screen; CSV or XLSX; a reason when the list holds health data. The job runs on the server.
 */
export default function NewDownloadScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const { link } = useScreen();
  const given = search.get('list');
  const [list, setList] = useState<DownloadList>(DOWNLOAD_LISTS.includes(given as DownloadList) ? (given as DownloadList) : 'insurers');
  const filters = useMemo(() => (list === given ? (parseJson(search.get('filters'), isFilters) ?? {}) : {}), [list, given, search]);
  const offered = useMemo<Column[]>(() => {
    const fromList = list === given ? parseJson(search.get('columns'), isColumns) : null;
    if (fromList?.length) return fromList;
    return DEFAULT_COLUMNS[list].map(({ field, labelId }) => ({ field, label: t(labelId) }));
    // t reads the catalog, fixed for a mounted screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, given, search]);
  const [unchecked, setUnchecked] = useState<Record<string, true>>({});
  const columns = offered.filter((c) => !unchecked[`${list}:${c.field}`]);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const health = HEALTH_DATA_LISTS.includes(list);
  const create = useCreateDownload();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (health && !reason.trim()) return setReasonError(true);
    create.mutate(
      { list, format, filters, columns, ...(health ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          messenger.create({ type: 'success', title: t('downloads.queued') });
          navigate(link('list') ?? '/');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'download.reasonRequired') return setReasonError(true);
          notifyError(intl, error);
        },
      },
    );
  };

  const filterEntries = Object.entries(filters);
  // The list's own filter names (and the values that have a name); search and sort are every list's.
  const labels = filterLabels(intl, CATALOG_OF[list] ?? list);
  return (
    <Stack gap="4" maxW="3xl">
      <PageHeader title={t('area.downloads.new')} />
      <form noValidate onSubmit={submit}>
        <Stack gap="5">
          <Card.Root>
            <Card.Body>
              <Stack gap="5">
                <Field.Root>
                  <Field.Label>{t('downloads.field.list')}</Field.Label>
                  <NativeSelect.Root maxW="sm">
                    <NativeSelect.Field name="list" value={list} onChange={(e) => setList(e.currentTarget.value as DownloadList)}>
                      {DOWNLOAD_LISTS.map((option) => (
                        <option key={option} value={option}>
                          {t(`downloads.list.${option}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Stack gap="1" data-testid="export-filters">
                  <Text fontWeight="medium">{t('downloads.field.filters')}</Text>
                  {filterEntries.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">{t('downloads.filters.none')}</Text>
                  ) : (
                    <List.Root ps="5" fontSize="sm">
                      {filterEntries.map(([name, value]) => (
                        <List.Item key={name}>
                          <bdi>{t('downloads.filters.item', { name: labels.name(name), value: labels.value(name, value) })}</bdi>
                        </List.Item>
                      ))}
                    </List.Root>
                  )}
                </Stack>
                <Fieldset.Root>
                  <Fieldset.Legend fontWeight="medium">{t('downloads.field.columns')}</Fieldset.Legend>
                  <Fieldset.Content>
                    <Stack gap="2">
                      {offered.map((column) => {
                        const key = `${list}:${column.field}`;
                        return (
                          <Checkbox.Root key={key} checked={!unchecked[key]} onCheckedChange={(e) => setUnchecked(({ [key]: _, ...rest }) => (e.checked === true ? rest : { ...rest, [key]: true }))}>
                            <Checkbox.HiddenInput name="columns" value={column.field} />
                            <Checkbox.Control />
                            <Checkbox.Label>
                              <bdi>{column.label}</bdi>
                            </Checkbox.Label>
                          </Checkbox.Root>
                        );
                      })}
                    </Stack>
                  </Fieldset.Content>
                </Fieldset.Root>
                <Fieldset.Root>
                  <Fieldset.Legend fontWeight="medium">{t('downloads.field.format')}</Fieldset.Legend>
                  <RadioGroup.Root value={format} onValueChange={(e) => setFormat(e.value as 'csv' | 'xlsx')} name="format">
                    <HStack gap="6">
                      {(['xlsx', 'csv'] as const).map((option) => (
                        <RadioGroup.Item key={option} value={option}>
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{t(`downloads.format.${option}`)}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </HStack>
                  </RadioGroup.Root>
                </Fieldset.Root>
                {health && (
                  <Field.Root invalid={reasonError} required>
                    <Field.Label>
                      {t('downloads.field.reason')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea name="reason" value={reason} maxLength={500} onChange={(e) => (setReason(e.currentTarget.value), setReasonError(false))} />
                    {reasonError ? (
                      <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
                        <bdi>{t('code.download.reasonRequired')}</bdi>
                      </Field.ErrorText>
                    ) : (
                      <Field.HelperText>
                        <bdi>{t('downloads.field.reason.help')}</bdi>
                      </Field.HelperText>
                    )}
                  </Field.Root>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
          <HStack justify="flex-end" gap="3">
            <Button asChild variant="outline">
              <Link href={link('list') ?? '/'}>{t('common.cancel')}</Link>
            </Button>
            <BusyButton type="submit" colorPalette="blue" loading={create.isPending} disabled={columns.length === 0}>
              {t('downloads.submit')}
            </BusyButton>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
