import { RuleRefusedError } from '../domain/errors.ts';
import { HttpProblem } from '../http/problem.ts';
import { ruleDetail } from '../http/rule-detail.ts';
import type { Deps, HandlersOf } from '../http/types.ts';
import { reimbursementService as service, reimbursementWorkflow } from '../workflow/reimbursement/service.ts';
import { auditPartRead, requestActor, requireCatalogReason, requireEventPermission, versionedEvent } from './workflow-actor.ts';

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

export function reimbursementHandlers({ db, today }: Deps): HandlersOf<Operation> {
  return {
    async listReimbursements(request) {
      const { items, total, totalIsLowerBound } = await service.list(db, request.query, requestActor(request), today());
      return { status: 200, body: { items, total, totalIsLowerBound, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async createReimbursement(request) {
      const user = requestActor(request);
      const key = request.header('idempotency-key')?.trim() || null;
      const { row, replayed } = await service.createOnce(db, request.body, user, today(), key);
      const body = await service.present(db, row, user, today());
      return replayed ? { status: 200, body } : { status: 201, body, headers: { Location: `/api/reimbursements/${row.id}` } };
    },

    async getReimbursement(request) {
      const body = await service.get(db, request.params.id, requestActor(request), today());
      return { status: 200, body, headers: { ETag: `"${body.version}"` } };
    },

    async updateReimbursement(request) {
      const user = requestActor(request);
      const updated = await db.transaction((tx) => service.update(tx, request.params.id, request.body, user, today())).catch((error: unknown) => {
        // Someone else's draft is not theirs to change: a question of rights (403), not of the claim's state.
        if (error instanceof RuleRefusedError && error.rule === EDITOR_NOT_ALLOWED) throw new HttpProblem(403, EDITOR_NOT_ALLOWED, ruleDetail(EDITOR_NOT_ALLOWED), error.errors);
        throw error;
      });
      return { status: 200, body: await service.present(db, updated, user, today()) };
    },

    async sendReimbursementEvent(request) {
      const user = requestActor(request);
      const { event, version } = versionedEvent<typeof reimbursementWorkflow.machine>(request);
      await requireEventPermission(db, reimbursementWorkflow.machine, 'reimbursement', event.type, request);
      if (event.type === 'REJECT') await requireCatalogReason(db, event.reasonCode);
      if (event.type === 'APPROVE') for (const line of event.lines ?? []) if (line.decision === 'REJECT') await requireCatalogReason(db, line.reasonCode);
      const updated = await db.transaction((tx) => service.send(tx, request.params.id, event, { actor: user, today: today(), version }));
      return { status: 200, body: await service.present(db, updated, user, today()) };
    },

    async getReimbursementHistory(request) {
      const items = await service.history(db, request.params.id);
      await auditPartRead(db, 'reimbursement', request, request.params.id, 'history');
      return { status: 200, body: { items } };
    },

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
