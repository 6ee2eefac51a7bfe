import type { VerificationEvent, VerificationFacts } from './verification.machine.ts';
import type { ReimbursementEvent, ReimbursementFacts } from './reimbursement.machine.ts';
import type { OrthodonticPlanEvent, OrthodonticPlanFacts } from './orthodontic-plan.machine.ts';
import type { OrthodonticInstallmentEvent, OrthodonticInstallmentFacts } from './orthodontic-installment.machine.ts';
import type { PolicyEvent, PolicyFacts } from './policy.machine.ts';
import type { AnnouncementEvent, AnnouncementFacts } from './announcement.machine.ts';
import type { PaymentRunEvent, PaymentRunFacts } from './payment-run.machine.ts';
import type { PatientCoverageEvent, PatientCoverageFacts, PatientDetails } from './patient-coverage.machine.ts';

/**
 * Each workflow's starting facts (every guard accepts them) and example events (each event-reading guard both
 * passing and refusing, the passing one first): the simulator starts from them, the test-path fixtures
 * (scripts/test-paths/fixtures.ts) build their scenarios on them, and the model tests (tests/machines) use them.
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
  actorIsSupervisor: false,
  creatorId: 1,
  assigneeId: 2,
  kind: 'GENERAL',
  lineCount: 2,
  missingDocuments: [],
  withinFilingDeadline: true,
  coverageActiveOnServiceDates: true,
  serviceDatesWithinVerification: true,
  duplicateLineCount: 0,
  approvedLineCount: 2,
  rejectedLineCount: 0,
  reducedLineCount: 0,
  automaticLines: [
    { lineId: 1, approved: true, coveredCents: 40_000 },
    { lineId: 2, approved: true, coveredCents: 40_000 },
  ],
  payableCents: 80_000,
  approvalThresholdCents: 100_000,
  actorCanApproveAboveThreshold: false,
  approverId: 3,
  medicalReviewRequired: false,
  medicalReviewDone: false,
  cureDeadline: '2025-05-10',
  today: '2025-05-10',
  payeeHasBankDetails: true,
  alreadyPaid: false,
  heldByPaymentRun: false,
  liquidationUnchanged: true,
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
  actorId: 2,
  creatorId: 1,
  insurerShareCents: 150_000,
  approvalThresholdCents: 100_000,
  actorCanApproveAboveThreshold: true,
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
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE', findings: 'Tratamiento acorde a la radiografía' },
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', findings: 'Obturación de dos superficies, no de tres', lines: [{ lineId: 1, decision: 'REDUCE', amountCents: 25_000, reasonCode: '05' }] },
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REJECT_LINES', findings: 'Pieza ausente en la radiografía', attachmentId: 7, lines: [{ lineId: 2, decision: 'REJECT', reasonCode: '01' }] },
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REQUEST_DOCUMENTS', findings: 'Falta la radiografía final', documents: ['RADIOGRAFIA_FINAL'] },
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REQUEST_DOCUMENTS', findings: 'Falta documentación', documents: [] },
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', findings: ' ', lines: [{ lineId: 1, decision: 'REDUCE', amountCents: 25_000, reasonCode: '05' }] },
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', findings: 'Sin líneas', lines: [] },
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', findings: 'Más de lo cubierto', lines: [{ lineId: 1, decision: 'REDUCE', amountCents: 40_000, reasonCode: '05' }] },
  { type: 'APPROVE' },
  { type: 'APPROVE', lines: [{ lineId: 1, decision: 'REDUCE', amountCents: 30_000 }, { lineId: 2, decision: 'REJECT', reasonCode: '05' }] },
  { type: 'APPROVE', lines: [{ lineId: 1, decision: 'REDUCE', amountCents: 40_000 }] },
  { type: 'REJECT', reasonCode: '05', reason: 'Frecuencia excedida' },
  { type: 'REJECT', reasonCode: '99' },
  { type: 'PAY', reference: 'TRF-2025-0042', reason: 'Transferencia urgente fuera de remesa' },
  { type: 'PAY', reference: '  ', reason: 'Transferencia urgente fuera de remesa' },
  // Paid by hand without saying why: refused, a hand payment is the exception to payment runs.
  { type: 'PAY', reference: 'TRF-2025-0043' },
  { type: 'CANCEL', reason: 'Presentado por error' },
  { type: 'CANCEL', reason: '' },
  { type: 'EDIT', changes: { doctorId: 4, lines: [{ procedureCode: 'D1110', serviceDate: '2025-05-02', quantity: 1, chargedCents: 9_000, otherInsurerPaidCents: 0 }] } },
  { type: 'ASSIGN', assigneeId: 2 },
  { type: 'ASSIGN', assigneeId: 5 },
  { type: 'ASSIGN', assigneeId: 0 },
];

/** A child's place on an open policy every guard accepts: holder enrolled, places left, suspended since May. */
export const PATIENT_COVERAGE_FACTS: PatientCoverageFacts = {
  today: '2025-06-01',
  policyState: 'ACTIVE',
  policyStartsOn: '2025-01-01',
  policyEndsOn: '2025-12-31',
  maxBeneficiaries: 8,
  otherBeneficiaries: 3,
  otherHolder: true,
  holderDocument: { type: 'DNI', number: '40000000X' },
  documentInPolicy: false,
  documentElsewhere: false,
  enrolledOn: '2025-02-01',
  suspendedOn: '2025-05-01',
  relationship: 'CHILD',
  coveredDependents: 0,
  // R16 as migration 032 seeds Configuraciones.
  ages: { child: 18, student: 24, adult: 18 },
};

const CHILD: PatientDetails = {
  relationship: 'CHILD',
  birthDate: '2010-03-01',
  enrolledOn: '2025-02-01',
  documentType: null,
  documentNumber: null,
  isStudent: false,
  studentUntil: null,
  confirmDuplicate: false,
};
const SPOUSE: PatientDetails = { ...CHILD, relationship: 'SPOUSE', birthDate: '1985-04-10', documentType: 'DNI', documentNumber: '50000000Y' };
const HOLDER: PatientDetails = { ...CHILD, relationship: 'HOLDER', birthDate: '1983-09-20', documentType: 'DNI', documentNumber: '40000000X' };

/** The patient details of an enrolment or amendment, with variants that make each event-reading guard pass and fail. */
const PATIENT_DETAILS: PatientDetails[] = [
  CHILD,
  SPOUSE,
  { ...SPOUSE, confirmDuplicate: true },
  HOLDER,
  { ...HOLDER, documentNumber: '40000001X' },
  { ...CHILD, enrolledOn: '2024-12-31' },
  { ...CHILD, birthDate: '2025-03-01' },
  // 19 at enrolment: over the limit, unless a student (then up to 24) with the end of the studies given.
  { ...CHILD, birthDate: '2006-01-15' },
  { ...CHILD, birthDate: '2006-01-15', isStudent: true },
  { ...CHILD, birthDate: '2006-01-15', isStudent: true, studentUntil: '2026-06-30' },
  { ...SPOUSE, birthDate: '2008-05-05' },
  { ...SPOUSE, documentNumber: null },
];

/** Every coverage event, with payload variants that make each event-reading guard pass and fail. */
export const PATIENT_COVERAGE_EVENTS: PatientCoverageEvent[] = [
  ...PATIENT_DETAILS.map((d) => ({ type: 'ENROL' as const, ...d })),
  ...PATIENT_DETAILS.map((d) => ({ type: 'AMEND' as const, ...d })),
  { type: 'SUSPEND', date: '2025-05-15', reason: 'Impago de la cuota' },
  { type: 'SUSPEND', date: '2025-01-31', reason: 'Impago de la cuota' },
  { type: 'SUSPEND', date: '2025-05-15', reason: ' ' },
  { type: 'RESUME', date: '2025-05-20' },
  { type: 'RESUME', date: '2025-04-30' },
  { type: 'END_COVERAGE', date: '2025-06-30', reason: 'Baja voluntaria' },
  { type: 'END_COVERAGE', date: '2025-02-01', reason: 'Baja voluntaria' },
  { type: 'END_COVERAGE', date: '2025-06-30', reason: '' },
];

/** A policy within its validity (January to December), on a day in June. */
export const POLICY_FACTS: PolicyFacts = { startsOn: '2025-01-01', endsOn: '2025-12-31', today: '2025-06-01' };

/** Every policy event, with payload variants that make each event-reading guard pass and fail. */
export const POLICY_EVENTS: PolicyEvent[] = [
  { type: 'ACTIVATE' },
  { type: 'SUSPEND', reason: 'Impago de la prima' },
  { type: 'SUSPEND', reason: ' ' },
  { type: 'RESUME' },
  { type: 'CANCEL', reason: 'Baja solicitada por el titular' },
  { type: 'CANCEL', reason: '' },
  { type: 'RENEW', endsOn: '2026-12-31' },
  { type: 'RENEW', endsOn: '2025-11-30' },
  { type: 'RENEW', endsOn: 'diciembre' },
  { type: 'EXPIRE' },
];

/** An announcement with content whose window began an hour ago and ends next month. */
export const ANNOUNCEMENT_FACTS: AnnouncementFacts = {
  now: '2025-06-01T10:00:00.000Z',
  publishFrom: '2025-06-01T09:00:00.000Z',
  publishUntil: '2025-07-01T00:00:00.000Z',
  hasContent: true,
};

/** Every announcement event; the time-driven ones noticed before and after the window's start and end. */
export const ANNOUNCEMENT_EVENTS: AnnouncementEvent[] = [
  { type: 'PUBLISH' },
  { type: 'RETRACT' },
  { type: 'WINDOW_OPENED', at: '2025-06-02T09:00:00.000Z' },
  { type: 'WINDOW_OPENED', at: '2025-05-31T09:00:00.000Z' },
  { type: 'WINDOW_CLOSED', at: '2025-07-02T00:00:00.000Z' },
  { type: 'WINDOW_CLOSED', at: '2025-06-15T00:00:00.000Z' },
  { type: 'REVISE' },
  { type: 'ARCHIVE' },
];

/** Every verification event; the payload-reading ones with a payload their guard accepts first, then one it refuses. */
export const VERIFICATION_EVENTS: VerificationEvent[] = [
    { type: 'ASSIGN', assigneeId: 9 },
    { type: 'ASSIGN', assigneeId: 0 },
    { type: 'START' },
    { type: 'REQUEST_INFO', note: 'Falta el número de póliza' },
    { type: 'REQUEST_INFO', note: '   ' },
    { type: 'INFO_RECEIVED' },
    { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-123' },
    { type: 'RECORD_ELIGIBLE', channel: 'PHONE' },
    // A channel the panel does not know, as a client may send: the guard refuses it.
    { type: 'RECORD_ELIGIBLE', channel: 'FAX' as never, authorizationNumber: 'AUT-123' },
    { type: 'RECORD_NOT_ELIGIBLE', reason: 'Póliza dada de baja' },
    { type: 'RECORD_NOT_ELIGIBLE', reason: '' },
    { type: 'EXPIRE' },
    { type: 'CANCEL', reason: 'Duplicada' },
    { type: 'CANCEL', reason: ' ' },
  ];

/** Every orthodontic plan event; the payload-reading ones accepted first, then refused. */
export const ORTHODONTIC_PLAN_EVENTS: OrthodonticPlanEvent[] = [
    { type: 'APPROVE' },
    { type: 'ACTIVATE', bandingDate: '2025-06-01' },
    { type: 'ACTIVATE', bandingDate: '2025-06-16' },
    { type: 'ACTIVATE', bandingDate: 'junio' },
    { type: 'SUSPEND', reason: 'Póliza suspendida' },
    { type: 'SUSPEND', reason: '' },
    { type: 'RESUME' },
    { type: 'LIFETIME_MAXIMUM_REACHED' },
    { type: 'REGISTER_DEBOND', date: '2025-06-15' },
    { type: 'REGISTER_DEBOND', date: '2025-13-01' },
    { type: 'SCHEDULE_FINISHED' },
    { type: 'CANCEL', reason: 'Tratamiento abandonado' },
    { type: 'CANCEL', reason: ' ' },
  ];

/** Every orthodontic instalment event; SKIP with a reason first, then without. */
export const ORTHODONTIC_INSTALLMENT_EVENTS: OrthodonticInstallmentEvent[] = [
    { type: 'FALL_DUE' },
    { type: 'CLAIM' },
    { type: 'PAY' },
    { type: 'REJECT' },
    { type: 'SKIP', reason: '31' },
    { type: 'SKIP', reason: '' },
    { type: 'CANCEL' },
  ];

/** A payment run every guard accepts: three claims with valid accounts, created by someone else, under the threshold. */
export const PAYMENT_RUN_FACTS: PaymentRunFacts = {
  actorId: 2,
  creatorId: 1,
  itemCount: 3,
  invalidAccountCount: 0,
  missingDebtorAccountCount: 0,
  atOrAboveApprovalThreshold: false,
  actorCanApproveAboveThreshold: false,
  bankReportsReceived: 0,
  changedLiquidationCount: 0,
};

/** Every payment run event; the payload-reading ones accepted first, then refused; three bank reports (all paid, one rejected, some pending). */
export const PAYMENT_RUN_EVENTS: PaymentRunEvent[] = [
  { type: 'EDIT' },
  { type: 'SUBMIT' },
  { type: 'REOPEN', reason: 'Falta un reembolso' },
  { type: 'REOPEN', reason: ' ' },
  { type: 'APPROVE' },
  { type: 'GENERATE' },
  { type: 'MARK_SENT' },
  { type: 'BANK_REPORT', pending: 0, rejected: 0 },
  { type: 'BANK_REPORT', pending: 0, rejected: 1 },
  { type: 'BANK_REPORT', pending: 2, rejected: 0 },
  { type: 'CONFIRM_SETTLEMENT', reference: 'TRF-2026-1201' },
  { type: 'CONFIRM_SETTLEMENT', reference: '' },
  { type: 'CANCEL', reason: 'Fecha de pago cambiada' },
  { type: 'CANCEL', reason: '' },
];

/** Starting facts and example events by workflow name (core/workflows/index.ts). */
export const EXAMPLES: Readonly<Record<string, { facts: object; events: readonly { type: string }[] }>> = {
  verification: { facts: VERIFICATION_FACTS, events: VERIFICATION_EVENTS },
  reimbursement: { facts: REIMBURSEMENT_FACTS, events: REIMBURSEMENT_EVENTS },
  'orthodontic-plan': { facts: ORTHODONTIC_PLAN_FACTS, events: ORTHODONTIC_PLAN_EVENTS },
  'orthodontic-installment': { facts: ORTHODONTIC_INSTALLMENT_FACTS, events: ORTHODONTIC_INSTALLMENT_EVENTS },
  policy: { facts: POLICY_FACTS, events: POLICY_EVENTS },
  'patient-coverage': { facts: PATIENT_COVERAGE_FACTS, events: PATIENT_COVERAGE_EVENTS },
  announcement: { facts: ANNOUNCEMENT_FACTS, events: ANNOUNCEMENT_EVENTS },
  'payment-run': { facts: PAYMENT_RUN_FACTS, events: PAYMENT_RUN_EVENTS },
};
