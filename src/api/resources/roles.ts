import { api, call, type Schemas } from '../client.ts';
import { defineResource } from './define-resource.ts';

export type Role = Schemas['Role'];
type RoleInput = Omit<Schemas['RoleUpdate'], 'version'>;

/** Every role (the operation has no paging) in the page shape every list shares. */
async function fetchRolePage() {
  const { items } = await call(api.GET('/api/roles'));
  return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
}

/** Roles: seeded, so none is created or deleted here; all on one page. The roles area and the users area's pickers share the cache. */
export const roles = defineResource<Role, RoleInput, object>('roles', {
  list: fetchRolePage,
  get: (id) => call(api.GET('/api/roles/{id}', { params: { path: { id } } })),
  update: (id, body) => call(api.PUT('/api/roles/{id}', { params: { path: { id } }, body })),
});

/** All roles, for pickers and filters that offer role codes. */
export const allRolesQuery = () => ({ ...roles.listQuery({ all: true }), staleTime: 60_000 });
