import { sql, type SqlBool } from 'kysely';
import { hashPassword, newToken } from '../auth/passwords.ts';
import { mailResetLink } from '../auth/reset-mail.ts';
import { loadUsers, publicUser } from '../auth/sessions.ts';
import type { Queryable } from '../db/database.ts';
import { BusinessRuleError, StaleVersionError } from '../errors.ts';
import { actor, type Deps, type HandlersOf, type TypedRequest } from '../http/types.ts';
import { audit, findRow, resourceHandlers, type Resource } from '../http/define-resource.ts';

export const ADMINISTRATOR = 'administrator';

export const users: Resource = {
  entity: 'user',
  table: 'users',
  path: '/api/users',
  fields: { name: 'name', email: 'email', locale: 'locale' },
  write: { name: (v) => String(v).trim(), email: (v) => String(v).trim().toLowerCase() },
  sortable: { name: sql`lower(name)`, email: sql`lower(email)`, createdAt: 'created_at', updatedAt: 'updated_at' },
  searchable: ['name', 'email'],
  filters: {
    role: (code: string) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = users.id AND r.code = ${code})`,
    status: (status: 'active' | 'inactive' | 'locked') =>
      status === 'inactive'
        ? sql<SqlBool>`NOT active`
        : status === 'locked'
          ? sql<SqlBool>`locked_until > now()`
          : sql<SqlBool>`active AND (locked_until IS NULL OR locked_until <= now())`,
  },
  present: (db, rows) => presentUsers(db, rows.map((row) => row.id)),
  auditDetail: (row) => ({ email: row.email }),
};

/** The users as the users API gives them: the session's view of each plus the insurers whose staff they are. */
async function presentUsers(db: Queryable, ids: number[]) {
  const memberships = ids.length
    ? await db.kysely.selectFrom('user_insurers').select(['user_id', 'insurer_id']).where('user_id', 'in', ids).orderBy('insurer_id').execute()
    : [];
  return (await loadUsers(db, ids)).map((user) => ({
    ...publicUser(user),
    insurerIds: memberships.filter((m) => m.user_id === user.id).map((m) => m.insurer_id),
  }));
}

/** Makes the user one of exactly these insurers' staff; an id that names no insurer is said on its field. */
async function setInsurers(tx: Queryable, userId: number, insurerIds: number[]) {
  const known = insurerIds.length ? await tx.kysely.selectFrom('insurers').select('id').where('id', 'in', insurerIds).execute() : [];
  const unknown = insurerIds.filter((id) => !known.some((insurer) => insurer.id === id));
  if (unknown.length) {
    throw new BusinessRuleError(
      'user.unknownInsurer',
      `No insurer has the id ${unknown.join(', ')}.`,
      unknown.map((id) => ({ path: `body/insurerIds/${insurerIds.indexOf(id)}`, keyword: 'unknownInsurer', params: { id } })),
    );
  }
  await tx.kysely.deleteFrom('user_insurers').where('user_id', '=', userId).execute();
  if (insurerIds.length) await tx.kysely.insertInto('user_insurers').values(insurerIds.map((insurerId) => ({ user_id: userId, insurer_id: insurerId }))).execute();
}

type UserOperations = 'createUser' | 'updateUser' | 'deactivateUser' | 'reactivateUser' | 'unlockUser';

/** Role codes → ids; a code that names no role is the client's mistake, said on its field. */
async function roleIds(tx: Queryable, codes: string[]): Promise<number[]> {
  const roles = codes.length ? await tx.kysely.selectFrom('roles').select(['id', 'code']).where('code', 'in', codes).execute() : [];
  const unknown = codes.filter((code) => !roles.some((role) => role.code === code));
  if (unknown.length) {
    throw new BusinessRuleError(
      'user.unknownRole',
      `No role has the code ${unknown.join(', ')}.`,
      unknown.map((code) => ({ path: `body/roles/${codes.indexOf(code)}`, keyword: 'unknownRole', params: { code } })),
    );
  }
  return roles.map((role) => role.id);
}

async function setRoles(tx: Queryable, userId: number, codes: string[]) {
  const ids = await roleIds(tx, codes);
  await tx.kysely.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (ids.length) await tx.kysely.insertInto('user_roles').values(ids.map((roleId) => ({ user_id: userId, role_id: roleId }))).execute();
}

/** Other active administrators than `userId`: someone must still be able to administer the panel. */
async function otherAdministrators(tx: Queryable, userId: number): Promise<number> {
  const { count } = await tx.kysely
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .where('roles.code', '=', ADMINISTRATOR)
    .where('users.active', '=', true)
    .where('users.id', '<>', userId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function isAdministrator(tx: Queryable, userId: number) {
  const [user] = await loadUsers(tx, [userId]);
  return user.roles.includes(ADMINISTRATOR);
}

/** An administrator cannot take away their own administrator role, nor leave the panel without one. */
async function keepAnAdministrator(tx: Queryable, request: TypedRequest<'updateUser'>) {
  const { id } = request.params;
  if (request.body.roles.includes(ADMINISTRATOR) || !(await isAdministrator(tx, id))) return;
  if (id === actor(request).id) {
    throw new BusinessRuleError('user.ownAdministratorRole', 'You cannot remove your own administrator role.', [{ path: 'body/roles', keyword: 'ownAdministratorRole' }]);
  }
  if ((await otherAdministrators(tx, id)) === 0) {
    throw new BusinessRuleError('user.lastAdministrator', 'The panel needs at least one active administrator.', [{ path: 'body/roles', keyword: 'lastAdministrator' }]);
  }
}

export function userHandlers(deps: Deps): HandlersOf<'listUsers' | 'getUser' | UserOperations> {
  const { db, sessions, config } = deps;
  const presentOne = async (tx: Queryable, id: number) => (await presentUsers(tx, [id]))[0]!;
  const etag = (version: number) => ({ ETag: `"${version}"` });

  /** Locks the row, checks nothing else is needed, changes it, bumps its version and writes the audit row. */
  const change = (request: TypedRequest<'deactivateUser' | 'reactivateUser' | 'unlockUser'>, set: Record<string, unknown>, before?: (tx: Queryable) => Promise<void>) =>
    db.transaction(async (tx) => {
      const row = await findRow(users, tx, request.params.id, true);
      await before?.(tx);
      await tx.kysely
        .updateTable('users')
        .set({ ...set, version: sql`version + 1`, updated_at: sql`now()` })
        .where('id', '=', row.id)
        .execute();
      await audit(tx, request, 'user', 'UPDATE', row.id, set);
      return presentOne(tx, row.id);
    });

  return {
    ...resourceHandlers(users, { list: 'listUsers', get: 'getUser' }, deps),

    async createUser(request) {
      const { name, email, locale, roles, insurerIds, password } = request.body;
      // An invited user has no password anyone knows until they follow the mailed link.
      const passwordHash = await hashPassword(password ?? newToken());
      const user = await db.transaction(async (tx) => {
        const created = await tx.kysely
          .insertInto('users')
          .values({ name: name.trim(), email: email.trim().toLowerCase(), locale, password_hash: passwordHash, must_change_password: password !== undefined })
          .returning(['id', 'email'])
          .executeTakeFirstOrThrow();
        await setRoles(tx, created.id, roles);
        if (insurerIds) await setInsurers(tx, created.id, insurerIds);
        if (!password) await mailResetLink(tx, created, config.publicUrl, 7 * 24 * 60);
        await audit(tx, request, 'user', 'CREATE', created.id, { email: created.email, roles, insurerIds: insurerIds ?? [], invited: !password });
        return presentOne(tx, created.id);
      });
      return { status: 201, body: user, headers: { ...etag(user.version), Location: `/api/users/${user.id}` } };
    },

    async updateUser(request) {
      const { version, name, email, locale, roles, insurerIds } = request.body;
      const user = await db.transaction(async (tx) => {
        const row = await findRow(users, tx, request.params.id, true);
        await keepAnAdministrator(tx, request);
        const updated = await tx.kysely
          .updateTable('users')
          .set({ name: name.trim(), email: email.trim().toLowerCase(), locale, version: sql`version + 1`, updated_at: sql`now()` })
          .where('id', '=', row.id)
          .where('version', '=', version)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw new StaleVersionError('user', row.version);
        await setRoles(tx, row.id, roles);
        if (insurerIds) await setInsurers(tx, row.id, insurerIds);
        await audit(tx, request, 'user', 'UPDATE', row.id, { version: version + 1, roles, ...(insurerIds ? { insurerIds } : {}) });
        return presentOne(tx, row.id);
      });
      return { status: 200, body: user, headers: etag(user.version) };
    },

    async deactivateUser(request) {
      const { id } = request.params;
      const user = await change(request, { active: false }, async (tx) => {
        if (id === actor(request).id) throw new BusinessRuleError('user.selfDeactivation', 'You cannot deactivate your own account.');
        if ((await isAdministrator(tx, id)) && (await otherAdministrators(tx, id)) === 0) {
          throw new BusinessRuleError('user.lastAdministrator', 'The panel needs at least one active administrator.');
        }
        // Signed out at once, not at the session's next expiry.
        await sessions.revokeAll(tx, id);
      });
      return { status: 200, body: user, headers: etag(user.version) };
    },

    async reactivateUser(request) {
      const user = await change(request, { active: true });
      return { status: 200, body: user, headers: etag(user.version) };
    },

    async unlockUser(request) {
      const user = await change(request, { failed_attempts: 0, locked_until: null });
      return { status: 200, body: user, headers: etag(user.version) };
    },
  };
}
