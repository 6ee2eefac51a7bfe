import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, EmptyState, HStack, Progress, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download as DownloadIcon, Plus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'wouter';
import { LIST_SPECS } from '../../../openapi/field-specs.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { formatFileSize } from '../../components/format/file-size.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import type { ListColumn } from '../../components/list/columns.tsx';
import { DataGrid } from '../../components/list/DataGrid.tsx';
import { FilterSelect } from '../../components/list/FilterSelect.tsx';
import { applyListChange, listQuery, parseListState, type ListChange } from '../../components/list/list-state.ts';
import { Pagination } from '../../components/list/Pagination.tsx';
import { RecordCards } from '../../components/list/RecordCards.tsx';
import { SortSelect } from '../../components/list/SortSelect.tsx';
import { downloadsQuery, useSaveDownload, type Download } from '../../api/resources/downloads.ts';
import { BusyButton } from '../../components/form/BusyButton.tsx';

const STATE_PALETTE = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red', expired: 'gray' } as const;
const SPEC = LIST_SPECS.downloads;
/** The orders a phone's cards offer (a table sorts by its headers instead). */
const SORTS = [
  { key: 'newest', sort: '-createdAt' },
  { key: 'oldest', sort: 'createdAt' },
  { key: 'state', sort: 'state' },
  { key: 'list', sort: 'list' },
] as const;

function Progression({ job }: { job: Download }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'downloads.progress' }, { done: job.rowsDone, total: job.rowsTotal ?? '?' });
  if (job.state !== 'running' && job.state !== 'queued') return <Text><bdi>{intl.formatMessage({ id: 'downloads.rows' }, { rows: job.rowsDone })}</bdi></Text>;
  return (
    <Progress.Root value={job.rowsTotal ? Math.min(100, (100 * job.rowsDone) / job.rowsTotal) : null} size="sm" minW="32" aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Progress.ValueText fontSize="xs" mt="1">
        {label}
      </Progress.ValueText>
    </Progress.Root>
  );
}

/** `/descargas`: my exports (everyone's for an administrator) with their state, live progress, size and expiry; cards on a phone. */
export default function DownloadsListScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const saveFile = useSaveDownload();
  const cards = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  // Page, sort and the state filter live in the URL as every list's do: a reload or a shared link shows the same jobs.
  const [params, setParams] = useSearchParams();
  const state = parseListState(params, SPEC);
  const change = (c: ListChange) => setParams((previous) => applyListChange(previous, c, SPEC));
  const { data, isError, refetch } = useQuery(downloadsQuery(listQuery(state, SPEC)));
  const [saving, setSaving] = useState<number | null>(null);
  const create = link('create');
  const fetchFile = (job: Download) => {
    setSaving(job.id);
    saveFile
      .mutateAsync(job)
      .catch((error) => notifyError(intl, error))
      .finally(() => setSaving(null));
  };
  const when = (value: string | null) => (value ? intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const listName = (job: Download) => t(`downloads.list.${job.list}`);
  // A column's id is the contract's sort key where it has one; `createdAt` shows as "requested".
  const column = (id: string, cell: (job: Download) => ReactNode, labelId = `downloads.column.${id}`): ListColumn<Download> => ({ id, labelId, sortable: (SPEC.sortable as readonly string[]).includes(id), primary: id === 'list', cell });
  const columns: ListColumn<Download>[] = [
    column('list', (job) => (
      <Stack gap="0" as="span">
        <Text as="span" fontWeight="medium">{listName(job)}</Text>
        <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
          {job.format.toUpperCase()} · <bdi>{job.requestedByName}</bdi>
          {job.containsHealthData && ` · ${t('downloads.healthData')}`}
        </Text>
      </Stack>
    )),
    column('state', (job) => (
      <Stack gap="0" align="flex-start">
        <Badge colorPalette={STATE_PALETTE[job.state]} data-testid="download-state">
          {t(`downloads.state.${job.state}`)}
        </Badge>
        {job.error && (
          <Text fontSize="xs" color={{ base: 'red.700', _dark: 'fg.error' }} whiteSpace="normal">
            {t(intl.messages[`code.${job.error}`] ? `code.${job.error}` : 'downloads.failedGeneric')}
          </Text>
        )}
      </Stack>
    )),
    column('progress', (job) => <Progression job={job} />),
    column('size', (job) => <bdi>{job.sizeBytes === null ? '—' : formatFileSize(intl, job.sizeBytes)}</bdi>),
    column('createdAt', (job) => <bdi>{when(job.createdAt)}</bdi>, 'downloads.column.requestedAt'),
    column('expiresAt', (job) => <bdi>{when(job.expiresAt)}</bdi>),
    column('file', (job) =>
      job.state === 'completed' ? (
        <BusyButton size="xs" variant="outline" onClick={() => fetchFile(job)} loading={saving === job.id} aria-label={t('downloads.download', { name: job.fileName ?? '' })}>
          <DownloadIcon aria-hidden size={14} />
          {t('downloads.downloadShort')}
        </BusyButton>
      ) : (
        '—'
      ),
    ),
  ];
  const rowLabel = (job: Download) => `${listName(job)}, ${when(job.createdAt)}`;
  return (
    <Stack gap="4">
      <PageHeader title={t('area.downloads.list')}>
        {create && (
          <Button asChild colorPalette="blue">
            <Link href={create}>
              <Plus aria-hidden size={16} />
              {t('area.downloads.new')}
            </Link>
          </Button>
        )}
      </PageHeader>
      <HStack gap="3" wrap="wrap" role="search" aria-label={t('list.tools', { title: t('area.downloads.list') })}>
        <FilterSelect resource="downloads" name="state" spec={SPEC.filters.state} value={state.filters.state} onChange={(value) => change({ filters: { state: value } })} />
        {cards && <SortSelect options={SORTS.map(({ key, sort }) => ({ sort, label: t(`downloads.sort.${key}`) }))} value={state.sort} onChange={(sort) => change({ sort })} />}
      </HStack>
      {isError && !data ? (
        <Stack role="alert" align="flex-start">
          <span>{t('common.loadFailed')}</span>
          <Button size="sm" onClick={() => void refetch()}>{t('common.retry')}</Button>
        </Stack>
      ) : !data ? (
        <Loading />
      ) : data.items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg.panel">
          <EmptyState.Content>
            <EmptyState.Description>
              <bdi>{t(state.filters.state ? 'list.emptyFiltered' : 'downloads.none')}</bdi>
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : cards ? (
        <RecordCards columns={columns} rows={data.items} hidden={[]} selectable={false} selected={{}} onSelect={() => undefined} rowLabel={rowLabel} />
      ) : (
        <Box data-testid="downloads-table">
          <DataGrid caption={t('area.downloads.list')} columns={columns} rows={data.items} loading={false} sort={state.sort} onSort={(sort) => change({ sort })} hidden={[]} selectable={false} selected={{}} onSelect={() => undefined} rowLabel={rowLabel} />
        </Box>
      )}
      {data && data.total > 0 && <Pagination page={state.page} pageSize={state.pageSize} total={data.total} onChange={change} />}
    </Stack>
  );
}
