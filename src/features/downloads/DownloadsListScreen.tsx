import { useState } from 'react';
import { Badge, Button, EmptyState, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download as DownloadIcon, Plus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { Pagination } from '../../components/list/Pagination.tsx';
import { downloadsQuery, saveDownload, type Download } from './api.ts';

const STATE_PALETTE = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red', expired: 'gray' } as const;

// On a phone: the list, its state (with the rows done) and the file.
const COLUMNS: { id: string; hideBelow?: 'md' | 'lg' }[] = [
  { id: 'list' },
  { id: 'state' },
  { id: 'progress', hideBelow: 'md' },
  { id: 'size', hideBelow: 'md' },
  { id: 'requestedAt', hideBelow: 'lg' },
  { id: 'expiresAt', hideBelow: 'md' },
  { id: 'file' },
];

function Progression({ job }: { job: Download }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'downloads.progress' }, { done: job.rowsDone, total: job.rowsTotal ?? '?' });
  if (job.state !== 'running' && job.state !== 'queued') return <Text fontSize="sm"><bdi>{intl.formatMessage({ id: 'downloads.rows' }, { rows: job.rowsDone })}</bdi></Text>;
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

/** `/descargas`: my exports (everyone's for an administrator) with their state, live progress, size and expiry. */
export default function DownloadsListScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const client = useQueryClient();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const { data, isError, refetch } = useQuery(downloadsQuery(page.page, page.pageSize));
  const [saving, setSaving] = useState<number | null>(null);
  const create = link('create');
  const fetchFile = (job: Download) => {
    setSaving(job.id);
    saveDownload(job)
      .then(() => client.invalidateQueries({ queryKey: ['downloads'] }))
      .catch((error) => notifyError(intl, error))
      .finally(() => setSaving(null));
  };
  const when = (value: string | null) => (value ? intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const size = (bytes: number | null) => (bytes === null ? '—' : intl.formatNumber(bytes / 1024, { maximumFractionDigits: 1, style: 'unit', unit: 'kilobyte' }));
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
            <EmptyState.Description>{t('downloads.none')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg.panel">
          <Table.Root size="sm" data-testid="downloads-table">
            <Table.Caption srOnly>{t('area.downloads.list')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                {COLUMNS.map(({ id, hideBelow }) => (
                  <Table.ColumnHeader key={id} hideBelow={hideBelow}>
                    {t(`downloads.column.${id}`)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.items.map((job) => (
                <Table.Row key={job.id} data-testid={`download-${job.id}`}>
                  <Table.Cell>
                    <Stack gap="0">
                      <Text fontWeight="medium">{t(`downloads.list.${job.list}`)}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {job.format.toUpperCase()} · <bdi>{job.requestedByName}</bdi>
                        {job.containsHealthData && ` · ${t('downloads.healthData')}`}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATE_PALETTE[job.state]} data-testid="download-state">
                      {t(`downloads.state.${job.state}`)}
                    </Badge>
                    <Text fontSize="xs" color="fg.muted" hideFrom="md">
                      {t('downloads.progress', { done: job.rowsDone, total: job.rowsTotal ?? '?' })}
                    </Text>
                    {job.error && (
                      <Text fontSize="xs" color={{ base: 'red.700', _dark: 'fg.error' }}>
                        {t(intl.messages[`code.${job.error}`] ? `code.${job.error}` : 'downloads.failedGeneric')}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell hideBelow="md">
                    <Progression job={job} />
                  </Table.Cell>
                  <Table.Cell hideBelow="md">
                    <bdi>{size(job.sizeBytes)}</bdi>
                  </Table.Cell>
                  <Table.Cell hideBelow="lg">
                    <bdi>{when(job.createdAt)}</bdi>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">
                    <bdi>{when(job.expiresAt)}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    {job.state === 'completed' && (
                      <HStack>
                        <Button size="xs" variant="outline" onClick={() => fetchFile(job)} loading={saving === job.id} aria-label={t('downloads.download', { name: job.fileName ?? '' })}>
                          <DownloadIcon aria-hidden size={14} />
                          <Text as="span" hideBelow="sm">
                            {t('downloads.downloadShort')}
                          </Text>
                        </Button>
                      </HStack>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {data && data.total > 0 && <Pagination page={page.page} pageSize={page.pageSize} total={data.total} onChange={(change) => setPage((p) => ({ ...p, ...change }))} />}
    </Stack>
  );
}
