import { useEffect, useState } from 'react';
import { Badge, Button, HStack, Input, InputGroup, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Session } from '../../app/session.tsx';
import { useDeleteInsurer, useInsurers, type Insurer } from '../../api/insurers.ts';
import { useMe } from '../../api/me.ts';
import { DataTable, type Column } from '../../components/data/DataTable.tsx';
import { Pagination } from '../../components/data/Pagination.tsx';
import { useListParams } from '../../components/data/useListParams.ts';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog.tsx';
import { messenger } from '../../components/feedback/toaster.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { PageHeader } from '../PageHeader.tsx';

const SORTABLE = ['code', 'name', 'country', 'currency', 'active', 'updatedAt'] as const;
const SEARCH_DELAY_MS = 300;

export default function InsurersListScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { params, update } = useListParams({ sort: 'name', sortable: SORTABLE });
  const { can } = useMe(Session.useSelector((s) => s.context.token));
  const list = useInsurers({ page: params.page, pageSize: params.pageSize, sort: params.sort, ...(params.q ? { q: params.q } : {}) });
  const remove = useDeleteInsurer();
  const [toDelete, setToDelete] = useState<Insurer | null>(null);
  const [searchText, setSearchText] = useState(params.q);

  useEffect(() => {
    if (searchText.trim() === params.q) return;
    const timer = setTimeout(() => update({ q: searchText.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]); // eslint-disable-line react-hooks/exhaustive-deps

  // A page beyond the last (after deletions, or from an old link) moves to the last page.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / params.pageSize)) : null;
  useEffect(() => {
    if (lastPage && params.page > lastPage) update({ page: lastPage });
  }, [lastPage, params.page]); // eslint-disable-line react-hooks/exhaustive-deps

  const columns: Column<Insurer>[] = [
    { key: 'code', labelId: 'insurers.field.code', sortField: 'code', render: (i) => i.code },
    { key: 'name', labelId: 'insurers.field.name', sortField: 'name', render: (i) => i.name },
    { key: 'country', labelId: 'insurers.field.country', sortField: 'country', render: (i) => i.country },
    { key: 'currency', labelId: 'insurers.field.currency', sortField: 'currency', render: (i) => i.currency },
    {
      key: 'active',
      labelId: 'insurers.field.active',
      sortField: 'active',
      render: (i) => <Badge colorPalette={i.active ? 'green' : 'gray'}>{t(i.active ? 'insurers.status.active' : 'insurers.status.inactive')}</Badge>,
    },
    { key: 'updatedAt', labelId: 'insurers.field.updatedAt', sortField: 'updatedAt', render: (i) => intl.formatDate(i.updatedAt, { dateStyle: 'medium' }) },
  ];

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        messenger.create({ type: 'success', title: t('common.deleted') });
        setToDelete(null);
      },
      onError: (error) => {
        notifyError(intl, error);
        setToDelete(null);
      },
    });
  };

  return (
    <Stack gap="4">
      <PageHeader title={t('insurers.title')}>
        {can('insurers:create') && (
          <Button asChild colorPalette="blue">
            <Link href="/aseguradoras/nueva">{t('insurers.new')}</Link>
          </Button>
        )}
      </PageHeader>
      <InputGroup maxW="md" startElement={<span aria-hidden>⌕</span>}>
        <Input type="search" value={searchText} placeholder={t('insurers.search')} aria-label={t('common.search')} onChange={(e) => setSearchText(e.currentTarget.value)} />
      </InputGroup>
      {list.isError && !list.data ? (
        <Stack role="alert" align="flex-start">
          <span>{t('common.loadFailed')}</span>
          <Button size="sm" onClick={() => list.refetch()}>{t('common.retry')}</Button>
        </Stack>
      ) : (
        <DataTable
          caption={t('insurers.title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(i) => i.id}
          sort={params.sort}
          onSort={(sort) => update({ sort })}
          loading={list.isFetching}
          emptyText={params.q ? t('common.emptySearch', { q: params.q }) : t('common.empty')}
          actions={(insurer) => (
            <HStack justify="flex-end" gap="1">
              {can('insurers:update') && (
                <Button asChild size="xs" variant="outline" aria-label={`${t('common.edit')}: ${insurer.name}`}>
                  <Link href={`/aseguradoras/editar/${insurer.id}`}>{t('common.edit')}</Link>
                </Button>
              )}
              {can('insurers:delete') && (
                <Button size="xs" variant="outline" colorPalette="red" aria-label={`${t('common.delete')}: ${insurer.name}`} onClick={() => setToDelete(insurer)}>
                  {t('common.delete')}
                </Button>
              )}
            </HStack>
          )}
        />
      )}
      {list.data && <Pagination page={params.page} pageSize={params.pageSize} total={list.data.total} onChange={update} />}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title={t('insurers.delete.title')}
        body={t('insurers.delete.body', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
