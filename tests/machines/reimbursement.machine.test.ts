import { describe, expect, it } from 'vitest';
import { untakenTransitions } from './workflow-model.ts';
import { REIMBURSEMENT_EVENTS as EVENTS, REIMBURSEMENT_FACTS as FACTS } from '@core/workflows/examples.ts';
import { type AnyStateMachine } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import {
  INCOMPLETE_DOCUMENTATION_REASON,
  REIMBURSEMENT_STATES,
  reimbursementGuardRules,
  reimbursementMachine,
  type ReimbursementEvent,
  type ReimbursementFacts,
  type ReimbursementState } from '@core/workflows/reimbursement.machine.ts';
import { ILLEGAL_EVENT, allowedEvents, explainRefusal, lintWorkflow, snapshotAt, step } from '@core/workflows/workflow.ts';

const machine = reimbursementMachine;



interface Scenario {
  name: string;
  facts: ReimbursementFacts;
  /** A persisted state to start from, instead of the initial one. */
  from?: ReimbursementState;
}

const SCENARIOS: Scenario[] = [
  { name: 'general, fully approved, resubmitted on the cure deadline', facts: FACTS },
  {
    name: 'orthodontic, one line rejected, cure period over',
    facts: { ...FACTS, kind: 'ORTHODONTIC', approvedLineCount: 1, rejectedLineCount: 1, cureDeadline: '2025-05-09' },
  },
  { name: 'persisted submission whose lines were all rejected', facts: { ...FACTS, approvedLineCount: 0, rejectedLineCount: 2 }, from: 'submitted' },
  { name: 'approved, liquidated differently at payment', facts: { ...FACTS, liquidationUnchanged: false }, from: 'approved' },
  { name: 'partially approved, liquidated differently at payment', facts: { ...FACTS, liquidationUnchanged: false }, from: 'partiallyApproved' },
  { name: 'in review, sampled for medical review (R12) and not yet reviewed', facts: { ...FACTS, medicalReviewRequired: true }, from: 'inReview' },
  { name: 'nobody\'s yet: the reviewer takes it', facts: { ...FACTS, assigneeId: null } },
  { name: 'submitted with a required document missing', facts: { ...FACTS, missingDocuments: ['FACTURA'] } },
];

const FINAL = ['rejected', 'paid', 'cancelled'];
describe('reimbursement machine — model-based', () => {
  it('covers every transition of the machine', () => {
    expect(untakenTransitions(machine, { scenarios: SCENARIOS, events: EVENTS, states: REIMBURSEMENT_STATES, finals: FINAL })).toEqual([]);
  });

  it('reaches every state from the initial one across the fact sets', () => {
    const reached = new Set<string>();
    for (const facts of [FACTS, SCENARIOS[1]!.facts, { ...FACTS, approvedLineCount: 0, rejectedLineCount: 2 }]) {
      const paths = getShortestPaths(machine as AnyStateMachine, { events: EVENTS, input: { facts }, serializeState: (s) => JSON.stringify(s.value) });
      paths.forEach((p) => reached.add(p.state.value as string));
    }
    expect([...reached].sort()).toEqual([...REIMBURSEMENT_STATES].sort());
  });

  it('follows the house conventions: named guards and actions, rules, statuses, state list', () => {
    expect(lintWorkflow(machine, reimbursementGuardRules, REIMBURSEMENT_STATES)).toEqual([]);
    for (const [name, action] of Object.entries(machine.implementations.actions)) expect((action as () => unknown)(), name).toBeUndefined();
    expect(machine.root.states.partiallyApproved!.meta).toMatchObject({ status: 'APROBADO_PARCIAL' });
    expect(machine.root.states.needsDocuments!.meta?.rules).toContain('R10');
    expect(machine.root.states.inReview!.meta?.rules).toContain('R13');
  });

  it('is edited (EDIT) in draft and needs-documents only, by its creator, its assignee or a supervisor', () => {
    const edit: ReimbursementEvent = { type: 'EDIT', changes: { doctorId: 1, lines: [] } };
    for (const state of REIMBURSEMENT_STATES) {
      const editable = state === 'draft' || state === 'needsDocuments';
      expect(refusal(state, edit), state).toBe(editable ? null : ILLEGAL_EVENT);
    }
    expect(step(machine, at('draft'), edit, reimbursementGuardRules)).toEqual({ ok: true, value: 'draft', effects: effects('recordEdit') });
    // The actor (2) is the assignee in the shared facts; neither creator, assignee nor supervisor: refused.
    expect(refusal('draft', edit, { assigneeId: null })).toBe('reimbursement.editorNotAllowed');
    expect(refusal('draft', edit, { assigneeId: null, creatorId: 2 })).toBeNull();
    expect(refusal('needsDocuments', edit, { assigneeId: 7, actorIsSupervisor: true })).toBeNull();
  });

  it('is assigned by a supervisor to anyone, taken by a reviewer for themselves only', () => {
    expect(step(machine, at('inReview', { assigneeId: null }), { type: 'ASSIGN', assigneeId: 2 }, reimbursementGuardRules)).toEqual({ ok: true, value: 'inReview', effects: effects('recordAssignee') });
    // Once it is theirs, taking it again is refused with its reason (issue 28 item 2), and so is naming its assignee.
    expect(refusal('inReview', { type: 'ASSIGN', assigneeId: 2 })).toBe('reimbursement.alreadyAssignee');
    expect(refusal('inReview', { type: 'ASSIGN', assigneeId: 2 }, { actorIsSupervisor: true })).toBe('reimbursement.alreadyAssignee');
    expect(refusal('inReview', { type: 'ASSIGN', assigneeId: 5 })).toBe('reimbursement.assignerNotAllowed');
    expect(refusal('inReview', { type: 'ASSIGN', assigneeId: 5 }, { actorIsSupervisor: true })).toBeNull();
    expect(refusal('draft', { type: 'ASSIGN', assigneeId: 0 }, { actorIsSupervisor: true })).toBe('reimbursement.assigneeInvalid');
    for (const state of ['submitted', 'approved', 'partiallyApproved', 'rejected', 'paid', 'cancelled'] as const) {
      expect(refusal(state, { type: 'ASSIGN', assigneeId: 2 }), state).toBe(ILLEGAL_EVENT);
    }
  });
});

const at = (value: ReimbursementState, facts: Partial<ReimbursementFacts> = {}) => snapshotAt(machine, value, { ...FACTS, ...facts });
const refusal = (value: ReimbursementState, event: ReimbursementEvent, facts: Partial<ReimbursementFacts> = {}) => explainRefusal(machine, at(value, facts), event, reimbursementGuardRules);
const APPROVE: ReimbursementEvent = { type: 'APPROVE' };
const AGREE: ReimbursementEvent = { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' };
const effects = (...types: string[]) => types.map((type) => ({ type, params: undefined }));

describe('reimbursement machine — guards at their boundaries', () => {
  it('submits with lines, documents, in time, covered and without duplicates', () => {
    expect(refusal('draft', { type: 'SUBMIT' })).toBeNull();
    expect(refusal('draft', { type: 'SUBMIT' }, { lineCount: 0 })).toBe('reimbursement.noLines');
    expect(refusal('draft', { type: 'SUBMIT' }, { withinFilingDeadline: false })).toBe('reimbursement.filingDeadlinePassed');
    expect(refusal('draft', { type: 'SUBMIT' }, { serviceDatesWithinVerification: false })).toBe('reimbursement.serviceDateOutsideVerification');
    expect(refusal('draft', { type: 'SUBMIT' }, { coverageActiveOnServiceDates: false })).toBe('reimbursement.coverageInactive');
    expect(refusal('draft', { type: 'SUBMIT' }, { duplicateLineCount: 1 })).toBe('reimbursement.duplicateLines');
    expect(step(machine, at('draft'), { type: 'SUBMIT' }, reimbursementGuardRules)).toEqual({ ok: true, value: 'submitted', effects: effects('stampSubmittedAt', 'claimInstallment') });
  });

  it('a submission missing a required document waits for it within the cure period (the automatic check asks for it)', () => {
    expect(step(machine, at('draft', { missingDocuments: ['FACTURA'] }), { type: 'SUBMIT' }, reimbursementGuardRules)).toEqual({
      ok: true,
      value: 'needsDocuments',
      effects: effects('stampSubmittedAt', 'claimInstallment', 'requestMissingDocuments', 'startCurePeriod'),
    });
    // The other checks still refuse it first.
    expect(refusal('draft', { type: 'SUBMIT' }, { missingDocuments: ['FACTURA'], withinFilingDeadline: false })).toBe('reimbursement.filingDeadlinePassed');
    expect(refusal('draft', { type: 'SUBMIT' }, { missingDocuments: ['FACTURA'], lineCount: 0 })).toBe('reimbursement.noLines');
  });

  it("approves with the reviewer's line decisions only when they are about lines the check approved, reduce below the engine and reject with a catalog code", () => {
    const approve = (lines: Extract<ReimbursementEvent, { type: 'APPROVE' }>['lines']): ReimbursementEvent => ({ type: 'APPROVE', lines });
    expect(refusal('inReview', approve([{ lineId: 1, decision: 'REDUCE', amountCents: 39_999 }]))).toBeNull();
    expect(refusal('inReview', approve([{ lineId: 1, decision: 'REDUCE', amountCents: 40_000 }]))).toBe('reimbursement.lineDecisionsInvalid');
    expect(refusal('inReview', approve([{ lineId: 2, decision: 'REJECT', reasonCode: '05' }]))).toBeNull();
    expect(refusal('inReview', approve([{ lineId: 2, decision: 'REJECT', reasonCode: '99' }]))).toBe('reimbursement.lineDecisionsInvalid');
    expect(refusal('inReview', approve([{ lineId: 3, decision: 'APPROVE' }]))).toBe('reimbursement.lineDecisionsInvalid');
    expect(refusal('inReview', approve([{ lineId: 1, decision: 'APPROVE' }, { lineId: 1, decision: 'APPROVE' }]))).toBe('reimbursement.lineDecisionsInvalid');
    const checkRejected = { automaticLines: [{ lineId: 1, approved: false, coveredCents: 0 }, { lineId: 2, approved: true, coveredCents: 40_000 }] };
    expect(refusal('inReview', approve([{ lineId: 1, decision: 'APPROVE' }]), checkRejected)).toBe('reimbursement.lineDecisionsInvalid');
    // A reduced line makes the approval partial.
    expect(step(machine, at('inReview', { reducedLineCount: 1 }), approve([{ lineId: 1, decision: 'REDUCE', amountCents: 1 }]), reimbursementGuardRules)).toMatchObject({ ok: true, value: 'partiallyApproved' });
    // So does the approval's own reduction or rejection, whatever the counts say; its approvals alone do not.
    expect(step(machine, at('inReview'), approve([{ lineId: 1, decision: 'REDUCE', amountCents: 1 }]), reimbursementGuardRules)).toMatchObject({ ok: true, value: 'partiallyApproved' });
    expect(step(machine, at('inReview'), approve([{ lineId: 2, decision: 'REJECT', reasonCode: '05' }]), reimbursementGuardRules)).toMatchObject({ ok: true, value: 'partiallyApproved' });
    expect(step(machine, at('inReview'), approve([{ lineId: 1, decision: 'APPROVE' }, { lineId: 2, decision: 'APPROVE' }]), reimbursementGuardRules)).toMatchObject({ ok: true, value: 'approved' });
  });

  it('checks into review when some line is approved, rejects when all lines are', () => {
    expect(step(machine, at('submitted', { approvedLineCount: 1, rejectedLineCount: 1 }), { type: 'CHECK' }, reimbursementGuardRules)).toMatchObject({ ok: true, value: 'inReview' });
    expect(step(machine, at('submitted', { approvedLineCount: 0, rejectedLineCount: 2 }), { type: 'CHECK' }, reimbursementGuardRules)).toEqual({
      ok: true,
      value: 'rejected',
      effects: effects('recordRejection', 'rejectInstallment'),
    });
    // Lines still pending: neither outcome yet.
    expect(refusal('submitted', { type: 'CHECK' }, { approvedLineCount: 0, rejectedLineCount: 1 })).toBe('reimbursement.noLineApproved');
  });

  it('approves one cent under the threshold; at the threshold (R13 "≥ 1,000") only with the permission', () => {
    expect(refusal('inReview', APPROVE, { payableCents: 99_999 })).toBeNull();
    expect(refusal('inReview', APPROVE, { payableCents: 100_000 })).toBe('reimbursement.aboveApprovalThreshold');
    expect(refusal('inReview', APPROVE, { payableCents: 100_000, actorCanApproveAboveThreshold: true })).toBeNull();
  });

  it('approves a claim sampled for medical review (R12) only once the auditor recorded the review', () => {
    expect(refusal('inReview', APPROVE, { medicalReviewRequired: true })).toBe('reimbursement.medicalReviewPending');
    expect(step(machine, at('inReview', { medicalReviewRequired: true }), AGREE, reimbursementGuardRules)).toEqual({
      ok: true,
      value: 'inReview',
      effects: effects('recordMedicalReview'),
    });
    expect(refusal('inReview', APPROVE, { medicalReviewRequired: true, medicalReviewDone: true })).toBeNull();
    // Nothing to review when not sampled or already reviewed.
    expect(refusal('inReview', AGREE)).toBe('reimbursement.medicalReviewNotPending');
    expect(refusal('inReview', AGREE, { medicalReviewRequired: true, medicalReviewDone: true })).toBe('reimbursement.medicalReviewNotPending');
  });

  describe('the medical review carries its result, findings and line changes (issue 28 item 5)', () => {
    const sampled = { medicalReviewRequired: true };
    type Review = Extract<ReimbursementEvent, { type: 'COMPLETE_MEDICAL_REVIEW' }>;
    const reduce = (amountCents: number, lineId = 1): Review => ({
      type: 'COMPLETE_MEDICAL_REVIEW',
      result: 'REDUCE',
      findings: 'Dos superficies, no tres',
      lines: [{ lineId, decision: 'REDUCE', amountCents, reasonCode: '05' }],
    });

    it('agrees without findings; reducing, rejecting or asking must say why', () => {
      expect(refusal('inReview', { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, sampled)).toBeNull();
      expect(refusal('inReview', { ...reduce(1), findings: '  ' }, sampled)).toBe('reimbursement.reviewFindingsRequired');
      expect(refusal('inReview', { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REJECT_LINES', lines: [{ lineId: 2, decision: 'REJECT', reasonCode: '01' }] }, sampled)).toBe(
        'reimbursement.reviewFindingsRequired',
      );
      expect(refusal('inReview', { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REQUEST_DOCUMENTS', documents: ['XRAY_FINAL'] }, sampled)).toBe('reimbursement.reviewFindingsRequired');
    });

    it('refuses a reduction that reduces no line, a rejection that rejects none, an agreement that changes one', () => {
      expect(refusal('inReview', { ...reduce(1), lines: [] }, sampled)).toBe('reimbursement.reviewChangesMismatch');
      expect(refusal('inReview', { ...reduce(1), result: 'REJECT_LINES' }, sampled)).toBe('reimbursement.reviewChangesMismatch');
      expect(refusal('inReview', { ...reduce(1), result: 'AGREE' }, sampled)).toBe('reimbursement.reviewChangesMismatch');
      expect(refusal('inReview', { ...reduce(1), result: 'REJECT_LINES', lines: [{ lineId: 2, decision: 'REJECT', reasonCode: '01' }] }, sampled)).toBeNull();
    });

    it('reduces a line to less than it covers, with a catalog reason; never an unknown line, twice, or an approval', () => {
      expect(step(machine, at('inReview', sampled), reduce(39_999), reimbursementGuardRules)).toEqual({ ok: true, value: 'inReview', effects: effects('recordMedicalReview') });
      expect(refusal('inReview', reduce(40_000), sampled)).toBe('reimbursement.reviewLineChangesInvalid');
      expect(refusal('inReview', reduce(100, 9), sampled)).toBe('reimbursement.reviewLineChangesInvalid');
      const twice = reduce(100);
      twice.lines = [...twice.lines!, ...twice.lines!];
      expect(refusal('inReview', twice, sampled)).toBe('reimbursement.reviewLineChangesInvalid');
      expect(refusal('inReview', { ...reduce(100), lines: [{ lineId: 1, decision: 'REDUCE', amountCents: 100, reasonCode: '' }] }, sampled)).toBe('reimbursement.reviewLineChangesInvalid');
      const approves = { ...reduce(100), lines: [{ lineId: 1, decision: 'APPROVE' }] } as unknown as ReimbursementEvent;
      expect(refusal('inReview', approves, sampled)).toBe('reimbursement.reviewChangesMismatch');
    });

    it('asking for documents sends the claim for them with the cure period, and leaves the review pending', () => {
      const ask: Review = { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REQUEST_DOCUMENTS', findings: 'Falta la radiografía final', documents: ['XRAY_FINAL'] };
      expect(step(machine, at('inReview', sampled), ask, reimbursementGuardRules)).toEqual({
        ok: true,
        value: 'needsDocuments',
        effects: effects('recordMedicalReviewRequest', 'recordRequestedDocuments', 'startCurePeriod'),
      });
      expect(refusal('inReview', { ...ask, documents: [] }, sampled)).toBe('reimbursement.documentsRequired');
    });

    it('keeps the auditor\'s line changes at approval: the approver decides the other lines', () => {
      const fixed = { medicalReviewRequired: true, medicalReviewDone: true, automaticLines: FACTS.automaticLines.map((l) => (l.lineId === 1 ? { ...l, fixedByMedicalReview: true } : l)) };
      expect(refusal('inReview', { type: 'APPROVE', lines: [{ lineId: 1, decision: 'APPROVE' }] }, fixed)).toBe('reimbursement.lineDecisionsInvalid');
      expect(refusal('inReview', { type: 'APPROVE', lines: [{ lineId: 2, decision: 'REDUCE', amountCents: 100 }] }, fixed)).toBeNull();
    });
  });

  it('separates duties: the creator never approves, whatever their permissions', () => {
    expect(refusal('inReview', APPROVE, { actorId: 1 })).toBe('reimbursement.approverIsCreator');
    expect(refusal('inReview', APPROVE, { actorId: 1, actorCanApproveAboveThreshold: true, payableCents: 1 })).toBe('reimbursement.approverIsCreator');
    expect(refusal('inReview', APPROVE, { actorId: 3 })).toBeNull();
  });

  it('approves something payable, in full without rejected lines and in part with some', () => {
    expect(refusal('inReview', APPROVE, { payableCents: 0 })).toBe('reimbursement.nothingPayable');
    expect(refusal('inReview', APPROVE, { payableCents: 1 })).toBeNull();
    // Approving reserves the claim's use of the benefits in the ledger.
    expect(step(machine, at('inReview'), APPROVE, reimbursementGuardRules)).toEqual({ ok: true, value: 'approved', effects: effects('recordApproval', 'reserveBenefits') });
    expect(step(machine, at('inReview', { approvedLineCount: 1, rejectedLineCount: 1 }), APPROVE, reimbursementGuardRules)).toEqual({
      ok: true,
      value: 'partiallyApproved',
      effects: effects('recordApproval', 'reserveBenefits'),
    });
  });

  it('requests a non-empty list of documents and starts the cure period', () => {
    expect(refusal('inReview', { type: 'REQUEST_DOCUMENTS', documents: [] })).toBe('reimbursement.documentsRequired');
    expect(refusal('inReview', { type: 'REQUEST_DOCUMENTS', documents: ['FACTURA', ''] })).toBe('reimbursement.documentsRequired');
    expect(step(machine, at('inReview'), { type: 'REQUEST_DOCUMENTS', documents: ['FACTURA'] }, reimbursementGuardRules)).toEqual({
      ok: true,
      value: 'needsDocuments',
      effects: effects('recordRequestedDocuments', 'startCurePeriod'),
    });
  });

  it('resubmits on the cure deadline day; the day after, the scheduler rejects with reason 32', () => {
    const onDeadline = { cureDeadline: '2025-05-10', today: '2025-05-10' };
    const dayAfter = { cureDeadline: '2025-05-10', today: '2025-05-11' };
    expect(refusal('needsDocuments', { type: 'RESUBMIT' }, onDeadline)).toBeNull();
    expect(refusal('needsDocuments', { type: 'CURE_PERIOD_ENDED' }, onDeadline)).toBe('reimbursement.curePeriodOpen');
    expect(refusal('needsDocuments', { type: 'RESUBMIT' }, dayAfter)).toBe('reimbursement.curePeriodEnded');
    expect(step(machine, at('needsDocuments', dayAfter), { type: 'CURE_PERIOD_ENDED' }, reimbursementGuardRules)).toEqual({
      ok: true,
      value: 'rejected',
      effects: [{ type: 'recordRejection', params: { reasonCode: INCOMPLETE_DOCUMENTATION_REASON } }, { type: 'rejectInstallment', params: undefined }],
    });
    expect(INCOMPLETE_DOCUMENTATION_REASON).toBe('32');
    // Without a deadline neither happens.
    expect(refusal('needsDocuments', { type: 'RESUBMIT' }, { cureDeadline: null })).toBe('reimbursement.curePeriodEnded');
    expect(refusal('needsDocuments', { type: 'CURE_PERIOD_ENDED' }, { cureDeadline: null })).toBe('reimbursement.curePeriodOpen');
  });

  it('resubmits only with the documents complete', () => {
    expect(refusal('needsDocuments', { type: 'RESUBMIT' }, { missingDocuments: ['RADIOGRAFIA_FINAL'] })).toBe('reimbursement.missingDocuments');
    expect(step(machine, at('needsDocuments'), { type: 'RESUBMIT' }, reimbursementGuardRules)).toEqual({ ok: true, value: 'submitted', effects: effects('clearCurePeriod') });
  });

  it('rejects with a reason code of the catalog, the explanation optional', () => {
    expect(refusal('inReview', { type: 'REJECT', reasonCode: '' })).toBe('reimbursement.rejectionReasonCodeRequired');
    expect(refusal('inReview', { type: 'REJECT', reasonCode: '99', reason: 'Exclusión' })).toBe('reimbursement.rejectionReasonCodeRequired');
    expect(refusal('inReview', { type: 'REJECT', reasonCode: '35' })).toBeNull();
    expect(step(machine, at('inReview'), { type: 'REJECT', reasonCode: '35', reason: 'Blanqueamiento estético' }, reimbursementGuardRules)).toEqual({
      ok: true,
      value: 'rejected',
      effects: effects('recordRejection', 'rejectInstallment'),
    });
  });

  it('pays with a reference, to a payee with bank details, once, and posts to the ledger', () => {
    for (const state of ['approved', 'partiallyApproved'] as const) {
      expect(refusal(state, { type: 'PAY', reference: '', reason: 'Pago excepcional' })).toBe('reimbursement.paymentReferenceRequired');
      expect(refusal(state, { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, { payeeHasBankDetails: false })).toBe('reimbursement.payeeBankDetailsMissing');
      expect(refusal(state, { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, { alreadyPaid: true })).toBe('reimbursement.alreadyPaid');
      // Separation of duties: whoever approved it does not pay it.
      expect(refusal(state, { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, { approverId: FACTS.actorId })).toBe('reimbursement.payerIsApprover');
      expect(step(machine, at(state), { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, reimbursementGuardRules)).toEqual({
        ok: true,
        value: 'paid',
        effects: effects('recordPayment', 'postToLedger', 'settleInstallment'),
      });
      // A liquidation that changed since the approval is not paid: back to review, the reservation released.
      expect(step(machine, at(state, { liquidationUnchanged: false }), { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, reimbursementGuardRules)).toEqual({
        ok: true,
        value: 'inReview',
        effects: effects('releaseReservation', 'recordRecalculation'),
      });
      expect(refusal(state, { type: 'PAY', reference: '', reason: 'Pago excepcional' }, { liquidationUnchanged: false })).toBe('reimbursement.paymentReferenceRequired');
    }
    expect(refusal('inReview', { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' })).toBe(ILLEGAL_EVENT);
  });

  it('cancels a draft with a reason; nothing submitted (the check that follows a submission decides it)', () => {
    expect(refusal('draft', { type: 'CANCEL', reason: '' })).toBe('reimbursement.reasonRequired');
    expect(step(machine, at('draft'), { type: 'CANCEL', reason: 'Error' }, reimbursementGuardRules)).toEqual({ ok: true, value: 'cancelled', effects: effects('recordCancellation') });
    for (const state of ['submitted', 'inReview', 'needsDocuments', 'approved', 'partiallyApproved', 'rejected', 'paid', 'cancelled'] as const) {
      expect(refusal(state, { type: 'CANCEL', reason: 'Error' })).toBe(ILLEGAL_EVENT);
    }
  });
});

describe('reimbursement machine — explainRefusal and allowedEvents', () => {
  it('every refusable guard maps to its own rule code', () => {
    const cases: Array<[ReimbursementState, ReimbursementEvent, Partial<ReimbursementFacts>]> = [
      ['draft', { type: 'SUBMIT' }, { lineCount: 0 }],
      ['draft', { type: 'SUBMIT' }, { withinFilingDeadline: false }],
      ['draft', { type: 'EDIT', changes: { doctorId: 1, lines: [] } }, { assigneeId: null }],
      ['draft', { type: 'ASSIGN', assigneeId: 0 }, {}],
      ['draft', { type: 'ASSIGN', assigneeId: 9 }, {}],
      ['draft', { type: 'ASSIGN', assigneeId: FACTS.actorId }, {}],
      ['inReview', { type: 'APPROVE', lines: [{ lineId: 9, decision: 'APPROVE' }] }, {}],
      ['draft', { type: 'SUBMIT' }, { coverageActiveOnServiceDates: false }],
      ['draft', { type: 'SUBMIT' }, { serviceDatesWithinVerification: false }],
      ['draft', { type: 'SUBMIT' }, { duplicateLineCount: 2 }],
      ['submitted', { type: 'CHECK' }, { approvedLineCount: 0 }],
      ['inReview', { type: 'REQUEST_DOCUMENTS', documents: [] }, {}],
      ['needsDocuments', { type: 'RESUBMIT' }, { today: '2025-05-11' }],
      ['needsDocuments', { type: 'CURE_PERIOD_ENDED' }, {}],
      ['needsDocuments', { type: 'RESUBMIT' }, { missingDocuments: ['FACTURA'] }],
      ['inReview', APPROVE, { actorId: 1 }],
      ['inReview', APPROVE, { payableCents: 100_000 }],
      ['inReview', APPROVE, { medicalReviewRequired: true }],
      ['inReview', AGREE, {}],
      ['inReview', { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', lines: [] }, { medicalReviewRequired: true }],
      ['inReview', { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', findings: 'x', lines: [] }, { medicalReviewRequired: true }],
      ['inReview', { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', findings: 'x', lines: [{ lineId: 9, decision: 'REDUCE', amountCents: 1, reasonCode: '05' }] }, { medicalReviewRequired: true }],
      ['inReview', APPROVE, { payableCents: 0 }],
      ['inReview', { type: 'REJECT', reasonCode: '' }, {}],
      ['draft', { type: 'CANCEL', reason: '' }, {}],
      ['approved', { type: 'PAY', reference: 'x', reason: 'Pago excepcional' }, { approverId: FACTS.actorId }],
      ['approved', { type: 'PAY', reference: '', reason: 'Pago excepcional' }, {}],
      ['approved', { type: 'PAY', reference: 'x', reason: 'Pago excepcional' }, { payeeHasBankDetails: false }],
      ['approved', { type: 'PAY', reference: 'x', reason: 'Pago excepcional' }, { alreadyPaid: true }],
      ['approved', { type: 'PAY', reference: 'x', reason: 'Pago excepcional' }, { heldByPaymentRun: true }],
      ['approved', { type: 'PAY', reference: 'x', reason: ' ' }, {}],
    ];
    const seen = cases.map(([state, event, facts]) => refusal(state, event, facts));
    // The outcome selectors (which of two targets) are never the refusing guard: one of each pair always passes.
    const selectors = ['allLinesRejected', 'noRejectedLines', 'someLinesRejected', 'liquidationUnchanged', 'liquidationChanged', 'documentsMissing', 'reviewAsksForDocuments', 'reviewDecidesClaim'] as const;
    const expected = Object.entries(reimbursementGuardRules)
      .filter(([guard]) => !(selectors as readonly string[]).includes(guard))
      .map(([, r]) => r.rule);
    expect([...new Set(seen)].sort()).toEqual(expected.sort());
  });

  it('is not paid by hand while an open payment run holds it (issue 26): the run pays it', () => {
    expect(refusal('approved', { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, { heldByPaymentRun: true })).toBe('reimbursement.inPaymentRun');
    expect(refusal('partiallyApproved', { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, { heldByPaymentRun: true })).toBe('reimbursement.inPaymentRun');
    expect(refusal('approved', { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, { heldByPaymentRun: false })).toBeNull();
  });

  it('pays by hand only with a reason, the exception to runs; the PAY a payment run sends needs none', () => {
    for (const state of ['approved', 'partiallyApproved'] as const) {
      expect(refusal(state, { type: 'PAY', reference: 'TRF-1' })).toBe('reimbursement.paymentReasonRequired');
      expect(refusal(state, { type: 'PAY', reference: 'TRF-1', reason: '  ' })).toBe('reimbursement.paymentReasonRequired');
      // Also when the liquidation changed: the recheck's way back to review is a payment attempt too.
      expect(refusal(state, { type: 'PAY', reference: 'TRF-1' }, { liquidationUnchanged: false })).toBe('reimbursement.paymentReasonRequired');
      expect(step(machine, at(state), { type: 'PAY', reference: 'PAG-2026-000001 REE-2026-000001', paymentRun: 'PAG-2026-000001' }, reimbursementGuardRules)).toMatchObject({ ok: true, value: 'paid' });
    }
  });

  it('answers workflow.illegalEvent when the state has no transition for the event', () => {
    expect(refusal('draft', APPROVE)).toBe(ILLEGAL_EVENT);
    expect(refusal('paid', { type: 'PAY', reference: 'x', reason: 'Pago excepcional' })).toBe(ILLEGAL_EVENT);
    expect(refusal('submitted', { type: 'RESUBMIT' })).toBe(ILLEGAL_EVENT);
  });

  it('lists the events a snapshot accepts', () => {
    // The reader is its assignee in FACTS: taking it is no step, so ASSIGN is offered only when it is someone else's or nobody's.
    expect(allowedEvents(machine, at('draft'), EVENTS)).toEqual(['SUBMIT', 'CANCEL', 'EDIT']);
    expect(allowedEvents(machine, at('draft', { lineCount: 0 }), EVENTS)).toEqual(['CANCEL', 'EDIT']);
    expect(allowedEvents(machine, at('draft', { assigneeId: null }), EVENTS)).toEqual(['SUBMIT', 'CANCEL', 'ASSIGN']);
    expect(allowedEvents(machine, at('inReview'), EVENTS)).toEqual(['REQUEST_DOCUMENTS', 'APPROVE', 'REJECT']);
    expect(allowedEvents(machine, at('inReview', { assigneeId: 7 }), EVENTS)).toEqual(['REQUEST_DOCUMENTS', 'APPROVE', 'REJECT', 'ASSIGN']);
    expect(allowedEvents(machine, at('inReview', { actorId: 1 }), EVENTS)).toEqual(['REQUEST_DOCUMENTS', 'REJECT']);
    expect(allowedEvents(machine, at('inReview', { medicalReviewRequired: true }), EVENTS)).toEqual(['REQUEST_DOCUMENTS', 'COMPLETE_MEDICAL_REVIEW', 'REJECT']);
    expect(allowedEvents(machine, at('approved', { approverId: FACTS.actorId }), EVENTS)).toEqual([]);
    expect(allowedEvents(machine, at('needsDocuments'), EVENTS)).toEqual(['RESUBMIT', 'EDIT']);
    expect(allowedEvents(machine, at('needsDocuments', { today: '2025-05-11' }), EVENTS)).toEqual(['CURE_PERIOD_ENDED', 'EDIT']);
    expect(allowedEvents(machine, at('paid'), EVENTS)).toEqual([]);
  });
});
