import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';
import { fetchRolePage, type Role } from '../../api/roles.ts';

export type { Role } from '../../api/roles.ts';
type RoleInput = Omit<Schemas['RoleUpdate'], 'version'>;

/** Roles: seeded, so none is created or deleted here; all on one page (the operation has no paging). */
export const roles = defineResource<Role, RoleInput, object>('roles', {
  list: fetchRolePage,
  get: (id) => call(api.GET('/api/roles/{id}', { params: { path: { id } } })),
  update: (id, body) => call(api.PUT('/api/roles/{id}', { params: { path: { id } }, body })),
});
