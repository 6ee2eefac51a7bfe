import { describe, expect, it } from 'vitest';
import { untakenTransitions } from './workflow-model.ts';
import { POLICY_EVENTS as EVENTS, POLICY_FACTS as FACTS } from '@core/workflows/examples.ts';
import { POLICY_STATES, acceptsPatients, policyGuardRules, policyMachine, type PolicyEvent, type PolicyFacts, type PolicyState } from '@core/workflows/policy.machine.ts';
import { ILLEGAL_EVENT, allowedEvents, explainRefusal, lintWorkflow, snapshotAt, step } from '@core/workflows/workflow.ts';

const machine = policyMachine;
const ENDED: PolicyFacts = { ...FACTS, today: '2026-01-15' };

const at = (state: PolicyState, facts: PolicyFacts = FACTS) => snapshotAt(machine, state, facts);
const refusal = (state: PolicyState, event: PolicyEvent, facts: PolicyFacts = FACTS) => explainRefusal(machine, at(state, facts), event, policyGuardRules);

describe('policy machine — model-based', () => {
  it('covers every transition of the machine', () => {
    const scenarios = [
      { name: 'in validity', facts: FACTS },
      { name: 'validity ended', facts: ENDED },
    ];
    expect(untakenTransitions(machine, { scenarios, events: EVENTS, states: POLICY_STATES, finals: ['cancelled'] })).toEqual([]);
  });

  it('follows the house conventions: named guards and actions, rules, statuses, state list', () => {
    expect(lintWorkflow(machine, policyGuardRules, POLICY_STATES)).toEqual([]);
  });
});

describe('policy machine — rules', () => {
  it('activates a pending policy only within its validity', () => {
    expect(step(machine, at('pending'), { type: 'ACTIVATE' }, policyGuardRules)).toMatchObject({ ok: true, value: 'active' });
    expect(refusal('pending', { type: 'ACTIVATE' }, { ...FACTS, startsOn: '2025-06-02' })).toBe('policy.validityNotStarted');
    expect(refusal('pending', { type: 'ACTIVATE' }, ENDED)).toBe('policy.validityEnded');
  });

  it('suspends and cancels only with a reason, and records it', () => {
    expect(refusal('active', { type: 'SUSPEND', reason: '  ' })).toBe('policy.reasonRequired');
    expect(step(machine, at('active'), { type: 'SUSPEND', reason: 'Impago' }, policyGuardRules)).toEqual({ ok: true, value: 'suspended', effects: [{ type: 'recordSuspension', params: undefined }] });
    expect(refusal('suspended', { type: 'CANCEL', reason: '' })).toBe('policy.reasonRequired');
    expect(step(machine, at('suspended'), { type: 'CANCEL', reason: 'Baja' }, policyGuardRules)).toMatchObject({ ok: true, value: 'cancelled', effects: [{ type: 'recordCancellation' }] });
  });

  it('resumes a suspended policy only while its validity lasts', () => {
    expect(step(machine, at('suspended'), { type: 'RESUME' }, policyGuardRules)).toMatchObject({ ok: true, value: 'active', effects: [{ type: 'clearSuspension' }] });
    expect(refusal('suspended', { type: 'RESUME' }, ENDED)).toBe('policy.validityEnded');
  });

  it('expires only after the end of validity', () => {
    expect(refusal('active', { type: 'EXPIRE' })).toBe('policy.validityNotEnded');
    expect(step(machine, at('active', ENDED), { type: 'EXPIRE' }, policyGuardRules)).toMatchObject({ ok: true, value: 'expired' });
  });

  it('renews an active or expired policy to a later end date', () => {
    expect(step(machine, at('expired', ENDED), { type: 'RENEW', endsOn: '2026-12-31' }, policyGuardRules)).toMatchObject({ ok: true, value: 'active', effects: [{ type: 'extendValidity' }] });
    expect(refusal('active', { type: 'RENEW', endsOn: '2025-12-31' })).toBe('policy.renewalEndInvalid');
    expect(refusal('active', { type: 'RENEW', endsOn: '2025-02-30' })).toBe('policy.renewalEndInvalid');
    expect(refusal('suspended', { type: 'RENEW', endsOn: '2026-12-31' })).toBe(ILLEGAL_EVENT);
  });

  it('is final once cancelled', () => {
    expect(allowedEvents(machine, at('cancelled'), EVENTS)).toEqual([]);
  });

  it('takes new patients only while pending or active', () => {
    expect(POLICY_STATES.filter(acceptsPatients)).toEqual(['pending', 'active']);
  });
});
