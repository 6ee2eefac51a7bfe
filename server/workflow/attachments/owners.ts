import type { AnyStateMachine } from 'xstate';
import { orthodonticPlanMachine } from '@core/workflows/orthodontic-plan.machine.ts';
import { reimbursementMachine } from '@core/workflows/reimbursement.machine.ts';
import { verificationMachine } from '@core/workflows/verification.machine.ts';
import { ACCEPTS_DOCUMENTS, stateHasTag } from '@core/workflows/workflow.ts';
import type { Owner } from './repository.ts';

/**
 * An attachment belongs to its owner: it is listed, read and added only with the right to read the
 * owner (the permission of the owner's GET operation), and added only while the owner's statechart
 * is in a state tagged ACCEPTS_DOCUMENTS.
 */
export const OWNERS: Record<Owner, { readOperation: string; machine: AnyStateMachine }> = {
  verification: { readOperation: 'getVerification', machine: verificationMachine },
  reimbursement: { readOperation: 'getReimbursement', machine: reimbursementMachine },
  orthodontic_plan: { readOperation: 'getOrthodonticPlan', machine: orthodonticPlanMachine },
};

export const acceptsDocuments = (owner: Owner, state: string) => stateHasTag(OWNERS[owner].machine, state, ACCEPTS_DOCUMENTS);
