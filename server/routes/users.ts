import { appendAudit } from '../audit.ts';
import { loadUser, loadUsers, publicUser } from '../auth/sessions.ts';
import { notFound } from '../http/problem.ts';
import { actor, type Deps, type Handlers } from '../http/types.ts';
import { likePattern, orderBy, pageWindow } from './listing.ts';

const SORTABLE = { name: 'lower(u.name)', email: 'lower(u.email)', createdAt: 'u.created_at' };

export function userHandlers({ db }: Deps): Handlers {
  return {
    async listUsers(request) {
      const { q, sort } = request.query;
      const { limit, offset } = pageWindow(request.query as { page: number; pageSize: number });
      const where = q ? `WHERE u.name ILIKE $1 OR u.email ILIKE $1` : '';
      const params = q ? [likePattern(q)] : [];
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where}`, params);
      const ids = await db.query<{ id: number }>(
        `SELECT u.id FROM users u ${where} ${orderBy(sort, SORTABLE, 'u.id')} LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      const items = (await loadUsers(db, ids.map((row) => row.id))).map(publicUser);
      await db.transaction((tx) => appendAudit(tx, { userId: actor(request).id, action: 'LIST', entityType: 'user', result: 'ALLOWED', ip: request.ip, detail: { q: q ?? null } }));
      return { status: 200, body: { items, total, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async getUser(request) {
      const user = await loadUser(db, request.params.id);
      if (!user) throw notFound('user');
      await db.transaction((tx) => appendAudit(tx, { userId: actor(request).id, action: 'VIEW', entityType: 'user', entityId: user.id, result: 'ALLOWED', ip: request.ip }));
      return { status: 200, body: publicUser(user) };
    },
  };
}
