import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { useDeleteRecords, type Resource, type VersionedRecord } from '../../api/resources/define-resource.ts';
import { useScreen } from '../layout/screen-context.ts';
import { applyListChange, listQuery, parseListState, type ListChange, type ListSpec } from './list-state.ts';
import { useStoredState } from './useStoredState.ts';

/**
 * A list's behaviour without its markup: page, page size, sort, search and filters in the URL; the
 * page of records from TanStack Query; row selection for bulk actions; the columns the user hid,
 * remembered per user and resource. `narrow` adds what the screen fixes or keeps beside the spec's
 * filters (a policy's patients, the worklist's group, a date range): the list reads it and "Exportar"
 * carries it, so the file holds the rows on screen.
 */
export function useListController<R extends VersionedRecord, Q extends object>(resource: Resource<R, never, Q>, spec: ListSpec, narrow?: (query: Q) => Q) {
  const [search, setSearch] = useSearchParams();
  const { userId } = useScreen();
  const state = useMemo(() => parseListState(search, spec), [search, spec]);
  const own = listQuery(state, spec) as Q;
  const listed = narrow ? narrow(own) : own;
  const query = useQuery(resource.listQuery(listed));
  const change = useCallback((c: ListChange) => setSearch((previous) => applyListChange(previous, c, spec), { replace: true }), [setSearch, spec]);

  // A page beyond the last (after deletions, or from an old link) moves to the last page; a list
  // whose total is only a lower bound has no known last page.
  const lastPage = query.data && !query.data.totalIsLowerBound ? Math.max(1, Math.ceil(query.data.total / state.pageSize)) : null;
  useEffect(() => {
    if (lastPage && state.page > lastPage) change({ page: lastPage });
  }, [lastPage, state.page, change]);

  // A selection belongs to the rows on screen: another page, sort or search starts with none.
  const view = search.toString();
  const [selection, setSelection] = useState<{ view: string; ids: Record<string, true> }>({ view, ids: {} });
  const selected = selection.view === view ? selection.ids : {};
  const setSelected = (ids: Record<string, true>) => setSelection({ view, ids });

  const [hiddenColumns, setHiddenColumns] = useStoredState<string[]>(userId ? `list-columns:${userId}:${resource.name}` : null, []);
  const remover = useDeleteRecords(resource);

  return {
    resource: resource.name,
    spec,
    state,
    /** The list operation's whole query as the screen reads it (its page included). */
    query: listed as Record<string, unknown>,
    change,
    rows: query.data?.items,
    total: query.data?.total,
    totalIsLowerBound: query.data?.totalIsLowerBound ?? false,
    loading: query.isFetching,
    failed: query.isError && !query.data,
    retry: () => void query.refetch(),
    selected,
    setSelected,
    selectedIds: Object.keys(selected).map(Number),
    hiddenColumns,
    setHiddenColumns,
    /** Whether the resource can delete at all (the user's permission is the area's `delete` action). */
    deletable: Boolean(resource.remove),
    deleteRecords: (ids: number[]) => remover.mutateAsync(ids).then(() => setSelected({})),
    deleting: remover.isPending,
  };
}

export type ListController<R extends VersionedRecord> = ReturnType<typeof useListController<R, object>>;
