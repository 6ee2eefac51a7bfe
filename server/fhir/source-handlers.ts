import type { Deps, HandlersOf } from '../http/types.ts';
import { NotFoundError } from '../errors.ts';
import { auditPartRead } from '../workflow/shared/workflow-actor.ts';

const TABLES = { reimbursement: 'reimbursements', verification: 'verifications' } as const;

/** The resource a record was made from, for the panel's viewer: read only when asked, never with the record's lists. */
export function sourceHandlers(deps: Deps): HandlersOf<'getReimbursementSource' | 'getVerificationSource'> {
  const read = async (entity: keyof typeof TABLES, id: number) => {
    const [row] = await deps.db.query<{ client_name: string | null; source_resource: Record<string, unknown> | null }>(
      `SELECT c.name AS client_name, t.source_resource FROM ${TABLES[entity]} t LEFT JOIN integration_clients c ON c.id = t.integration_client_id WHERE t.id = $1`,
      [id],
    );
    if (!row) throw new NotFoundError(entity);
    if (!row.client_name || !row.source_resource) throw new NotFoundError(`${entity}Source`);
    return { clientName: row.client_name, resource: row.source_resource };
  };
  return {
    async getReimbursementSource(request) {
      const body = await read('reimbursement', request.params.id);
      await auditPartRead(deps.db, 'reimbursement', request, request.params.id, 'source');
      return { status: 200, body };
    },
    async getVerificationSource(request) {
      const body = await read('verification', request.params.id);
      await auditPartRead(deps.db, 'verification', request, request.params.id, 'source');
      return { status: 200, body };
    },
  };
}
