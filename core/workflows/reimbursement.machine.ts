import { and, setup } from 'xstate';
import { isRejectionCode } from '../benefits/reasons.ts';
import { SYSTEM_EVENT, type EventPermissions } from './event-permissions.ts';
import { ACCEPTS_DOCUMENTS, LIQUIDATION_OPEN, isAfter, isBlank, isOnOrBefore, type GuardRules, type WorkflowContext, type WorkflowInput, type WorkflowStateMeta } from './workflow.ts';

/**
 * A reimbursement claim, general or orthodontic (research §3.2, §2.7): drafted, submitted, checked line by
 * line, reviewed (with a documentation side loop and its cure period, R10), approved in full or in part by
 * someone other than its creator within their authority (R13) — by a dental auditor when sampled for medical
 * review (R12) — then paid by someone other than its approver and posted to the ledger.
 * An orthodontic reimbursement claims one instalment: the actions tell the server when to claim, release,
 * settle or reject it on the instalment machine.
 */

export type ReimbursementKind = 'GENERAL' | 'ORTHODONTIC';

/** What the server reads from the database (and the clock) before checking an event. */
export interface ReimbursementFacts {
  /** The user sending the event. */
  actorId: number;
  /** The actor is a supervisor (or an administrator): assigns anyone, edits anyone's draft. */
  actorIsSupervisor: boolean;
  creatorId: number;
  /** Who works the reimbursement now (null: nobody yet). */
  assigneeId: number | null;
  kind: ReimbursementKind;
  lineCount: number;
  /** Required documents (research §4.3, plus any requested in review) not yet attached. */
  missingDocuments: string[];
  /** Invoice and service dates within the filing deadline (R9). */
  withinFilingDeadline: boolean;
  coverageActiveOnServiceDates: boolean;
  /** Every service date within the verification's validity: its planned date's benefit year, up to its last valid day. */
  serviceDatesWithinVerification: boolean;
  /** Lines duplicating a line of another non-cancelled reimbursement (R18). */
  duplicateLineCount: number;
  approvedLineCount: number;
  /** Lines rejected, by the automatic check or by the reviewer's decision. */
  rejectedLineCount: number;
  /** Lines the reviewer reduced to pay less than the engine's figure. */
  reducedLineCount: number;
  /**
   * Each line as the automatic check alone liquidates it, before the annual or lifetime maximum shares its room
   * among the lines: `approved` when the line is eligible (a line the maximum alone left at 0 is), `coveredCents`
   * what it would pay without the maximum. A reviewer's decision may approve it or reduce it below that.
   * `fixedByMedicalReview`: the dental auditor's review reduced or rejected it, which the approval keeps as it is.
   */
  automaticLines: { lineId: number; approved: boolean; coveredCents: number; fixedByMedicalReview?: boolean }[];
  /** What would be paid (liquidated amount), in the currency's minor unit. */
  payableCents: number;
  approvalThresholdCents: number;
  /** The actor holds `aprobar_sobre_umbral`. */
  actorCanApproveAboveThreshold: boolean;
  /** Who approved it (null until approved): the payer must be someone else. */
  approverId: number | null;
  /** Sampled for medical review (R12): 5 % by its folio, every major procedure, every claim over the threshold. */
  medicalReviewRequired: boolean;
  /** A dental auditor recorded the medical review. */
  medicalReviewDone: boolean;
  /** ISO date: last day to resubmit once documents were requested. */
  cureDeadline: string | null;
  /** ISO date `YYYY-MM-DD`. */
  today: string;
  payeeHasBankDetails: boolean;
  alreadyPaid: boolean;
  /** The claim is held by an open payment run (issue 26): the run pays it, never a hand payment beside it. */
  heldByPaymentRun: boolean;
  /** At payment: the liquidation now is the approved one, line by line (else the claim goes back to review). */
  liquidationUnchanged: boolean;
}

/** The reviewer's decision on one line at approval (research 3.2): approve, pay at most an amount, or reject with a catalog code. */
export type LineDecision =
  | { lineId: number; decision: 'APPROVE' }
  | { lineId: number; decision: 'REDUCE'; amountCents: number; reasonCode?: string }
  | { lineId: number; decision: 'REJECT'; reasonCode: string };

/** What the dental auditor concludes (issue 28): agree with the claim, reduce or reject lines, or ask for documents first. */
export type MedicalReviewResult = 'AGREE' | 'REDUCE' | 'REJECT_LINES' | 'REQUEST_DOCUMENTS';
export const MEDICAL_REVIEW_RESULTS: readonly MedicalReviewResult[] = ['AGREE', 'REDUCE', 'REJECT_LINES', 'REQUEST_DOCUMENTS'];

/** A line the medical review changes: paid at most an amount, or rejected; either way with a catalog reason code. */
export type MedicalLineChange =
  | { lineId: number; decision: 'REDUCE'; amountCents: number; reasonCode: string }
  | { lineId: number; decision: 'REJECT'; reasonCode: string };

/** The medical review the auditor records: findings (required unless agreeing), an optional document of the claim, the lines it changes. */
export type MedicalReviewRecord = {
  result: MedicalReviewResult;
  findings?: string;
  /** One of the claim's documents the findings rest on. */
  attachmentId?: number;
  lines?: MedicalLineChange[];
  /** REQUEST_DOCUMENTS: the documents asked for. */
  documents?: string[];
};

export type ReimbursementEvent =
  | { type: 'SUBMIT' }
  /** The header and lines of a draft (or of one returned for documents) rewritten: PUT …/reimbursements/{id}. */
  | { type: 'EDIT'; changes: ReimbursementChanges }
  /** A supervisor assigns anyone; a reviewer takes the reimbursement for themselves. */
  | { type: 'ASSIGN'; assigneeId: number }
  /** Sent by the system once the automatic line checks ran. */
  | { type: 'CHECK' }
  | { type: 'REQUEST_DOCUMENTS'; documents: string[] }
  | { type: 'RESUBMIT' }
  /** Sent by the scheduler when the cure period may have ended. */
  | { type: 'CURE_PERIOD_ENDED' }
  /** The dental auditor records the medical review of a sampled claim (R12). */
  | ({ type: 'COMPLETE_MEDICAL_REVIEW' } & MedicalReviewRecord)
  | { type: 'APPROVE'; lines?: LineDecision[] }
  /** `reasonCode` from the rejection reason catalog (research 2.7); `reason` an optional explanation. */
  | { type: 'REJECT'; reasonCode: string; reason?: string }
  /**
   * `reason`: why a claim is paid by hand, outside a payment run (the exceptional case). `paymentRun`: the run's
   * folio, set only by the server when a run pays the claim (the contract's body has no such field).
   */
  | { type: 'PAY'; reference: string; reason?: string; paymentRun?: string }
  | { type: 'CANCEL'; reason: string };

/** What EDIT writes: the body of PUT …/reimbursements/{id} without its version. */
export interface ReimbursementChanges {
  doctorId: number;
  payee?: 'HOLDER' | 'PROVIDER';
  invoiceNumber?: string | null;
  invoiceDate?: string | null;
  invoicePaid?: boolean;
  lines: { procedureCode: string; tooth?: string | null; surfaces?: string | null; serviceDate: string; quantity: number; chargedCents: number; otherInsurerPaidCents: number }[];
}

export const REIMBURSEMENT_STATES = [
  'draft',
  'submitted',
  'inReview',
  'needsDocuments',
  'approved',
  'partiallyApproved',
  'rejected',
  'paid',
  'cancelled',
] as const;
export type ReimbursementState = (typeof REIMBURSEMENT_STATES)[number];

/** Rejection reason code (research §2.7 catalogue) used when the cure period ends: documentation incomplete. */
export const INCOMPLETE_DOCUMENTATION_REASON = '32';

type Facts = { context: WorkflowContext<ReimbursementFacts> };
type GuardArgs = Facts & { event: ReimbursementEvent };

export const reimbursementGuardRules = {
  hasLines: { rule: 'reimbursement.noLines' },
  documentsComplete: { rule: 'reimbursement.missingDocuments' },
  documentsMissing: { rule: 'reimbursement.documentsComplete' },
  editorIsCreatorAssigneeOrSupervisor: { rule: 'reimbursement.editorNotAllowed' },
  assigneeGiven: { rule: 'reimbursement.assigneeInvalid' },
  assignerIsSupervisorOrSelf: { rule: 'reimbursement.assignerNotAllowed' },
  assigneeChanges: { rule: 'reimbursement.alreadyAssignee' },
  lineDecisionsValid: { rule: 'reimbursement.lineDecisionsInvalid' },
  withinFilingDeadline: { rule: 'reimbursement.filingDeadlinePassed' },
  coverageActiveOnServiceDates: { rule: 'reimbursement.coverageInactive' },
  serviceDatesWithinVerification: { rule: 'reimbursement.serviceDateOutsideVerification' },
  noDuplicateLines: { rule: 'reimbursement.duplicateLines' },
  someLineApproved: { rule: 'reimbursement.noLineApproved' },
  allLinesRejected: { rule: 'reimbursement.notAllLinesRejected' },
  documentsListed: { rule: 'reimbursement.documentsRequired' },
  withinCurePeriod: { rule: 'reimbursement.curePeriodEnded' },
  curePeriodElapsed: { rule: 'reimbursement.curePeriodOpen' },
  approverIsNotCreator: { rule: 'reimbursement.approverIsCreator' },
  medicalReviewDoneIfSampled: { rule: 'reimbursement.medicalReviewPending' },
  medicalReviewPending: { rule: 'reimbursement.medicalReviewNotPending' },
  reviewAsksForDocuments: { rule: 'reimbursement.reviewAsksNoDocuments' },
  reviewDecidesClaim: { rule: 'reimbursement.reviewAsksForDocuments' },
  reviewFindingsGiven: { rule: 'reimbursement.reviewFindingsRequired' },
  reviewChangesMatchResult: { rule: 'reimbursement.reviewChangesMismatch' },
  reviewLineChangesValid: { rule: 'reimbursement.reviewLineChangesInvalid' },
  withinApprovalAuthority: { rule: 'reimbursement.aboveApprovalThreshold' },
  payablePositive: { rule: 'reimbursement.nothingPayable' },
  noRejectedLines: { rule: 'reimbursement.hasRejectedLines' },
  someLinesRejected: { rule: 'reimbursement.noRejectedLines' },
  reasonGiven: { rule: 'reimbursement.reasonRequired' },
  rejectionReasonCodeGiven: { rule: 'reimbursement.rejectionReasonCodeRequired' },
  paymentReferenceGiven: { rule: 'reimbursement.paymentReferenceRequired' },
  handPaymentReasonGiven: { rule: 'reimbursement.paymentReasonRequired' },
  payeeHasBankDetails: { rule: 'reimbursement.payeeBankDetailsMissing' },
  notAlreadyPaid: { rule: 'reimbursement.alreadyPaid' },
  notHeldByPaymentRun: { rule: 'reimbursement.inPaymentRun' },
  liquidationUnchanged: { rule: 'reimbursement.liquidationChanged' },
  liquidationChanged: { rule: 'reimbursement.liquidationUnchanged' },
  payerIsNotApprover: { rule: 'reimbursement.payerIsApprover' },
} as const satisfies GuardRules;

export type ReimbursementGuard = keyof typeof reimbursementGuardRules;

const meta = (status: string, rules: string[] = []): WorkflowStateMeta => ({ status, rules });

const approval = ['lineDecisionsValid', 'approverIsNotCreator', 'medicalReviewDoneIfSampled', 'withinApprovalAuthority', 'payablePositive'] as const;
const submission = ['hasLines', 'withinFilingDeadline', 'coverageActiveOnServiceDates', 'serviceDatesWithinVerification', 'noDuplicateLines'] as const;
const medicalReview = ['medicalReviewPending', 'reviewFindingsGiven', 'reviewChangesMatchResult', 'reviewLineChangesValid'] as const;
const payment = ['paymentReferenceGiven', 'handPaymentReasonGiven', 'payeeHasBankDetails', 'notAlreadyPaid', 'notHeldByPaymentRun', 'payerIsNotApprover'] as const;

/**
 * The permission each event asks of its sender (research 2.12), on top of the events operation's: reviewers
 * (analyst, auditor, supervisor) decide, treasury pays; CHECK and CURE_PERIOD_ENDED are the server's own.
 */
export const REIMBURSEMENT_EVENT_PERMISSIONS = {
  SUBMIT: 'reimbursements:update',
  RESUBMIT: 'reimbursements:update',
  CANCEL: 'reimbursements:update',
  REQUEST_DOCUMENTS: 'reimbursements:approve',
  COMPLETE_MEDICAL_REVIEW: 'reimbursements:medical_review',
  APPROVE: 'reimbursements:approve',
  REJECT: 'reimbursements:approve',
  PAY: 'reimbursements:pay',
  ASSIGN: 'reimbursements:approve',
  // Sent by PUT …/reimbursements/{id}, whose operation asks for the same permission.
  EDIT: 'reimbursements:update',
  CHECK: SYSTEM_EVENT,
  CURE_PERIOD_ENDED: SYSTEM_EVENT,
} as const satisfies EventPermissions<ReimbursementEvent['type']>;

const edit = { guard: 'editorIsCreatorAssigneeOrSupervisor', actions: 'recordEdit' } as const;
const assign = { guard: and(['assigneeGiven', 'assignerIsSupervisorOrSelf', 'assigneeChanges']), actions: 'recordAssignee' } as const;

/**
 * The reviewer's line decisions are about lines of this claim, once each: only a line the automatic check
 * found eligible may be approved or reduced (to less than it pays before the maximum), and a rejection names a
 * catalog code.
 */
/**
 * The approval's own decisions reject or reduce a line. The server's counts of rejected and reduced lines already
 * take them in; read from the event too, the approval's outcome cannot contradict its own decisions whatever
 * counts the facts were read with.
 */
const lowersALine = (event: ReimbursementEvent) => event.type === 'APPROVE' && (event.lines ?? []).some((d) => d.decision !== 'APPROVE');

// The dental auditor's line changes stand at approval: the approver decides the other lines.
function lineDecisionsValid(decisions: readonly LineDecision[], lines: ReimbursementFacts['automaticLines']): boolean {
  const seen = new Set<number>();
  return decisions.every((d) => {
    const line = lines.find((l) => l.lineId === d.lineId);
    if (!line || seen.has(d.lineId) || line.fixedByMedicalReview) return false;
    seen.add(d.lineId);
    if (d.decision === 'REJECT') return isRejectionCode(d.reasonCode);
    if (!line.approved) return false;
    return d.decision === 'APPROVE' || (Number.isInteger(d.amountCents) && d.amountCents >= 0 && d.amountCents < line.coveredCents);
  });
}

/** The review's changes are line decisions of their own kind: reduce or reject only, each with its reason code. */
function reviewLineChangesValid(changes: readonly MedicalLineChange[], lines: ReimbursementFacts['automaticLines']): boolean {
  return changes.every((c) => (c.decision === 'REDUCE' || c.decision === 'REJECT') && isRejectionCode(c.reasonCode)) && lineDecisionsValid(changes, lines);
}

/** What each result asks of the changed lines: a reduction reduces one at least, a rejection rejects one, agreeing or asking for documents changes none. */
function changesMatchResult(result: MedicalReviewResult, changes: readonly MedicalLineChange[]): boolean {
  if (result === 'REDUCE') return changes.some((c) => c.decision === 'REDUCE');
  if (result === 'REJECT_LINES') return changes.some((c) => c.decision === 'REJECT');
  return (result === 'AGREE' || result === 'REQUEST_DOCUMENTS') && changes.length === 0;
}

export const reimbursementMachine = setup({
  types: {
    context: {} as WorkflowContext<ReimbursementFacts>,
    input: {} as WorkflowInput<ReimbursementFacts>,
    events: {} as ReimbursementEvent,
    meta: {} as WorkflowStateMeta,
  },
  guards: {
    hasLines: ({ context: { facts } }: Facts) => facts.lineCount >= 1,
    documentsComplete: ({ context: { facts } }: Facts) => facts.missingDocuments.length === 0,
    documentsMissing: ({ context: { facts } }: Facts) => facts.missingDocuments.length > 0,
    // Research 2.12 / issue 12: a draft is its creator's, its assignee's or a supervisor's to change.
    editorIsCreatorAssigneeOrSupervisor: ({ context: { facts } }: Facts) =>
      facts.actorIsSupervisor || facts.actorId === facts.creatorId || (facts.assigneeId !== null && facts.actorId === facts.assigneeId),
    assigneeGiven: ({ event }: GuardArgs) => event.type === 'ASSIGN' && Number.isInteger(event.assigneeId) && event.assigneeId > 0,
    assignerIsSupervisorOrSelf: ({ context: { facts }, event }: GuardArgs) => event.type === 'ASSIGN' && (facts.actorIsSupervisor || event.assigneeId === facts.actorId),
    // Taking what is already one's own is no step: its button shows why instead of doing nothing.
    assigneeChanges: ({ context: { facts }, event }: GuardArgs) => event.type === 'ASSIGN' && event.assigneeId !== facts.assigneeId,
    lineDecisionsValid: ({ context: { facts }, event }: GuardArgs) => event.type !== 'APPROVE' || lineDecisionsValid(event.lines ?? [], facts.automaticLines),
    withinFilingDeadline: ({ context: { facts } }: Facts) => facts.withinFilingDeadline,
    coverageActiveOnServiceDates: ({ context: { facts } }: Facts) => facts.coverageActiveOnServiceDates,
    serviceDatesWithinVerification: ({ context: { facts } }: Facts) => facts.serviceDatesWithinVerification,
    noDuplicateLines: ({ context: { facts } }: Facts) => facts.duplicateLineCount === 0,
    someLineApproved: ({ context: { facts } }: Facts) => facts.approvedLineCount > 0,
    allLinesRejected: ({ context: { facts } }: Facts) => facts.lineCount > 0 && facts.rejectedLineCount >= facts.lineCount,
    // The analyst's request and the auditor's review that asks for documents both name them.
    documentsListed: ({ event }: GuardArgs) =>
      (event.type === 'REQUEST_DOCUMENTS' || event.type === 'COMPLETE_MEDICAL_REVIEW') &&
      Array.isArray(event.documents) &&
      event.documents.length > 0 &&
      event.documents.every((d) => !isBlank(d)),
    withinCurePeriod: ({ context: { facts } }: Facts) => facts.cureDeadline !== null && isOnOrBefore(facts.today, facts.cureDeadline),
    curePeriodElapsed: ({ context: { facts } }: Facts) => facts.cureDeadline !== null && isAfter(facts.today, facts.cureDeadline),
    approverIsNotCreator: ({ context: { facts } }: Facts) => facts.actorId !== facts.creatorId,
    medicalReviewDoneIfSampled: ({ context: { facts } }: Facts) => !facts.medicalReviewRequired || facts.medicalReviewDone,
    medicalReviewPending: ({ context: { facts } }: Facts) => facts.medicalReviewRequired && !facts.medicalReviewDone,
    // Issue 28: a review asking for documents sends the claim back for them; the review itself stays pending.
    reviewAsksForDocuments: ({ event }: GuardArgs) => event.type === 'COMPLETE_MEDICAL_REVIEW' && event.result === 'REQUEST_DOCUMENTS',
    reviewDecidesClaim: ({ event }: GuardArgs) => event.type === 'COMPLETE_MEDICAL_REVIEW' && MEDICAL_REVIEW_RESULTS.includes(event.result) && event.result !== 'REQUEST_DOCUMENTS',
    // Agreeing needs no words; cutting, rejecting or asking must say why, for the approver and the claimant.
    reviewFindingsGiven: ({ event }: GuardArgs) => event.type === 'COMPLETE_MEDICAL_REVIEW' && (event.result === 'AGREE' || !isBlank(event.findings ?? '')),
    reviewChangesMatchResult: ({ event }: GuardArgs) => event.type === 'COMPLETE_MEDICAL_REVIEW' && changesMatchResult(event.result, event.lines ?? []),
    reviewLineChangesValid: ({ context: { facts }, event }: GuardArgs) =>
      event.type === 'COMPLETE_MEDICAL_REVIEW' && reviewLineChangesValid(event.lines ?? [], facts.automaticLines),
    // R13: "≥ 1,000" needs the right (the threshold is in the claim's currency).
    withinApprovalAuthority: ({ context: { facts } }: Facts) => facts.payableCents < facts.approvalThresholdCents || facts.actorCanApproveAboveThreshold,
    payablePositive: ({ context: { facts } }: Facts) => facts.payableCents > 0,
    noRejectedLines: ({ context: { facts }, event }: GuardArgs) => facts.rejectedLineCount === 0 && facts.reducedLineCount === 0 && !lowersALine(event),
    someLinesRejected: ({ context: { facts }, event }: GuardArgs) => facts.rejectedLineCount > 0 || facts.reducedLineCount > 0 || lowersALine(event),
    reasonGiven: ({ event }: GuardArgs) => event.type === 'CANCEL' && !isBlank(event.reason),
    rejectionReasonCodeGiven: ({ event }: GuardArgs) => event.type === 'REJECT' && isRejectionCode(event.reasonCode),
    paymentReferenceGiven: ({ event }: GuardArgs) => event.type === 'PAY' && !isBlank(event.reference),
    // A payment by hand is the exception to payment runs: it says why. The run's own PAY is the rule, not an exception.
    handPaymentReasonGiven: ({ event }: GuardArgs) => event.type === 'PAY' && (event.paymentRun !== undefined || !isBlank(event.reason)),
    payeeHasBankDetails: ({ context: { facts } }: Facts) => facts.payeeHasBankDetails,
    notAlreadyPaid: ({ context: { facts } }: Facts) => !facts.alreadyPaid,
    notHeldByPaymentRun: ({ context: { facts } }: Facts) => !facts.heldByPaymentRun,
    liquidationUnchanged: ({ context: { facts } }: Facts) => facts.liquidationUnchanged,
    liquidationChanged: ({ context: { facts } }: Facts) => !facts.liquidationUnchanged,
    payerIsNotApprover: ({ context: { facts } }: Facts) => facts.approverId === null || facts.actorId !== facts.approverId,
  },
  actions: {
    /** Server: sets fecha_presentacion = today (first submission only) and presentado_por = actor. */
    stampSubmittedAt: () => {},
    /** Server: writes the header and lines sent with EDIT. */
    recordEdit: () => {},
    /** Server: sets the assignee = event.assigneeId (an active user) and when. */
    recordAssignee: () => {},
    /** Server: the automatic check asks for the required documents still missing (stored as requested, with who and when). */
    requestMissingDocuments: () => {},
    /** Server, ORTHODONTIC only: sends CLAIM to the linked instalment (claimable → claimed). */
    claimInstallment: () => {},
    /** Server: stores event.documents as the documents requested, with who asked and when. */
    recordRequestedDocuments: () => {},
    /** Server: sets cureDeadline = today + the cure period (10 calendar days, R10). */
    startCurePeriod: () => {},
    /** Server: clears cureDeadline (the documents were provided in time). */
    clearCurePeriod: () => {},
    /**
     * Server: stores who reviewed the sampled claim medically and when (revision_medica REALIZADA), the result,
     * findings and document, and the lines' changes, which the liquidation applies from then on.
     */
    recordMedicalReview: () => {},
    /** Server: stores the review that asked for documents (result, findings, document); the review stays pending. */
    recordMedicalReviewRequest: () => {},
    /** Server: stores aprobado_por = actor, fecha_aprobacion = now, the reviewer's line decisions and the liquidated amounts. */
    recordApproval: () => {},
    /** Server: reserves the approved deductible and maximum use in the ledger, so later claims are liquidated against it. */
    reserveBenefits: () => {},
    /** Server: drops the reservation of a claim whose liquidation changed before payment. */
    releaseReservation: () => {},
    /** Server: stores the liquidation as it is now on the lines and totals, and clears the approval and its line decisions. */
    recordRecalculation: () => {},
    /**
     * Server: stores the rejection — the reason code in params (32 when the cure period ended), else
     * event.reasonCode with its explanation (manual rejection) or the lines' reasons (automatic check) — with who and when.
     */
    recordRejection: (_: unknown, _params: { reasonCode: string } | undefined) => {},
    /** Server, ORTHODONTIC only: sends REJECT to the linked instalment (claimed → rejected). */
    rejectInstallment: () => {},
    /** Server: stores referencia_pago = event.reference, fecha_pago, pagado_por and monto_pagado. */
    recordPayment: () => {},
    /** Server: settles the reservation in the ledger as the payment (deductible, annual maximum, orthodontic lifetime used). */
    postToLedger: () => {},
    /** Server, ORTHODONTIC only: sends PAY to the linked instalment (claimed → paid). */
    settleInstallment: () => {},
    /** Server: stores the cancellation reason (event.reason), who cancelled and when. */
    recordCancellation: () => {},
  },
}).createMachine({
  id: 'reimbursement',
  initial: 'draft',
  context: ({ input }) => ({ facts: input.facts }),
  states: {
    draft: {
      meta: meta('BORRADOR', ['R9', 'R18']),
      tags: [ACCEPTS_DOCUMENTS, LIQUIDATION_OPEN],
      on: {
        SUBMIT: [
          { target: 'submitted', guard: and([...submission, 'documentsComplete']), actions: ['stampSubmittedAt', 'claimInstallment'] },
          // The automatic check asks for what is missing (R10): the claim waits for it within the cure period.
          { target: 'needsDocuments', guard: and(['documentsMissing', ...submission]), actions: ['stampSubmittedAt', 'claimInstallment', 'requestMissingDocuments', 'startCurePeriod'] },
        ],
        EDIT: edit,
        ASSIGN: assign,
        // A draft only names its instalment, which SUBMIT claims: cancelling a draft leaves the instalment as it
        // was, and a submitted claim is decided, never cancelled.
        CANCEL: { target: 'cancelled', guard: 'reasonGiven', actions: 'recordCancellation' },
      },
    },
    // Never a resting state through the API: the server's automatic CHECK follows SUBMIT and RESUBMIT in the
    // same transaction, and a refused CHECK refuses the submission. So nothing is sent to a claim here but CHECK
    // (research §3.2's "anular PRESENTADO" has no moment to happen in: its PRESENTADO awaits a batch check).
    submitted: {
      meta: meta('PRESENTADO', ['R5', 'R6', 'R11']),
      tags: [LIQUIDATION_OPEN],
      on: {
        CHECK: [
          { target: 'inReview', guard: 'someLineApproved' },
          { target: 'rejected', guard: 'allLinesRejected', actions: ['recordRejection', 'rejectInstallment'] },
        ],
      },
    },
    inReview: {
      meta: meta('EN_REVISION', ['R1', 'R2', 'R3', 'R7', 'R11', 'R12', 'R13', 'R15']),
      tags: [LIQUIDATION_OPEN],
      on: {
        ASSIGN: assign,
        REQUEST_DOCUMENTS: { target: 'needsDocuments', guard: 'documentsListed', actions: ['recordRequestedDocuments', 'startCurePeriod'] },
        // The checks both branches share come first, so a refusal names what is wrong with the review rather than
        // which branch it did not take; the branch is chosen last.
        COMPLETE_MEDICAL_REVIEW: [
          {
            target: 'needsDocuments',
            guard: and([...medicalReview, 'reviewAsksForDocuments', 'documentsListed']),
            actions: ['recordMedicalReviewRequest', 'recordRequestedDocuments', 'startCurePeriod'],
          },
          { guard: and([...medicalReview, 'reviewDecidesClaim']), actions: 'recordMedicalReview' },
        ],
        APPROVE: [
          { target: 'approved', guard: and([...approval, 'noRejectedLines']), actions: ['recordApproval', 'reserveBenefits'] },
          { target: 'partiallyApproved', guard: and([...approval, 'someLinesRejected']), actions: ['recordApproval', 'reserveBenefits'] },
        ],
        REJECT: { target: 'rejected', guard: 'rejectionReasonCodeGiven', actions: ['recordRejection', 'rejectInstallment'] },
      },
    },
    needsDocuments: {
      meta: meta('REQUIERE_DOCUMENTACION', ['R10']),
      tags: [ACCEPTS_DOCUMENTS, LIQUIDATION_OPEN],
      on: {
        EDIT: edit,
        ASSIGN: assign,
        RESUBMIT: { target: 'submitted', guard: and(['withinCurePeriod', 'documentsComplete']), actions: 'clearCurePeriod' },
        CURE_PERIOD_ENDED: {
          target: 'rejected',
          guard: 'curePeriodElapsed',
          actions: [{ type: 'recordRejection', params: { reasonCode: INCOMPLETE_DOCUMENTATION_REASON } }, 'rejectInstallment'],
        },
      },
    },
    approved: {
      meta: meta('APROBADO', ['R11']),
      on: {
        PAY: [
          { target: 'paid', guard: and([...payment, 'liquidationUnchanged']), actions: ['recordPayment', 'postToLedger', 'settleInstallment'] },
          // Paid one figure and posted another, never: a changed liquidation is reviewed again.
          { target: 'inReview', guard: and([...payment, 'liquidationChanged']), actions: ['releaseReservation', 'recordRecalculation'] },
        ],
      },
    },
    partiallyApproved: {
      meta: meta('APROBADO_PARCIAL', ['R11']),
      on: {
        PAY: [
          { target: 'paid', guard: and([...payment, 'liquidationUnchanged']), actions: ['recordPayment', 'postToLedger', 'settleInstallment'] },
          // Paid one figure and posted another, never: a changed liquidation is reviewed again.
          { target: 'inReview', guard: and([...payment, 'liquidationChanged']), actions: ['releaseReservation', 'recordRecalculation'] },
        ],
      },
    },
    rejected: { type: 'final', meta: meta('RECHAZADO') },
    paid: { type: 'final', meta: meta('PAGADO') },
    cancelled: { type: 'final', meta: meta('ANULADO') },
  },
});
