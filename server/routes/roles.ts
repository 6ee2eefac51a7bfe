import { appendAudit } from '../audit.ts';
import { notFound } from '../http/problem.ts';
import { actor, type Deps, type Handlers, type OperationRequest } from '../http/types.ts';

const ROLE_QUERY = `SELECT r.id, r.code, r.system,
  coalesce(array_agg(rp.permission ORDER BY rp.permission) FILTER (WHERE rp.permission IS NOT NULL), '{}') AS permissions
  FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id`;

export function roleHandlers({ db }: Deps): Handlers {
  const audit = (request: OperationRequest, action: 'LIST' | 'VIEW', entityId?: number) =>
    db.transaction((tx) => appendAudit(tx, { userId: actor(request).id, action, entityType: 'role', entityId, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent }));
  return {
    async listRoles(request) {
      const items = await db.query(`${ROLE_QUERY} GROUP BY r.id ORDER BY r.id`);
      await audit(request, 'LIST');
      return { status: 200, body: { items } };
    },
    async getRole(request) {
      const [role] = await db.query<{ id: number }>(`${ROLE_QUERY} WHERE r.id = $1 GROUP BY r.id`, [request.params.id]);
      if (!role) throw notFound('role');
      await audit(request, 'VIEW', role.id);
      return { status: 200, body: role };
    },
  };
}
