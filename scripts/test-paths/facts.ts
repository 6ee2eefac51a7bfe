import type { VerificationFacts } from '../../src/machines/verification.machine.ts';
import type { ReimbursementEvent, ReimbursementFacts } from '../../src/machines/reimbursement.machine.ts';
import type { OrthodonticPlanFacts } from '../../src/machines/orthodontic-plan.machine.ts';
import type { OrthodonticInstallmentFacts } from '../../src/machines/orthodontic-installment.machine.ts';

/**
 * The facts every guard of each workflow machine accepts, shared by the test-path fixtures (./fixtures.ts) and the
 * hand-written model tests (tests/machines), which import them from here: tooling never imports tests.
 */

/** A verification every guard accepts: assigned to the actor, general, covered, validity elapsed. */
export const VERIFICATION_FACTS: VerificationFacts = {
  actorId: 7,
  assigneeId: 7,
  actorIsSupervisor: false,
  kind: 'BENEFITS',
  category: 'GENERAL',
  coverageActiveOnServiceDate: true,
  patientAgeOnServiceDate: 12,
  orthoAgeLimit: 19,
  orthoLifetimeRemainingCents: 150_000,
  annualMaximumRemainingCents: 120_000,
  hasReimbursements: false,
  today: '2025-04-01',
  validUntil: '2025-03-31',
};

/** A reimbursement every guard accepts: two approved lines, approved by someone else, under the threshold. */
export const REIMBURSEMENT_FACTS: ReimbursementFacts = {
  actorId: 2,
  creatorId: 1,
  kind: 'GENERAL',
  lineCount: 2,
  missingDocuments: [],
  withinFilingDeadline: true,
  coverageActiveOnServiceDates: true,
  duplicateLineCount: 0,
  approvedLineCount: 2,
  rejectedLineCount: 0,
  payableCents: 80_000,
  approvalThresholdCents: 100_000,
  actorCanApproveAboveThreshold: false,
  cureDeadline: '2025-05-10',
  today: '2025-05-10',
  payeeHasBankDetails: true,
  alreadyPaid: false,
};

/** A plan every guard accepts: preauthorized, banded at 18 (limit 19), lifetime maximum used up, schedule over. */
export const ORTHODONTIC_PLAN_FACTS: OrthodonticPlanFacts = {
  preauthorizationVerified: true,
  authorizationNumber: 'AUT-2025-77',
  patientAgeAtBanding: 18,
  ageLimit: 19,
  waitingPeriodMet: true,
  coverageActive: true,
  lifetimeRemainingCents: 0,
  openInstallments: 0,
  today: '2025-06-15',
};

/** An instalment due today, with coverage, under the age limit and some lifetime maximum left. */
export const ORTHODONTIC_INSTALLMENT_FACTS: OrthodonticInstallmentFacts = {
  today: '2025-07-01',
  dueDate: '2025-07-01',
  coverageActive: true,
  patientUnderAgeLimit: true,
  lifetimeRemainingCents: 10_000,
};

/** Every reimbursement event, with payload variants that make each event-reading guard pass and fail. */
export const REIMBURSEMENT_EVENTS: ReimbursementEvent[] = [
  { type: 'SUBMIT' },
  { type: 'CHECK' },
  { type: 'REQUEST_DOCUMENTS', documents: ['FACTURA', 'RADIOGRAFIA_FINAL'] },
  { type: 'REQUEST_DOCUMENTS', documents: [] },
  { type: 'REQUEST_DOCUMENTS', documents: [' '] },
  { type: 'RESUBMIT' },
  { type: 'CURE_PERIOD_ENDED' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: '05 frecuencia excedida' },
  { type: 'REJECT', reason: '' },
  { type: 'PAY', reference: 'TRF-2025-0042' },
  { type: 'PAY', reference: '  ' },
  { type: 'CANCEL', reason: 'Presentado por error' },
  { type: 'CANCEL', reason: '' },
];
