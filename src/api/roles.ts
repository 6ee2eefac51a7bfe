import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type Role = Schemas['Role'];

/** The roles' keys: the roles area and the users area's role pickers share the cache. */
export const roleKeys = queryKeys('roles');

/** Every role (the operation has no paging) in the page shape every list shares. */
export async function fetchRolePage() {
  const { items } = await call(api.GET('/api/roles'));
  return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
}

/** All roles, for pickers and filters that offer role codes. */
export const allRolesQuery = () => queryOptions({ queryKey: roleKeys.list({ all: true }), queryFn: fetchRolePage, staleTime: 60_000 });
