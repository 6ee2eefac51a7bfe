import { sql } from 'kysely';
import type { Queryable } from '../db/database.ts';
import { BusinessRuleError, NotFoundError, StaleVersionError } from '../errors.ts';
import { HttpProblem } from '../http/problem.ts';
import { declaredPermissions } from '../http/permissions.ts';
import type { Deps, HandlersOf } from '../http/types.ts';
import { audit, findRow, type Resource } from '../http/define-resource.ts';
import { ADMINISTRATOR } from '../users/handlers.ts';

const roles: Pick<Resource, 'entity' | 'table'> = { entity: 'role', table: 'roles' };

/** Without these the administrator role could lock every administrator out of users and roles. */
const ADMINISTRATOR_KEEPS = ['roles:read', 'roles:update', 'users:read', 'users:update'];

async function loadRoles(db: Queryable, id?: number) {
  let query = db.kysely
    .selectFrom('roles as r')
    .select((eb) => [
      'r.id',
      'r.version',
      'r.code',
      'r.system',
      eb
        .selectFrom('role_permissions as rp')
        .whereRef('rp.role_id', '=', 'r.id')
        .select(sql<string[]>`coalesce(array_agg(rp.permission ORDER BY rp.permission), '{}')`.as('p'))
        .as('permissions'),
      eb.selectFrom('user_roles as ur').whereRef('ur.role_id', '=', 'r.id').select((e) => e.fn.countAll<number>().as('n')).as('userCount'),
    ])
    .orderBy('r.id');
  if (id !== undefined) query = query.where('r.id', '=', id);
  return (await query.execute()).map((role) => ({ ...role, permissions: role.permissions ?? [], userCount: Number(role.userCount ?? 0) }));
}

export function roleHandlers({ db }: Deps): HandlersOf<'listRoles' | 'getRole' | 'updateRole'> {
  const one = async (tx: Queryable, id: number) => {
    const [role] = await loadRoles(tx, id);
    if (!role) throw new NotFoundError('role');
    return role;
  };
  return {
    async listRoles(request) {
      const items = await loadRoles(db);
      await db.transaction((tx) => audit(tx, request, 'role', 'LIST'));
      return { status: 200, body: { items } };
    },

    async getRole(request) {
      const role = await one(db, request.params.id);
      await db.transaction((tx) => audit(tx, request, 'role', 'VIEW', role.id));
      return { status: 200, body: role, headers: { ETag: `"${role.version}"` } };
    },

    async updateRole(request) {
      const { version, permissions } = request.body;
      const known = declaredPermissions();
      const unknown = permissions.flatMap((p, i) => (known.has(p) ? [] : [{ path: `body/permissions/${i}`, keyword: 'enum', params: { permission: p } }]));
      if (unknown.length) throw new HttpProblem(400, 'request.invalid', `No operation of the contract needs ${unknown.map((u) => u.params.permission).join(', ')}.`, unknown);
      const role = await db.transaction(async (tx) => {
        const row = await findRow(roles as Resource, tx, request.params.id, true);
        if (row.version !== version) throw new StaleVersionError('role', row.version);
        const missing = ADMINISTRATOR_KEEPS.filter((p) => !permissions.includes(p));
        if (row.code === ADMINISTRATOR && missing.length) {
          throw new BusinessRuleError('role.administratorLockout', `The administrator role keeps ${missing.join(', ')}.`, [
            { path: 'body/permissions', keyword: 'administratorLockout', params: { missing } },
          ]);
        }
        await tx.kysely.deleteFrom('role_permissions').where('role_id', '=', row.id).execute();
        if (permissions.length) await tx.kysely.insertInto('role_permissions').values(permissions.map((permission) => ({ role_id: row.id, permission }))).execute();
        await tx.kysely.updateTable('roles').set({ version: sql`version + 1` }).where('id', '=', row.id).execute();
        await audit(tx, request, 'role', 'UPDATE', row.id, { version: version + 1, permissions });
        return one(tx, row.id);
      });
      return { status: 200, body: role, headers: { ETag: `"${role.version}"` } };
    },
  };
}
