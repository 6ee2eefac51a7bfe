import type { components } from '../../../openapi/schema';
import type { Presented } from '../shared/define-workflow.ts';
import { estimatedBenefitOf } from './estimate.ts';
import type { PlanContext } from './facts.ts';
import type { InstallmentRow, PlanRow } from './repository.ts';

const presentInstallment = (i: InstallmentRow): components['schemas']['OrthodonticInstallment'] => ({
  id: i.id,
  number: i.number,
  dueDate: i.due_date,
  billableCents: i.billable_cents,
  benefitCents: i.benefit_cents,
  state: i.state,
  reason: i.reason,
  reimbursementId: i.reimbursement_id,
  draftReimbursementId: i.draft_reimbursement_id ?? null,
  reimbursementFolio: i.reimbursement_folio ?? i.draft_reimbursement_folio ?? null,
  paidCents: i.state === 'paid' ? i.paid_cents : null,
  version: i.version,
});

/** The plan as the API returns it; `withInstallments` adds its schedule (the list leaves it out). */
export function presentPlan(row: PlanRow, allowedEvents: string[], context: PlanContext, today: string, withInstallments: boolean): Presented<components['schemas']['OrthodonticPlan']> {
  const { rules, remainingCents } = context.lifetime;
  return {
    id: row.id,
    patientId: row.patient_id,
    patientName: row.patient_name,
    policyId: row.policy_id,
    insurerId: row.insurer_id,
    insurerName: row.insurer_name,
    currency: row.currency,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    preauthorizationId: row.preauthorization_id,
    preauthorizationFolio: row.preauthorization_folio,
    authorizationNumber: row.authorization_number,
    treatmentCode: row.treatment_code,
    feeCents: row.fee_cents,
    months: row.months,
    initialPercent: row.initial_percent,
    frequency: row.frequency,
    firstDelayDays: row.first_delay_days,
    coveragePercent: rules.coveragePercent.ORTHODONTIC,
    lifetimeMaximumCents: rules.orthodontic.lifetimeMaximumCents,
    lifetimeRemainingCents: remainingCents,
    estimatedBenefitCents: estimatedBenefitOf(row, context, today),
    paidBenefitCents: context.paidBenefitCents,
    bandingDate: row.banding_date,
    debondDate: row.debond_date,
    state: row.state,
    reason: row.reason,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at ? new Date(row.approved_at).toISOString() : null,
    ...(withInstallments ? { installments: context.installments.map(presentInstallment) } : {}),
    allowedEvents,
    createdBy: row.created_by,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
