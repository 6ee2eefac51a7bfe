import { describe, expect, it } from 'vitest';
import { attempt, eventsFrom, examplePayload, initialStateOf, SIMULATED, simulatedNamed, startingFacts, statesOf } from '../../src/features/diagrams/simulator/simulate.ts';
import { MACHINES } from '../../src/machines/registry.ts';

const reimbursement = simulatedNamed('reimbursement').machine;

describe('the simulator engine', () => {
  it('offers every workflow machine, each with facts to start from and a payload example for each of its events', () => {
    expect(SIMULATED.map((m) => m.name).sort()).toEqual(MACHINES.filter((m) => m.kind === 'workflow').map((m) => m.name).sort());
    for (const { name, machine } of SIMULATED) {
      expect(Object.keys(startingFacts(name)).length, name).toBeGreaterThan(0);
      expect(statesOf(machine), name).toContain(initialStateOf(machine));
    }
    expect(examplePayload('reimbursement', 'PAY')).toEqual({ reference: expect.any(String), reason: expect.any(String) });
    expect(examplePayload('reimbursement', 'SUBMIT')).toEqual({});
  });

  it('hands out copies of the starting facts, so an edit never changes the next start', () => {
    const facts = startingFacts('reimbursement');
    facts.payableCents = 1;
    expect(startingFacts('reimbursement').payableCents).not.toBe(1);
  });

  it('lists the events the state has a transition for', () => {
    expect(eventsFrom(reimbursement, 'draft', startingFacts('reimbursement'))).toEqual(expect.arrayContaining(['SUBMIT', 'CANCEL']));
    expect(eventsFrom(reimbursement, 'paid', startingFacts('reimbursement'))).toEqual([]);
  });

  it('refuses APPROVE at the approval threshold without the permission, naming the failing guard, and accepts it one cent under', () => {
    const facts = { ...startingFacts('reimbursement'), payableCents: 100_000, approvalThresholdCents: 100_000, actorCanApproveAboveThreshold: false };
    const refused = attempt(reimbursement, 'inReview', facts, { type: 'APPROVE' });
    expect(refused.result).toEqual({ ok: false, rule: 'reimbursement.aboveApprovalThreshold' });
    for (const branch of refused.branches) expect(branch.guards).toContainEqual({ guard: 'withinApprovalAuthority', passed: false });
    expect(refused.branches[0]!.guards).toContainEqual({ guard: 'approverIsNotCreator', passed: true });

    const accepted = attempt(reimbursement, 'inReview', { ...facts, payableCents: 99_999 }, { type: 'APPROVE' });
    expect(accepted.result).toMatchObject({ ok: true, value: 'approved' });
    expect(accepted.branches[0]!.guards).toContainEqual({ guard: 'withinApprovalAuthority', passed: true });
    expect(attempt(reimbursement, 'inReview', { ...facts, actorCanApproveAboveThreshold: true }, { type: 'APPROVE' }).result).toMatchObject({ ok: true, value: 'approved' });
  });

  it('reads the payload: a blank payment reference is refused by its own guard', () => {
    const facts = startingFacts('reimbursement');
    expect(attempt(reimbursement, 'approved', facts, { type: 'PAY', reference: ' ', reason: 'Pago excepcional' }).result).toEqual({ ok: false, rule: 'reimbursement.paymentReferenceRequired' });
    expect(attempt(reimbursement, 'approved', facts, { type: 'PAY', ...examplePayload('reimbursement', 'PAY') }).result).toMatchObject({ ok: true, value: 'paid' });
  });

  it('answers an event the state has no transition for as illegal', () => {
    expect(attempt(reimbursement, 'paid', startingFacts('reimbursement'), { type: 'SUBMIT' })).toEqual({ result: { ok: false, rule: 'workflow.illegalEvent' }, branches: [] });
  });
});
