import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type QueryKeys } from './keys.ts';

export interface Page<R> {
  items: R[];
  total: number;
  /** The list holds more than `total` records (the server stops counting at 10 000). */
  totalIsLowerBound?: boolean;
  page: number;
  pageSize: number;
}

/** The record every resource has: an id and the version a save must name. */
export interface VersionedRecord {
  id: number;
  version: number;
}

/** A resource's calls, as its api module writes them with the typed client; a resource without an operation leaves it out. */
export interface ResourceCalls<R extends VersionedRecord, Input, Query> {
  list: (query: Query) => Promise<Page<R>>;
  get: (id: number) => Promise<R>;
  create?: (input: Input) => Promise<R>;
  update?: (id: number, input: Input & { version: number }) => Promise<R>;
  remove?: (id: number) => Promise<unknown>;
}

const missing = (resource: string, operation: string) => new Error(`The ${resource} resource has no ${operation} operation`);

export interface Resource<R extends VersionedRecord, Input, Query> extends ResourceCalls<R, Input, Query> {
  name: string;
  keys: QueryKeys;
  listQuery: (query: Query) => ReturnType<typeof listOptions<R>>;
  oneQuery: (id: number) => ReturnType<typeof oneOptions<R>>;
}

const listOptions = <R,>(key: readonly unknown[], fetch: () => Promise<Page<R>>) => queryOptions({ queryKey: key, queryFn: fetch, placeholderData: keepPreviousData });
const oneOptions = <R,>(key: readonly unknown[], fetch: () => Promise<R>) => queryOptions({ queryKey: key, queryFn: fetch });

/**
 * A resource module: its calls plus query keys from the shared factory and `queryOptions` builders. `keys` is given
 * when the records are another resource's seen through a filter (the verifications ready for a claim are
 * verifications): they share its prefix, so a write to one refreshes the other.
 */
export function defineResource<R extends VersionedRecord, Input, Query extends object>(name: string, calls: ResourceCalls<R, Input, Query>, keys: QueryKeys = queryKeys(name)): Resource<R, Input, Query> {
  return {
    ...calls,
    name,
    keys,
    listQuery: (query) => listOptions(keys.list(query), () => calls.list(query)),
    oneQuery: (id) => oneOptions(keys.detail(id), () => calls.get(id)),
  };
}

export type AnyResource = Resource<VersionedRecord, never, object>;

export const useRecordList = <R extends VersionedRecord, Q extends object>(resource: Resource<R, never, Q>, query: Q) => useQuery(resource.listQuery(query));
export const useRecord = <R extends VersionedRecord>(resource: Resource<R, never, never>, id: number, enabled = true) => useQuery({ ...resource.oneQuery(id), enabled });

/**
 * Creates (no id) or updates (id and version) a record; the cache keeps the saved record, and everything read under
 * the resource's prefix (lists, choices, the copies other screens show) is read again.
 */
export function useSaveRecord<R extends VersionedRecord, Input>(resource: Resource<R, Input, never>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, version }: { id?: number; input: Input; version?: number }) => {
      const save = id ? resource.update && ((body: Input) => resource.update!(id, { ...body, version: version! })) : resource.create;
      if (!save) throw missing(resource.name, id ? 'update' : 'create');
      return save(input);
    },
    onSuccess: (saved) => {
      client.setQueryData(resource.keys.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: resource.keys.all });
    },
  });
}

/** Deletes records one by one (there is no bulk operation); everything under the resource's prefix refreshes once at the end. */
export function useDeleteRecords(resource: { name: string; keys: QueryKeys; remove?: (id: number) => Promise<unknown> }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      if (!resource.remove) throw missing(resource.name, 'delete');
      for (const id of ids) await resource.remove(id);
    },
    onSettled: (_, __, ids) => {
      ids.forEach((id) => client.removeQueries({ queryKey: resource.keys.detail(id) }));
      return client.invalidateQueries({ queryKey: resource.keys.all });
    },
  });
}
