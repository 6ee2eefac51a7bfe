import type { Deps, HandlersOf } from '../../http/types.ts';
import { reimbursementService as service } from './service.ts';
import { requestActor } from '../shared/workflow-actor.ts';

/** The reviewers the caller can assign a reimbursement to. */
export function reimbursementAssigneeHandlers({ db }: Deps): HandlersOf<'listReimbursementAssignees'> {
  return {
    async listReimbursementAssignees(request) {
      return { status: 200, body: { items: await service.assignees(db, request.params.id, requestActor(request)) } };
    },
  };
}
