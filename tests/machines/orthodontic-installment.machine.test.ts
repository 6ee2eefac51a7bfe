import { describe, expect, it } from 'vitest';
import { untakenTransitions } from './workflow-model.ts';
import { ORTHODONTIC_INSTALLMENT_FACTS as FACTS, ORTHODONTIC_INSTALLMENT_EVENTS } from '@core/workflows/examples.ts';
import { type AnyStateMachine } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import {
  ORTHODONTIC_INSTALLMENT_STATES,
  orthodonticInstallmentGuardRules,
  orthodonticInstallmentMachine,
  type OrthodonticInstallmentEvent,
  type OrthodonticInstallmentFacts,
  type OrthodonticInstallmentState } from '@core/workflows/orthodontic-installment.machine.ts';
import { orthodonticPlanGuardRules } from '@core/workflows/orthodontic-plan.machine.ts';
import { reimbursementGuardRules, reimbursementMachine, type ReimbursementFacts } from '@core/workflows/reimbursement.machine.ts';
import { verificationGuardRules } from '@core/workflows/verification.machine.ts';
import { ILLEGAL_EVENT, allowedEvents, explainRefusal, lintWorkflow, snapshotAt, step } from '@core/workflows/workflow.ts';

const machine = orthodonticInstallmentMachine;


/** Every event, with payload variants that make each event-reading guard pass and fail (shared with the path fixtures). */
const EVENTS = ORTHODONTIC_INSTALLMENT_EVENTS;

interface Scenario {
  name: string;
  facts: OrthodonticInstallmentFacts;
  from?: OrthodonticInstallmentState;
}

const SCENARIOS: Scenario[] = [
  { name: 'due and claimable', facts: FACTS },
  { name: 'due after the policy lapsed', facts: { ...FACTS, coverageActive: false } },
  { name: 'persisted claimed instalment', facts: FACTS, from: 'claimed' },
];

const FINAL = ['paid', 'rejected', 'skipped', 'cancelled'];
describe('orthodontic instalment machine — model-based', () => {
  it('covers every transition of the machine', () => {
    expect(untakenTransitions(machine, { scenarios: SCENARIOS, events: EVENTS, states: ORTHODONTIC_INSTALLMENT_STATES, finals: FINAL })).toEqual([]);
  });

  it('reaches every state from the initial one', () => {
    const paths = getShortestPaths(machine as AnyStateMachine, { events: EVENTS, input: { facts: FACTS }, serializeState: (s) => JSON.stringify(s.value) });
    expect(paths.map((p) => p.state.value).sort()).toEqual([...ORTHODONTIC_INSTALLMENT_STATES].sort());
  });

  it('follows the house conventions: named guards and actions, rules, statuses, state list', () => {
    expect(lintWorkflow(machine, orthodonticInstallmentGuardRules, ORTHODONTIC_INSTALLMENT_STATES)).toEqual([]);
    for (const [name, action] of Object.entries(machine.implementations.actions)) expect((action as () => unknown)(), name).toBeUndefined();
    expect(machine.root.states.claimable!.meta).toMatchObject({ status: 'POR_RECLAMAR' });
  });
});

const at = (value: OrthodonticInstallmentState, facts: Partial<OrthodonticInstallmentFacts> = {}) => snapshotAt(machine, value, { ...FACTS, ...facts });
const refusal = (value: OrthodonticInstallmentState, event: OrthodonticInstallmentEvent, facts: Partial<OrthodonticInstallmentFacts> = {}) =>
  explainRefusal(machine, at(value, facts), event, orthodonticInstallmentGuardRules);
const FALL_DUE: OrthodonticInstallmentEvent = { type: 'FALL_DUE' };

describe('orthodontic instalment machine — guards at their boundaries', () => {
  it('falls due on its due date, not the day before', () => {
    expect(step(machine, at('scheduled', { dueDate: '2025-07-01', today: '2025-07-01' }), FALL_DUE, orthodonticInstallmentGuardRules)).toEqual({ ok: true, value: 'claimable', effects: [] });
    expect(refusal('scheduled', FALL_DUE, { dueDate: '2025-07-02', today: '2025-07-01' })).toBe('orthodonticInstallment.notDue');
    // Not due: not skipped either, whatever the coverage.
    expect(refusal('scheduled', FALL_DUE, { dueDate: '2025-07-02', coverageActive: false })).toBe('orthodonticInstallment.notDue');
  });

  it('once due, is skipped when coverage, age or lifetime maximum fail', () => {
    const skipped = { ok: true, value: 'skipped', effects: [{ type: 'recordSkipReason', params: undefined }] };
    expect(step(machine, at('scheduled', { coverageActive: false }), FALL_DUE, orthodonticInstallmentGuardRules)).toEqual(skipped);
    expect(step(machine, at('scheduled', { patientUnderAgeLimit: false }), FALL_DUE, orthodonticInstallmentGuardRules)).toEqual(skipped);
    expect(step(machine, at('scheduled', { lifetimeRemainingCents: 0 }), FALL_DUE, orthodonticInstallmentGuardRules)).toEqual(skipped);
    expect(step(machine, at('scheduled', { lifetimeRemainingCents: 1 }), FALL_DUE, orthodonticInstallmentGuardRules)).toMatchObject({ value: 'claimable' });
  });

  it('is claimed, then paid or rejected', () => {
    expect(step(machine, at('claimable'), { type: 'CLAIM' }, orthodonticInstallmentGuardRules)).toEqual({ ok: true, value: 'claimed', effects: [{ type: 'linkReimbursement', params: undefined }] });
    expect(step(machine, at('claimed'), { type: 'PAY' }, orthodonticInstallmentGuardRules)).toEqual({ ok: true, value: 'paid', effects: [{ type: 'recordBenefitPaid', params: undefined }] });
    expect(step(machine, at('claimed'), { type: 'REJECT' }, orthodonticInstallmentGuardRules)).toEqual({ ok: true, value: 'rejected', effects: [] });
    expect(refusal('scheduled', { type: 'CLAIM' })).toBe(ILLEGAL_EVENT);
    expect(refusal('claimable', { type: 'PAY' })).toBe(ILLEGAL_EVENT);
  });

  it('is skipped with a reason, and cancelled only before it is claimed', () => {
    expect(refusal('scheduled', { type: 'SKIP', reason: '' })).toBe('orthodonticInstallment.reasonRequired');
    expect(step(machine, at('scheduled'), { type: 'SKIP', reason: '31' }, orthodonticInstallmentGuardRules)).toMatchObject({ ok: true, value: 'skipped' });
    expect(refusal('claimable', { type: 'SKIP', reason: '31' })).toBe(ILLEGAL_EVENT);
    expect(refusal('scheduled', { type: 'CANCEL' })).toBeNull();
    expect(refusal('claimable', { type: 'CANCEL' })).toBeNull();
    expect(refusal('claimed', { type: 'CANCEL' })).toBe(ILLEGAL_EVENT);
  });
});

describe('orthodontic instalment machine — explainRefusal and allowedEvents', () => {
  it('every refusable guard maps to its own rule code (eligibility shows as a skip, not a refusal)', () => {
    expect(refusal('scheduled', FALL_DUE, { dueDate: '2025-08-01' })).toBe('orthodonticInstallment.notDue');
    expect(refusal('scheduled', { type: 'SKIP', reason: ' ' })).toBe('orthodonticInstallment.reasonRequired');
    const codes = Object.values(orthodonticInstallmentGuardRules).map((r) => r.rule);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('lists the events a snapshot accepts', () => {
    expect(allowedEvents(machine, at('scheduled'), EVENTS)).toEqual(['FALL_DUE', 'SKIP', 'CANCEL']);
    expect(allowedEvents(machine, at('scheduled', { dueDate: '2025-12-01' }), EVENTS)).toEqual(['SKIP', 'CANCEL']);
    expect(allowedEvents(machine, at('claimable'), EVENTS)).toEqual(['CLAIM', 'CANCEL']);
    expect(allowedEvents(machine, at('claimed'), EVENTS)).toEqual(['PAY', 'REJECT']);
    expect(allowedEvents(machine, at('paid'), EVENTS)).toEqual([]);
  });
});

describe('workflow machines together', () => {
  it('use rule codes unique across the four machines', () => {
    const codes = [verificationGuardRules, reimbursementGuardRules, orthodonticPlanGuardRules, orthodonticInstallmentGuardRules].flatMap((rules) =>
      Object.values(rules).map((r: { rule: string }) => r.rule),
    );
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('an orthodontic reimbursement’s effects are events its instalment accepts at that point', () => {
    const claim: ReimbursementFacts = {
      actorId: 2,
      actorIsSupervisor: false,
      creatorId: 1,
      assigneeId: null,
      kind: 'ORTHODONTIC',
      lineCount: 1,
      missingDocuments: [],
      withinFilingDeadline: true,
      coverageActiveOnServiceDates: true,
      serviceDatesWithinVerification: true,
      duplicateLineCount: 0,
      approvedLineCount: 1,
      rejectedLineCount: 0,
      reducedLineCount: 0,
      automaticLines: [{ lineId: 1, approved: true, coveredCents: 10_000 }],
      payableCents: 10_000,
      approvalThresholdCents: 100_000,
      actorCanApproveAboveThreshold: false,
      // Approved by someone else than who pays; not sampled for medical review (R12).
      approverId: 3,
      medicalReviewRequired: false,
      medicalReviewDone: false,
      cureDeadline: null,
      today: '2025-07-02',
      payeeHasBankDetails: true,
      alreadyPaid: false,
      heldByPaymentRun: false,
      liquidationUnchanged: true,
    };
    const INSTALMENT_EVENT: Record<string, OrthodonticInstallmentEvent> = {
      claimInstallment: { type: 'CLAIM' },
      rejectInstallment: { type: 'REJECT' },
      settleInstallment: { type: 'PAY' },
    };
    // A draft is cancelled without touching the instalment; submit (claims), check, approve, pay (settles).
    let reimbursement = snapshotAt(reimbursementMachine, 'draft', claim);
    let instalment = at('claimable');
    const run = (event: Parameters<typeof step>[2]) => {
      const result = step(reimbursementMachine, reimbursement, event, reimbursementGuardRules);
      if (!result.ok) throw new Error(result.rule);
      reimbursement = snapshotAt(reimbursementMachine, result.value, claim);
      for (const effect of result.effects) {
        const sent = INSTALMENT_EVENT[effect.type];
        if (!sent) continue;
        const next = step(machine, instalment, sent, orthodonticInstallmentGuardRules);
        if (!next.ok) throw new Error(`${effect.type}: ${next.rule}`);
        instalment = at(next.value as OrthodonticInstallmentState);
      }
      return [reimbursement.value, instalment.value];
    };
    expect(run({ type: 'CANCEL', reason: 'Factura equivocada' })).toEqual(['cancelled', 'claimable']);
    reimbursement = snapshotAt(reimbursementMachine, 'draft', claim);
    expect(run({ type: 'SUBMIT' })).toEqual(['submitted', 'claimed']);
    expect(run({ type: 'CHECK' })).toEqual(['inReview', 'claimed']);
    expect(run({ type: 'APPROVE' })).toEqual(['approved', 'claimed']);
    expect(run({ type: 'PAY', reference: 'TRF-9', reason: 'Pago excepcional' })).toEqual(['paid', 'paid']);

    // Submitted with a document missing, it waits for it having claimed the instalment, which resubmitting keeps.
    instalment = at('claimable');
    reimbursement = snapshotAt(reimbursementMachine, 'draft', { ...claim, missingDocuments: ['DENTAL_REPORT'], cureDeadline: '2025-07-12' });
    expect(run({ type: 'SUBMIT' })).toEqual(['needsDocuments', 'claimed']);
    reimbursement = snapshotAt(reimbursementMachine, 'needsDocuments', { ...claim, cureDeadline: '2025-07-12' });
    expect(run({ type: 'RESUBMIT' })).toEqual(['submitted', 'claimed']);
  });
});
