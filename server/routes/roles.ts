import { notFound } from '../http/problem.ts';
import type { Deps, Handlers } from '../http/types.ts';

const ROLE_QUERY = `SELECT r.id, r.code, r.system,
  coalesce(array_agg(rp.permission ORDER BY rp.permission) FILTER (WHERE rp.permission IS NOT NULL), '{}') AS permissions
  FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id`;

export function roleHandlers({ db }: Deps): Handlers {
  return {
    async listRoles() {
      const items = await db.query(`${ROLE_QUERY} GROUP BY r.id ORDER BY r.id`);
      return { status: 200, body: { items } };
    },
    async getRole({ params }) {
      const [role] = await db.query(`${ROLE_QUERY} WHERE r.id = $1 GROUP BY r.id`, [params.id]);
      if (!role) throw notFound('role');
      return { status: 200, body: role };
    },
  };
}
