import { describe, expect, it } from 'vitest';
import { untakenTransitions } from './workflow-model.ts';
import { ORTHODONTIC_PLAN_FACTS as FACTS, ORTHODONTIC_PLAN_EVENTS } from '@core/workflows/examples.ts';
import { type AnyStateMachine } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import {
  LIFETIME_MAXIMUM_REASON,
  ORTHODONTIC_PLAN_STATES,
  orthodonticPlanGuardRules,
  orthodonticPlanMachine,
  type OrthodonticPlanEvent,
  type OrthodonticPlanFacts,
  type OrthodonticPlanState } from '@core/workflows/orthodontic-plan.machine.ts';
import { ILLEGAL_EVENT, allowedEvents, explainRefusal, lintWorkflow, snapshotAt, step } from '@core/workflows/workflow.ts';

const machine = orthodonticPlanMachine;


/** Every event, with payload variants that make each event-reading guard pass and fail (shared with the path fixtures). */
const EVENTS = ORTHODONTIC_PLAN_EVENTS;

interface Scenario {
  name: string;
  facts: OrthodonticPlanFacts;
  from?: OrthodonticPlanState;
}

const SCENARIOS: Scenario[] = [
  { name: 'plan through its whole life', facts: FACTS },
  { name: 'persisted suspended plan, coverage back', facts: { ...FACTS, lifetimeRemainingCents: 50_000, openInstallments: 12 }, from: 'suspended' },
  { name: 'persisted exhausted plan', facts: FACTS, from: 'exhausted' },
];

const FINAL = ['completed', 'cancelled'];
describe('orthodontic plan machine — model-based', () => {
  it('covers every transition of the machine', () => {
    expect(untakenTransitions(machine, { scenarios: SCENARIOS, events: EVENTS, states: ORTHODONTIC_PLAN_STATES, finals: FINAL })).toEqual([]);
  });

  it('reaches every state from the initial one', () => {
    const paths = getShortestPaths(machine as AnyStateMachine, { events: EVENTS, input: { facts: FACTS }, serializeState: (s) => JSON.stringify(s.value) });
    expect(paths.map((p) => p.state.value).sort()).toEqual([...ORTHODONTIC_PLAN_STATES].sort());
  });

  it('follows the house conventions: named guards and actions, rules, statuses, state list', () => {
    expect(lintWorkflow(machine, orthodonticPlanGuardRules, ORTHODONTIC_PLAN_STATES)).toEqual([]);
    for (const [name, action] of Object.entries(machine.implementations.actions)) expect((action as () => unknown)(), name).toBeUndefined();
    expect(machine.root.states.exhausted!.meta).toMatchObject({ status: 'AGOTADO' });
    expect(machine.root.states.active!.meta?.rules).toContain('R7');
  });
});

const at = (value: OrthodonticPlanState, facts: Partial<OrthodonticPlanFacts> = {}) => snapshotAt(machine, value, { ...FACTS, ...facts });
const refusal = (value: OrthodonticPlanState, event: OrthodonticPlanEvent, facts: Partial<OrthodonticPlanFacts> = {}) => explainRefusal(machine, at(value, facts), event, orthodonticPlanGuardRules);
const ACTIVATE: OrthodonticPlanEvent = { type: 'ACTIVATE', bandingDate: '2025-06-01' };
const effects = (...types: string[]) => types.map((type) => ({ type, params: undefined }));

describe('orthodontic plan machine — guards at their boundaries', () => {
  it('approves a verified preauthorization with its number, once the waiting period is met', () => {
    expect(step(machine, at('proposed'), { type: 'APPROVE' }, orthodonticPlanGuardRules)).toEqual({ ok: true, value: 'approved', effects: effects('recordApproval') });
    expect(refusal('proposed', { type: 'APPROVE' }, { preauthorizationVerified: false })).toBe('orthodonticPlan.preauthorizationNotVerified');
    expect(refusal('proposed', { type: 'APPROVE' }, { authorizationNumber: null })).toBe('orthodonticPlan.authorizationNumberMissing');
    expect(refusal('proposed', { type: 'APPROVE' }, { authorizationNumber: '  ' })).toBe('orthodonticPlan.authorizationNumberMissing');
    expect(refusal('proposed', { type: 'APPROVE' }, { waitingPeriodMet: false })).toBe('orthodonticPlan.waitingPeriodNotMet');
  });

  it('activates at 18 but not at 19 (limit 19), and schedules the instalments', () => {
    expect(refusal('approved', ACTIVATE, { patientAgeAtBanding: 18 })).toBeNull();
    expect(refusal('approved', ACTIVATE, { patientAgeAtBanding: 19 })).toBe('orthodonticPlan.ageLimitReached');
    expect(refusal('approved', ACTIVATE, { patientAgeAtBanding: null })).toBe('orthodonticPlan.ageLimitReached');
    expect(step(machine, at('approved'), ACTIVATE, orthodonticPlanGuardRules)).toEqual({ ok: true, value: 'active', effects: effects('recordBandingDate', 'scheduleInstallments') });
  });

  it('needs a real banding date, today at the latest', () => {
    expect(refusal('approved', { type: 'ACTIVATE', bandingDate: '2025-06-15' })).toBeNull();
    expect(refusal('approved', { type: 'ACTIVATE', bandingDate: '2025-06-16' })).toBe('orthodonticPlan.bandingDateInvalid');
    expect(refusal('approved', { type: 'ACTIVATE', bandingDate: '2025-02-30' })).toBe('orthodonticPlan.bandingDateInvalid');
    expect(refusal('approved', { type: 'ACTIVATE', bandingDate: '' })).toBe('orthodonticPlan.bandingDateInvalid');
  });

  it('suspends with a reason and resumes only with coverage active', () => {
    expect(refusal('active', { type: 'SUSPEND', reason: '' })).toBe('orthodonticPlan.reasonRequired');
    expect(step(machine, at('active'), { type: 'SUSPEND', reason: 'Baja' }, orthodonticPlanGuardRules)).toEqual({ ok: true, value: 'suspended', effects: effects('recordSuspension') });
    expect(refusal('suspended', { type: 'RESUME' }, { coverageActive: false })).toBe('orthodonticPlan.coverageInactive');
    expect(step(machine, at('suspended'), { type: 'RESUME' }, orthodonticPlanGuardRules)).toEqual({ ok: true, value: 'active', effects: [] });
  });

  it('is exhausted at 0 remaining, not at 1 cent, and skips the remaining instalments with reason 31', () => {
    expect(refusal('active', { type: 'LIFETIME_MAXIMUM_REACHED' }, { lifetimeRemainingCents: 1 })).toBe('orthodonticPlan.lifetimeRemaining');
    expect(step(machine, at('active', { lifetimeRemainingCents: 0 }), { type: 'LIFETIME_MAXIMUM_REACHED' }, orthodonticPlanGuardRules)).toEqual({
      ok: true,
      value: 'exhausted',
      effects: [{ type: 'skipRemainingInstallments', params: { reasonCode: LIFETIME_MAXIMUM_REASON } }],
    });
    expect(LIFETIME_MAXIMUM_REASON).toBe('31');
    expect(refusal('suspended', { type: 'LIFETIME_MAXIMUM_REACHED' })).toBe(ILLEGAL_EVENT);
  });

  it('completes at debond from active, suspended or exhausted, cancelling future instalments', () => {
    for (const state of ['active', 'suspended', 'exhausted'] as const) {
      expect(step(machine, at(state), { type: 'REGISTER_DEBOND', date: '2025-06-15' }, orthodonticPlanGuardRules)).toEqual({
        ok: true,
        value: 'completed',
        effects: effects('recordDebondDate', 'cancelFutureInstallments'),
      });
      expect(refusal(state, { type: 'REGISTER_DEBOND', date: '2025-06-16' })).toBe('orthodonticPlan.debondDateInvalid');
    }
    expect(refusal('approved', { type: 'REGISTER_DEBOND', date: '2025-06-15' })).toBe(ILLEGAL_EVENT);
  });

  it('completes when the schedule is finished: no open instalment left', () => {
    expect(refusal('active', { type: 'SCHEDULE_FINISHED' }, { openInstallments: 1 })).toBe('orthodonticPlan.installmentsOpen');
    expect(step(machine, at('active', { openInstallments: 0 }), { type: 'SCHEDULE_FINISHED' }, orthodonticPlanGuardRules)).toEqual({ ok: true, value: 'completed', effects: [] });
    expect(refusal('exhausted', { type: 'SCHEDULE_FINISHED' })).toBe(ILLEGAL_EVENT);
  });

  it('cancels with a reason until completed; instalments are cancelled once scheduled', () => {
    for (const state of ['proposed', 'approved'] as const) {
      expect(step(machine, at(state), { type: 'CANCEL', reason: 'x' }, orthodonticPlanGuardRules)).toEqual({ ok: true, value: 'cancelled', effects: effects('recordCancellation') });
    }
    for (const state of ['active', 'suspended'] as const) {
      expect(step(machine, at(state), { type: 'CANCEL', reason: 'x' }, orthodonticPlanGuardRules)).toEqual({
        ok: true,
        value: 'cancelled',
        effects: effects('recordCancellation', 'cancelFutureInstallments'),
      });
      expect(refusal(state, { type: 'CANCEL', reason: '' })).toBe('orthodonticPlan.reasonRequired');
    }
    for (const state of ['exhausted', 'completed', 'cancelled'] as const) expect(refusal(state, { type: 'CANCEL', reason: 'x' })).toBe(ILLEGAL_EVENT);
  });
});

describe('orthodontic plan machine — explainRefusal and allowedEvents', () => {
  it('every guard refusal maps to its own rule code', () => {
    const cases: Array<[OrthodonticPlanState, OrthodonticPlanEvent, Partial<OrthodonticPlanFacts>]> = [
      ['proposed', { type: 'APPROVE' }, { preauthorizationVerified: false }],
      ['proposed', { type: 'APPROVE' }, { authorizationNumber: '' }],
      ['proposed', { type: 'APPROVE' }, { waitingPeriodMet: false }],
      // R13 (issue 24 item 7): the proposer cannot approve; above the threshold approving needs the right.
      ['proposed', { type: 'APPROVE' }, { actorId: 1, creatorId: 1 }],
      ['proposed', { type: 'APPROVE' }, { actorCanApproveAboveThreshold: false, insurerShareCents: 100_000, approvalThresholdCents: 100_000 }],
      ['approved', { type: 'ACTIVATE', bandingDate: 'x' }, {}],
      ['approved', ACTIVATE, { patientAgeAtBanding: 25 }],
      ['active', { type: 'SUSPEND', reason: '' }, {}],
      ['suspended', { type: 'RESUME' }, { coverageActive: false }],
      ['active', { type: 'LIFETIME_MAXIMUM_REACHED' }, { lifetimeRemainingCents: 10 }],
      ['active', { type: 'REGISTER_DEBOND', date: '' }, {}],
      ['active', { type: 'SCHEDULE_FINISHED' }, { openInstallments: 3 }],
    ];
    const seen = new Set(cases.map(([state, event, facts]) => refusal(state, event, facts)));
    expect([...seen].sort()).toEqual(Object.values(orthodonticPlanGuardRules).map((r) => r.rule).sort());
  });

  it('answers workflow.illegalEvent when the state has no transition for the event', () => {
    expect(refusal('proposed', ACTIVATE)).toBe(ILLEGAL_EVENT);
    expect(refusal('active', { type: 'APPROVE' })).toBe(ILLEGAL_EVENT);
    expect(refusal('completed', { type: 'RESUME' })).toBe(ILLEGAL_EVENT);
  });

  it('lists the events a snapshot accepts', () => {
    expect(allowedEvents(machine, at('proposed'), EVENTS)).toEqual(['APPROVE', 'CANCEL']);
    expect(allowedEvents(machine, at('active', { lifetimeRemainingCents: 100, openInstallments: 2 }), EVENTS)).toEqual(['SUSPEND', 'REGISTER_DEBOND', 'CANCEL']);
    expect(allowedEvents(machine, at('exhausted'), EVENTS)).toEqual(['REGISTER_DEBOND']);
    expect(allowedEvents(machine, at('cancelled'), EVENTS)).toEqual([]);
  });
});
