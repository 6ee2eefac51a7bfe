import type { Updateable } from 'kysely';
import { addDays, benefitYearStart } from '@core/benefits/dates.ts';
import type { Liquidation } from '@core/benefits/liquidate.ts';
import { INCOMPLETE_DOCUMENTATION_REASON, type reimbursementMachine } from '@core/workflows/reimbursement.machine.ts';
import type { OrthodonticInstallmentEvent } from '@core/workflows/orthodontic-installment.machine.ts';
import type { DB, Queryable } from '../../db/database.ts';
import { installmentWorkflow } from '../orthodontic/installment-workflow.ts';
import type { Actor } from '../shared/actor.ts';
import type { Effects } from '../shared/define-workflow.ts';
import { activeUserExists } from '../verification/repository.ts';
import { BusinessRuleError } from '../../errors.ts';
import type { ReimbursementContext } from './facts.ts';
import { storedReview } from './medical-review.ts';
import { holdInLedger, releaseFromLedger, replaceLines, storeLineDecisions, storeLiquidation, type LedgerEntry, type ReimbursementRow } from './repository.ts';

type Changes = Updateable<DB['reimbursements']>;
interface InstallmentMove {
  tx: Queryable;
  row: ReimbursementRow;
  actor: Actor;
  today: string;
}

/** Drives the reimbursement's instalment through the instalment statechart (orthodontic reimbursements). */
async function moveInstallment({ tx, row, actor, today }: InstallmentMove, event: OrthodonticInstallmentEvent) {
  if (!row.installment_id) return;
  await installmentWorkflow.send(tx, row.installment_id, event, { actor, today, cause: { reimbursementId: row.id } });
}

/** What a liquidation uses of the patient's benefits, per benefit year: deductible, annual maximum (and a category's own) or orthodontic lifetime. */
function ledgerEntries(row: ReimbursementRow, liquidation: Liquidation): LedgerEntry[] {
  const totals = new Map<string, number>();
  const add = (kind: string, year: string, cents: number) => cents > 0 && totals.set(`${kind}|${year}`, (totals.get(`${kind}|${year}`) ?? 0) + cents);
  for (const l of liquidation.lines) {
    if (l.status !== 'APPROVED') continue;
    const year = l.benefitYearStart ?? benefitYearStart(row.benefit_year, row.starts_on, row.submitted_on ?? row.starts_on);
    // A category with its own deductible counts it on its own counter, apart from the general one.
    add(l.categoryDeductible && l.category ? `DEDUCTIBLE_${l.category}` : 'DEDUCTIBLE', year, l.deductibleCents);
    add(row.kind === 'ORTHODONTIC' ? 'ORTHO_LIFETIME' : 'ANNUAL_MAXIMUM', year, l.coveredCents);
    // Every general line's category use, whether or not a category maximum is set today: one added or changed
    // later in the year counts what the category already used.
    if (l.category && l.category !== 'ORTHODONTIC' && row.kind !== 'ORTHODONTIC') add(`CATEGORY_${l.category}`, year, l.coveredCents);
  }
  return [...totals].map(([key, cents]) => {
    const [kind, year] = key.split('|');
    return { patient_id: row.patient_id, policy_id: row.policy_id, benefit_year_start: year, kind, amount_cents: cents, reimbursement_id: row.id };
  });
}

/** What the reimbursement machine's named actions mean for the reimbursement, its lines, the ledger and its instalment. */
export const reimbursementEffects: Effects<typeof reimbursementMachine, ReimbursementRow, ReimbursementContext, Changes> = {
  stampSubmittedAt({ today, changes }) {
    changes.submitted_on = today;
  },
  async recordEdit({ tx, row, event, changes }) {
    if (event.type !== 'EDIT') return;
    const { doctorId, payee, invoiceNumber, invoiceDate, invoicePaid, lines } = event.changes;
    changes.doctor_id = doctorId;
    if (payee) changes.payee = payee;
    changes.invoice_number = invoiceNumber?.trim() || null;
    changes.invoice_date = invoiceDate ?? null;
    changes.invoice_paid = invoicePaid ?? false;
    await replaceLines(tx, row.id, lines);
  },
  async recordAssignee({ tx, event, changes }) {
    if (event.type !== 'ASSIGN') return;
    if (!(await activeUserExists(tx, event.assigneeId))) {
      throw new BusinessRuleError('reimbursement.assigneeUnknown', 'No such active user.', [{ path: 'body/assigneeId', keyword: 'exists' }]);
    }
    changes.assignee_id = event.assigneeId;
    changes.assigned_at = new Date();
  },
  requestMissingDocuments({ context, changes }) {
    changes.requested_documents = [...new Set(context.missingDocuments)];
  },
  claimInstallment: (args) => moveInstallment(args, { type: 'CLAIM' }),
  recordRequestedDocuments({ event, changes }) {
    if (event.type === 'REQUEST_DOCUMENTS' || event.type === 'COMPLETE_MEDICAL_REVIEW') changes.requested_documents = [...new Set(event.documents ?? [])];
  },
  startCurePeriod({ row, today, changes }) {
    changes.cure_deadline = addDays(today, row.cure_days);
  },
  clearCurePeriod({ changes }) {
    changes.cure_deadline = null;
    changes.requested_documents = [];
  },
  async recordMedicalReview({ tx, row, event, actor, context, changes }) {
    if (event.type !== 'COMPLETE_MEDICAL_REVIEW') return;
    changes.medical_review = JSON.stringify(await storedReview(tx, row.id, event, actor.id!));
    // The lines show the review's cut at once (their decision and what they pay), not only once approved.
    await storeLineDecisions(tx, row.id, context.decisions);
    await storeLiquidation(tx, row.id, context.liquidation);
    changes.medical_reviewed_by = actor.id;
    changes.medical_reviewed_at = new Date();
  },
  // Asking for documents is a review too, kept and shown, but the claim comes back to the auditor with them.
  async recordMedicalReviewRequest({ tx, row, event, actor, changes }) {
    if (event.type === 'COMPLETE_MEDICAL_REVIEW') changes.medical_review = JSON.stringify(await storedReview(tx, row.id, event, actor.id!));
  },
  async recordApproval({ tx, row, actor, context, changes }) {
    changes.approved_by = actor.id;
    await storeLineDecisions(tx, row.id, context.decisions);
    await storeLiquidation(tx, row.id, context.liquidation);
  },
  // Approved but unpaid amounts count when later claims are liquidated.
  reserveBenefits: ({ tx, row, context }) => holdInLedger(tx, row.id, ledgerEntries(row, context.liquidation), 'RESERVED'),
  releaseReservation: ({ tx, row }) => releaseFromLedger(tx, row.id),
  async recordRecalculation({ tx, row, context, changes }) {
    changes.approved_by = null;
    // Back in review the claim is decided afresh.
    await storeLineDecisions(tx, row.id, new Map());
    await storeLiquidation(tx, row.id, context.automatic);
  },
  async recordRejection({ tx, row, event, params, context: { liquidation }, changes }) {
    // A manual rejection's code comes from the catalog (its explanation stays in the history's payload).
    const code = (params?.reasonCode as string | undefined) ?? (event.type === 'REJECT' ? event.reasonCode : liquidation.lines.find((l) => l.reason)?.reason);
    changes.reason = code ?? INCOMPLETE_DOCUMENTATION_REASON;
    if (event.type === 'CHECK') await storeLiquidation(tx, row.id, liquidation);
  },
  rejectInstallment: (args) => moveInstallment(args, { type: 'REJECT' }),
  recordPayment({ event, actor, today, context: { liquidation }, changes }) {
    changes.payment_reference = event.type === 'PAY' ? event.reference.trim() : null;
    changes.paid_on = today;
    changes.paid_by = actor.id;
    // The machine pays only a liquidation that is still the approved one.
    changes.paid_cents = liquidation.totals.payableCents;
  },
  // The reservation becomes the payment (rows approved before reservations existed are posted now).
  postToLedger: ({ tx, row, context }) => holdInLedger(tx, row.id, ledgerEntries(row, context.liquidation), 'SETTLED'),
  settleInstallment: (args) => moveInstallment(args, { type: 'PAY' }),
  recordCancellation({ event, changes }) {
    if (event.type === 'CANCEL') changes.reason = event.reason.trim();
  },
};

/** The automatic check that passes a submission on to review stores its liquidation line by line (no action names it). */
export async function storeCheckedLiquidation({ tx, row, event, next, context }: { tx: Queryable; row: ReimbursementRow; event: { type: string }; next: string; context: ReimbursementContext }) {
  if (event.type === 'CHECK' && next === 'inReview') await storeLiquidation(tx, row.id, context.liquidation);
}
