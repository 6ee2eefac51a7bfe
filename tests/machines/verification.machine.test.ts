import { describe, expect, it } from 'vitest';
import { untakenTransitions } from './workflow-model.ts';
import { VERIFICATION_FACTS as FACTS } from '@core/workflows/examples.ts';
import { and, createActor, setup, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import {
  VERIFICATION_STATES,
  verificationGuardRules,
  verificationMachine,
  type VerificationEvent,
  type VerificationFacts,
  type VerificationState } from '@core/workflows/verification.machine.ts';
import {
  ILLEGAL_EVENT,
  allowedEvents,
  explainRefusal,
  isAfter,
  isIsoDate,
  isOnOrBefore,
  lintWorkflow,
  snapshotAt,
  step } from '@core/workflows/workflow.ts';

const machine = verificationMachine;

const ORTHO: VerificationFacts = { ...FACTS, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', patientAgeOnServiceDate: 18 };

/** Every event, with payload variants that make each event-reading guard pass and fail. */
const EVENTS: VerificationEvent[] = [
  // Taking it for oneself (the actor is 7), as the server probes ASSIGN.
  { type: 'ASSIGN', assigneeId: 7 },
  { type: 'ASSIGN', assigneeId: 0 },
  { type: 'START' },
  { type: 'REQUEST_INFO', note: 'Falta el número de póliza' },
  { type: 'REQUEST_INFO', note: '   ' },
  { type: 'INFO_RECEIVED' },
  { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-123' },
  { type: 'RECORD_ELIGIBLE', channel: 'PHONE' },
  { type: 'RECORD_ELIGIBLE', channel: 'FAX' as never, authorizationNumber: 'AUT-123' },
  { type: 'RECORD_NOT_ELIGIBLE', reason: 'Póliza dada de baja' },
  { type: 'RECORD_NOT_ELIGIBLE', reason: '' },
  { type: 'EXPIRE' },
  { type: 'CANCEL', reason: 'Duplicada' },
  { type: 'CANCEL', reason: ' ' },
];

interface Scenario {
  name: string;
  facts: VerificationFacts;
  /** A persisted state to start from, instead of the initial one. */
  from?: VerificationState;
}

const SCENARIOS: Scenario[] = [
  { name: 'general verification, everything allowed', facts: FACTS },
  { name: 'orthodontic preauthorization, worked by a supervisor', facts: { ...ORTHO, assigneeId: null, actorIsSupervisor: true } },
  { name: 'persisted verified verification', facts: FACTS, from: 'verified' },
  { name: 'persisted verification waiting for information', facts: FACTS, from: 'needsInfo' },
];

describe('verification machine — model-based', () => {
  it('covers every transition of the machine', () => {
    expect(untakenTransitions(machine, { scenarios: SCENARIOS, events: EVENTS, states: VERIFICATION_STATES, finals: ['notEligible', 'expired', 'cancelled'] })).toEqual([]);
  });

  it('reaches every state from the initial one', () => {
    const reached = getShortestPaths(machine as AnyStateMachine, { events: EVENTS, input: { facts: FACTS }, serializeState: (s) => JSON.stringify(s.value) });
    expect(reached.map((p) => p.state.value).sort()).toEqual([...VERIFICATION_STATES].sort());
  });

  it('follows the house conventions: named guards and actions, rules, statuses, state list', () => {
    expect(lintWorkflow(machine, verificationGuardRules, VERIFICATION_STATES)).toEqual([]);
    expect(createActor(machine, { input: { facts: FACTS } }).getSnapshot().context).toEqual({ facts: FACTS });
    for (const [name, action] of Object.entries(machine.implementations.actions)) expect((action as () => unknown)(), name).toBeUndefined();
    expect(machine.root.states.inProgress!.meta?.rules).toEqual(expect.arrayContaining(['R3', 'R7', 'R8', 'R14']));
    expect(machine.root.states.verified!.meta).toEqual({ status: 'VERIFICADA', rules: ['R8'] });
  });
});

const at = (value: VerificationState, facts: Partial<VerificationFacts> = {}, base = FACTS) => snapshotAt(machine, value, { ...base, ...facts });
const refusal = (value: VerificationState, event: VerificationEvent, facts: Partial<VerificationFacts> = {}, base = FACTS) =>
  explainRefusal(machine, at(value, facts, base), event, verificationGuardRules);
const ELIGIBLE: VerificationEvent = { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-1' };

describe('verification machine — guards at their boundaries', () => {
  it('expires the day after validUntil, not on it, and never without a validity date', () => {
    expect(refusal('verified', { type: 'EXPIRE' }, { today: '2025-03-31', validUntil: '2025-03-31' })).toBe('verification.stillValid');
    expect(refusal('verified', { type: 'EXPIRE' }, { today: '2025-04-01', validUntil: '2025-03-31' })).toBeNull();
    expect(refusal('verified', { type: 'EXPIRE' }, { today: '2026-01-01', validUntil: '2025-12-31' })).toBeNull();
    expect(refusal('verified', { type: 'EXPIRE' }, { validUntil: null })).toBe('verification.stillValid');
  });

  it('lets only the assignee or a supervisor start', () => {
    expect(refusal('pending', { type: 'START' })).toBeNull();
    expect(refusal('pending', { type: 'START' }, { assigneeId: 8 })).toBe('verification.notAssignee');
    expect(refusal('pending', { type: 'START' }, { assigneeId: null })).toBe('verification.notAssignee');
    expect(refusal('pending', { type: 'START' }, { assigneeId: null, actorIsSupervisor: true })).toBeNull();
  });

  it('assigns a valid user, in pending and in progress only', () => {
    expect(refusal('pending', { type: 'ASSIGN', assigneeId: 7 }, { assigneeId: null })).toBeNull();
    // Once it is theirs, taking it again is refused with its reason (issue 28 item 2).
    expect(refusal('pending', { type: 'ASSIGN', assigneeId: 7 })).toBe('verification.alreadyAssignee');
    expect(refusal('inProgress', { type: 'ASSIGN', assigneeId: 3 }, { actorIsSupervisor: true })).toBeNull();
    // Handing it to someone else is a supervisor's (the worklist's bulk assign).
    expect(refusal('pending', { type: 'ASSIGN', assigneeId: 3 })).toBe('verification.assignerNotAllowed');
    expect(refusal('inProgress', { type: 'ASSIGN', assigneeId: -1 })).toBe('verification.assigneeInvalid');
    expect(refusal('needsInfo', { type: 'ASSIGN', assigneeId: 7 })).toBe(ILLEGAL_EVENT);
    const result = step(machine, at('pending', { assigneeId: null }), { type: 'ASSIGN', assigneeId: 7 }, verificationGuardRules);
    expect(result).toEqual({ ok: true, value: 'pending', effects: [{ type: 'recordAssignee', params: undefined }] });
  });

  it('requires a note to ask for information and a reason to record not eligible', () => {
    expect(refusal('inProgress', { type: 'REQUEST_INFO', note: '' })).toBe('verification.noteRequired');
    expect(refusal('inProgress', { type: 'REQUEST_INFO', note: 'x' })).toBeNull();
    expect(refusal('inProgress', { type: 'RECORD_NOT_ELIGIBLE', reason: '\n' })).toBe('verification.reasonRequired');
    expect(refusal('inProgress', { type: 'RECORD_NOT_ELIGIBLE', reason: 'Baja' })).toBeNull();
  });

  it('records eligible only with a channel, active coverage and a non-negative annual maximum', () => {
    expect(refusal('inProgress', ELIGIBLE)).toBeNull();
    expect(refusal('inProgress', { ...ELIGIBLE, channel: 'FAX' as never })).toBe('verification.channelRequired');
    expect(refusal('inProgress', ELIGIBLE, { coverageActiveOnServiceDate: false })).toBe('verification.coverageInactive');
    expect(refusal('inProgress', ELIGIBLE, { annualMaximumRemainingCents: 0 })).toBeNull();
    expect(refusal('inProgress', ELIGIBLE, { annualMaximumRemainingCents: -1 })).toBe('verification.annualMaximumExceeded');
  });

  it('needs an authorization number for a preauthorization only', () => {
    const preauth = { kind: 'PREAUTHORIZATION' } as const;
    expect(refusal('inProgress', { type: 'RECORD_ELIGIBLE', channel: 'PHONE' }, preauth)).toBe('verification.authorizationNumberRequired');
    expect(refusal('inProgress', { type: 'RECORD_ELIGIBLE', channel: 'PHONE', authorizationNumber: '  ' }, preauth)).toBe('verification.authorizationNumberRequired');
    expect(refusal('inProgress', { type: 'RECORD_ELIGIBLE', channel: 'PHONE', authorizationNumber: 'AUT-9' }, preauth)).toBeNull();
    expect(refusal('inProgress', { type: 'RECORD_ELIGIBLE', channel: 'PHONE' }, { kind: 'ELIGIBILITY' })).toBeNull();
  });

  it('orthodontic: age 18 passes and 19 fails with limit 19; some lifetime maximum must remain', () => {
    expect(refusal('inProgress', ELIGIBLE, { patientAgeOnServiceDate: 18 }, ORTHO)).toBeNull();
    expect(refusal('inProgress', ELIGIBLE, { patientAgeOnServiceDate: 19 }, ORTHO)).toBe('verification.orthoAgeLimitReached');
    expect(refusal('inProgress', ELIGIBLE, { orthoLifetimeRemainingCents: 1 }, ORTHO)).toBeNull();
    expect(refusal('inProgress', ELIGIBLE, { orthoLifetimeRemainingCents: 0 }, ORTHO)).toBe('verification.orthoLifetimeExhausted');
    // The orthodontic limits do not apply to general verifications.
    expect(refusal('inProgress', ELIGIBLE, { patientAgeOnServiceDate: 40, orthoLifetimeRemainingCents: 0 })).toBeNull();
  });

  it('reports the first refusing guard in the order they are combined', () => {
    expect(refusal('inProgress', { type: 'RECORD_ELIGIBLE', channel: 'PHONE' }, { coverageActiveOnServiceDate: false, patientAgeOnServiceDate: 30 }, ORTHO)).toBe(
      'verification.coverageInactive',
    );
  });

  it('cancels open verifications with a reason and no reimbursements; never once resolved', () => {
    for (const state of ['pending', 'inProgress', 'needsInfo'] as const) {
      expect(refusal(state, { type: 'CANCEL', reason: 'Duplicada' })).toBeNull();
      expect(refusal(state, { type: 'CANCEL', reason: '' })).toBe('verification.reasonRequired');
      expect(refusal(state, { type: 'CANCEL', reason: 'Duplicada' }, { hasReimbursements: true })).toBe('verification.hasReimbursements');
    }
    for (const state of ['verified', 'notEligible', 'expired', 'cancelled'] as const) expect(refusal(state, { type: 'CANCEL', reason: 'x' })).toBe(ILLEGAL_EVENT);
  });

  it('names the effects the server performs on verification', () => {
    expect(step(machine, at('inProgress'), ELIGIBLE, verificationGuardRules)).toEqual({
      ok: true,
      value: 'verified',
      effects: ['stampVerifiedAt', 'recordEligibility', 'setValidUntil'].map((type) => ({ type, params: undefined })),
    });
    expect(step(machine, at('inProgress', { coverageActiveOnServiceDate: false }), ELIGIBLE, verificationGuardRules)).toEqual({ ok: false, rule: 'verification.coverageInactive' });
  });
});

describe('verification machine — explainRefusal and allowedEvents', () => {
  it('answers workflow.illegalEvent when the state has no transition for the event, null when accepted', () => {
    expect(refusal('pending', { type: 'INFO_RECEIVED' })).toBe(ILLEGAL_EVENT);
    expect(refusal('pending', { type: 'EXPIRE' })).toBe(ILLEGAL_EVENT);
    expect(refusal('expired', { type: 'START' })).toBe(ILLEGAL_EVENT);
    expect(refusal('needsInfo', { type: 'INFO_RECEIVED' })).toBeNull();
  });

  it('every guard refusal maps to its own rule code', () => {
    const seen = new Set<string>();
    const cases: Array<[VerificationState, VerificationEvent, Partial<VerificationFacts>]> = [
      ['pending', { type: 'ASSIGN', assigneeId: 0 }, {}],
      ['pending', { type: 'ASSIGN', assigneeId: 3 }, {}],
      ['pending', { type: 'ASSIGN', assigneeId: 7 }, {}],
      ['pending', { type: 'START' }, { assigneeId: 1 }],
      ['inProgress', { type: 'REQUEST_INFO', note: '' }, {}],
      ['inProgress', { type: 'RECORD_ELIGIBLE', channel: '' as never }, {}],
      ['inProgress', ELIGIBLE, { coverageActiveOnServiceDate: false }],
      ['inProgress', ELIGIBLE, { annualMaximumRemainingCents: -5 }],
      ['inProgress', { type: 'RECORD_ELIGIBLE', channel: 'API' }, { kind: 'PREAUTHORIZATION' }],
      ['inProgress', ELIGIBLE, { category: 'ORTHODONTIC', patientAgeOnServiceDate: 19 }],
      ['inProgress', ELIGIBLE, { category: 'ORTHODONTIC', orthoLifetimeRemainingCents: 0 }],
      ['inProgress', { type: 'RECORD_NOT_ELIGIBLE', reason: '' }, {}],
      ['verified', { type: 'EXPIRE' }, { today: '2025-03-31' }],
      ['pending', { type: 'CANCEL', reason: 'x' }, { hasReimbursements: true }],
    ];
    for (const [state, event, facts] of cases) seen.add(refusal(state, event, facts)!);
    expect([...seen].sort()).toEqual(Object.values(verificationGuardRules).map((r) => r.rule).sort());
  });

  it('lists the events a snapshot accepts', () => {
    // The reader is its assignee in FACTS: taking it again is no step.
    expect(allowedEvents(machine, at('pending'), EVENTS)).toEqual(['START', 'CANCEL']);
    expect(allowedEvents(machine, at('pending', { assigneeId: null }), EVENTS)).toEqual(['ASSIGN', 'CANCEL']);
    expect(allowedEvents(machine, at('pending', { assigneeId: 1, hasReimbursements: true }), EVENTS)).toEqual(['ASSIGN']);
    expect(allowedEvents(machine, at('inProgress'), EVENTS)).toEqual(['REQUEST_INFO', 'RECORD_ELIGIBLE', 'RECORD_NOT_ELIGIBLE', 'CANCEL']);
    expect(allowedEvents(machine, at('verified', { today: '2025-03-01' }), EVENTS)).toEqual([]);
    expect(allowedEvents(machine, at('cancelled'), EVENTS)).toEqual([]);
  });
});

describe('workflow helpers', () => {
  it('compares ISO days and validates calendar dates', () => {
    expect(isAfter('2025-04-01', '2025-03-31')).toBe(true);
    expect(isAfter('2025-03-31', '2025-03-31')).toBe(false);
    expect(isOnOrBefore('2025-03-31', '2025-03-31')).toBe(true);
    expect(isOnOrBefore('2025-03-31T23:59:59Z', '2025-03-31')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-4-1')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('lint reports inline guards, unused guards or guards without a rule code, and missing statuses and rules', () => {
    const broken = setup({
      types: { context: {} as { facts: object }, events: {} as { type: 'GO' } | { type: 'STOP' } },
      guards: { ok: () => true, unused: () => true },
      actions: { effect: () => {} },
    }).createMachine({
      id: 'broken',
      initial: 'a',
      context: { facts: {} },
      states: {
        a: { meta: { status: 'A', rules: ['R99'] }, on: { GO: { target: 'b', guard: and(['ok', () => true]) } } },
        b: { on: { STOP: { target: 'a', guard: () => false } } },
      },
    });
    const problems = lintWorkflow(broken, { ok: { rule: 'broken.ok' } }, ['a', 'b']);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^a --GO--> b: .*and\(\[\.\.\.\]\) only/),
        expect.stringMatching(/^b --STOP--> a: /),
        'guard unused is never used',
        'guard unused has no rule',
        'action effect is never used',
        'state a: meta.rules must list R1…R22 ids',
        'state b: meta.status missing',
      ]),
    );
  });
});
