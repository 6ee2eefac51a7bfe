import type { Updateable } from 'kysely';
import type { orthodonticInstallmentMachine } from '@core/workflows/orthodontic-installment.machine.ts';
import type { DB } from '../../db/database.ts';
import type { Effects } from '../shared/define-workflow.ts';
import type { InstallmentContext } from './facts.ts';
import type { InstallmentRecord } from './repository.ts';

type Changes = Updateable<DB['orthodontic_installments']>;

/** What the instalment machine's named actions mean for the instalment's row. */
export const installmentEffects: Effects<typeof orthodonticInstallmentMachine, InstallmentRecord, InstallmentContext, Changes> = {
  recordSkipReason({ event, context: { outcome }, changes }) {
    changes.reason = event.type === 'SKIP' ? event.reason.trim() : outcome.status === 'SKIPPED' ? outcome.reason : null;
    changes.benefit_cents = 0;
  },
  linkReimbursement({ cause, changes }) {
    if (typeof cause?.reimbursementId !== 'number') throw new Error('An instalment is claimed by a reimbursement, which the claim must name');
    changes.reimbursement_id = cause.reimbursementId;
  },
  // The benefit paid is the linked reimbursement's paid amount, and the plan's lifetime check is the
  // scheduler's daily job: nothing to store on the instalment beyond its new state.
  recordBenefitPaid() {},
};

/** A due instalment that becomes claimable gets the benefit the engine computed for it. */
export function claimableBenefit({ next, context: { outcome }, changes }: { next: string; context: InstallmentContext; changes: Changes }) {
  if (next === 'claimable' && outcome.status === 'CLAIMABLE') changes.benefit_cents = outcome.benefitCents;
}
