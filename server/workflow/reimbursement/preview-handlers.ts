import type { Deps, HandlersOf } from '../../http/types.ts';
import { reimbursementService as service } from './service.ts';
import { auditPartRead } from '../shared/workflow-actor.ts';

/** The live liquidation preview before a reimbursement's first save, keyed by its verification (an audited read). */
export function reimbursementPreviewHandlers({ db, today }: Deps): HandlersOf<'previewLiquidationForVerification'> {
  return {
    async previewLiquidationForVerification(request) {
      const liquidation = await service.previewUnsaved(db, request.params.id, request.body, today());
      await auditPartRead(db, 'verification', request, request.params.id, 'liquidationPreview');
      return { status: 200, body: liquidation };
    },
  };
}
