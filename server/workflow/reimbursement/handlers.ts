import { RuleRefusedError } from '../../errors.ts';
import { HttpProblem } from '../../http/problem.ts';
import { ruleDetail } from '../../http/rule-detail.ts';
import { bodyFingerprint } from '../../http/fingerprint.ts';
import type { Deps, HandlersOf } from '../../http/types.ts';
import { reimbursementService as service, reimbursementWorkflow } from './service.ts';
import { auditPartRead, requestActor, requireCatalogReason, requireEventPermission } from '../shared/workflow-actor.ts';
import { workflowHandlers } from '../shared/workflow-handlers.ts';

type Operation =
  | 'listReimbursements'
  | 'createReimbursement'
  | 'getReimbursement'
  | 'updateReimbursement'
  | 'sendReimbursementEvent'
  | 'getReimbursementHistory'
  | 'previewLiquidation'
  | 'previewLiquidationOfLines';

const EDITOR_NOT_ALLOWED = 'reimbursement.editorNotAllowed';

export function reimbursementHandlers(deps: Deps): HandlersOf<Operation> {
  const { db, today } = deps;
  const record = workflowHandlers(deps, service, {
    machine: reimbursementWorkflow.machine,
    entity: 'reimbursement',
    path: '/api/reimbursements',
    async beforeEvent(event, request) {
      await requireEventPermission(db, reimbursementWorkflow.machine, 'reimbursement', event.type, request);
      if (event.type === 'REJECT') await requireCatalogReason(db, event.reasonCode);
      if (event.type === 'APPROVE') for (const line of event.lines ?? []) if (line.decision === 'REJECT') await requireCatalogReason(db, line.reasonCode);
    },
  });
  return {
    listReimbursements: record.list,
    getReimbursement: record.get,
    sendReimbursementEvent: record.send,
    getReimbursementHistory: record.history,

    async createReimbursement(request) {
      const key = request.header('idempotency-key')?.trim() || null;
      const user = requestActor(request);
      const idempotency = key ? { key, fingerprint: bodyFingerprint(request.body) } : null;
      const { row, replayed } = await service.createOnce(db, request.body, user, today(), idempotency);
      const { body, headers } = await record.presented(row, user);
      return replayed ? { status: 200, body, headers } : { status: 201, body, headers: { ...headers, Location: `/api/reimbursements/${row.id}` } };
    },

    updateReimbursement: (request) =>
      record.update(request).catch((error: unknown) => {
        // Someone else's draft is not theirs to change: a question of rights (403), not of the claim's state.
        if (error instanceof RuleRefusedError && error.rule === EDITOR_NOT_ALLOWED) throw new HttpProblem(403, EDITOR_NOT_ALLOWED, ruleDetail(EDITOR_NOT_ALLOWED), error.errors);
        throw error;
      }),

    async previewLiquidation(request) {
      const liquidation = await service.previewLiquidation(db, request.params.id, requestActor(request), today());
      await auditPartRead(db, 'reimbursement', request, request.params.id, 'liquidation');
      return { status: 200, body: liquidation };
    },

    async previewLiquidationOfLines(request) {
      const liquidation = await service.previewLines(db, request.params.id, request.body, today());
      await auditPartRead(db, 'reimbursement', request, request.params.id, 'liquidationPreview');
      return { status: 200, body: liquidation };
    },
  };
}
