import type { Liquidation } from '@core/benefits/liquidate.ts';
import type { MedicalReviewReason } from '@core/benefits/review-sampling.ts';
import { categoryOf } from '@core/benefits/procedures.ts';
import { isRejectionCode, reasonTextId } from '@core/benefits/reasons.ts';
import { mayReassign, type BlockedEvent } from '@core/workflows/workflow.ts';
import { catalogText } from '../../http/catalog-text.ts';
import type { components } from '../../../openapi/schema';
import type { Presented } from '../shared/define-workflow.ts';
import type { ReimbursementContext } from './facts.ts';
import type { ReimbursementRow } from './repository.ts';

/** The reimbursement as the API returns it, with its lines, missing documents and the events its statechart accepts now. */
const MEDICAL_REVIEW_REASON = {
  SAMPLE: 'sample',
  MAJOR_PROCEDURE: 'majorProcedure',
  ORTHODONTIC_INITIAL: 'orthodonticInitial',
  AMOUNT: 'amountAtLeastThreshold',
} as const satisfies Record<MedicalReviewReason, components['schemas']['MedicalReview']['reasons'][number]>;

/** What a reviewer's reduction or rejection took off a line: the automatic check's figure less what it pays now. */
function reviewCut(line: ReimbursementContext['lines'][number], automatic: Liquidation): number | null {
  if (line.review_decision !== 'REDUCE' && line.review_decision !== 'REJECT') return null;
  const engine = automatic.lines.find((l) => Number(l.lineId) === line.id);
  return engine ? Math.max(0, engine.coveredCents - (line.covered_cents ?? 0)) : null;
}

export const presentReimbursement = (
  row: ReimbursementRow,
  { allowedEvents, blockedEvents }: { allowedEvents: string[]; blockedEvents: BlockedEvent[] },
  { lines, missingDocuments, documentsOnFile, medicalReview, actorIsSupervisor, automatic }: ReimbursementContext,
): Presented<components['schemas']['Reimbursement']> => ({
  id: row.id,
  folio: row.folio,
  verificationId: row.verification_id,
  source: row.integration_client_name ? { clientName: row.integration_client_name } : null,
  patientId: row.patient_id,
  patientName: row.patient_name,
  policyId: row.policy_id,
  insurerId: row.insurer_id,
  insurerName: row.insurer_name,
  doctorId: row.doctor_id,
  kind: row.kind,
  orthodonticPlanId: row.orthodontic_plan_id,
  installmentId: row.installment_id,
  payee: row.payee,
  invoiceNumber: row.invoice_number,
  invoiceDate: row.invoice_date,
  invoicePaid: row.invoice_paid,
  currency: row.currency.trim(),
  claimedCents: row.claimed_cents,
  allowedCents: row.allowed_cents,
  deductibleCents: row.deductible_cents,
  payableCents: row.payable_cents,
  paidCents: row.paid_cents,
  state: row.state,
  reason: row.reason,
  submittedOn: row.submitted_on,
  cureDeadline: row.cure_deadline,
  requestedDocuments: row.requested_documents,
  missingDocuments,
  documentsOnFile,
  approvedBy: row.approved_by,
  paymentReference: row.payment_reference,
  paidOn: row.paid_on,
  createdBy: row.created_by,
  assigneeId: row.assignee_id,
  assigneeName: row.assignee_name,
  // The probe of ASSIGN names the reader; a supervisor may name anyone else too (the assignees' answer).
  reassignable: actorIsSupervisor && mayReassign({ allowedEvents, blockedEvents }),
  medicalReview: {
    selected: medicalReview.length > 0,
    reasons: medicalReview.map((r) => MEDICAL_REVIEW_REASON[r]),
    done: row.medical_reviewed_by !== null,
    reviewedBy: row.medical_reviewed_by,
    review: row.medical_review,
  },
  lines: lines.map((l) => ({
    id: l.id,
    procedureCode: l.procedure_code,
    tooth: l.tooth,
    surfaces: l.surfaces,
    serviceDate: l.service_date,
    quantity: l.quantity,
    chargedCents: l.charged_cents,
    otherInsurerPaidCents: l.other_insurer_paid_cents,
    category: l.category ?? categoryOf(l.procedure_code),
    allowedCents: l.allowed_cents,
    deductibleCents: l.deductible_cents,
    coveredCents: l.covered_cents,
    excessCents: l.excess_cents,
    status: l.status,
    reason: l.reason,
    reviewDecision: l.review_decision,
    reviewAmountCents: l.review_amount_cents,
    reviewReason: l.review_reason,
    reviewCutCents: reviewCut(l, automatic),
  })),
  allowedEvents,
  version: row.version,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The liquidation as the API shows it: line ids as numbers, reasons with their texts (the settings' when given, else the catalogs'). */
export const presentLiquidation = (liquidation: Liquidation, reasonTexts?: ReadonlyMap<string, { es: string; en: string }>): components['schemas']['Liquidation'] => ({
  status: liquidation.status,
  lines: liquidation.lines.map((l) => ({
    lineId: Number(l.lineId),
    code: l.code,
    category: l.category,
    allowedCents: l.allowedCents,
    deductibleCents: l.deductibleCents,
    coveredCents: l.coveredCents,
    excessCents: l.excessCents,
    status: l.status,
    ...(l.reason ? { reason: l.reason, reasonText: reasonTexts?.get(l.reason) ?? (isRejectionCode(l.reason) ? catalogText(reasonTextId(l.reason)) : undefined) } : {}),
  })),
  totals: {
    claimedCents: liquidation.totals.claimedCents,
    allowedCents: liquidation.totals.allowedCents,
    deductibleCents: liquidation.totals.deductibleCents,
    payableCents: liquidation.totals.payableCents,
    patientShareCents: liquidation.totals.patientShareCents,
  },
});
