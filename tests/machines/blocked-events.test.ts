import { describe, expect, it } from 'vitest';
import { REIMBURSEMENT_FACTS } from '@core/workflows/examples.ts';
import { reimbursementMachine } from '@core/workflows/reimbursement.machine.ts';
import { verificationMachine, type VerificationFacts } from '@core/workflows/verification.machine.ts';
import { blockedEvents, mayReassign, snapshotAt } from '@core/workflows/workflow.ts';

const facts: VerificationFacts = {
  actorId: 3,
  assigneeId: 3,
  actorIsSupervisor: false,
  kind: 'PREAUTHORIZATION',
  category: 'ORTHODONTIC',
  coverageActiveOnServiceDate: false,
  patientAgeOnServiceDate: 30,
  orthoAgeLimit: 19,
  orthoLifetimeRemainingCents: 5000,
  annualMaximumRemainingCents: 1000,
  hasReimbursements: false,
  today: '2026-11-21',
  validUntil: null,
};

describe('blockedEvents', () => {
  it('lists every failing guard of each refused event of the state, and leaves out accepted and absent events', () => {
    const snapshot = snapshotAt(verificationMachine, 'inProgress', facts);
    const blocked = blockedEvents(verificationMachine, snapshot, [
      { type: 'START' },
      { type: 'REQUEST_INFO', note: 'x' },
      { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' },
      { type: 'RECORD_ELIGIBLE', channel: 'PHONE' },
      { type: 'CANCEL', reason: 'x' },
    ]);
    // START has no transition in progress; REQUEST_INFO and CANCEL pass; RECORD_ELIGIBLE once, with three reasons in order.
    expect(blocked).toEqual([{ type: 'RECORD_ELIGIBLE', guards: ['coverageActiveOnServiceDate', 'authorizationNumberGiven', 'orthoUnderAgeLimit'] }]);
  });

  it('gives for an event of several branches what stands in the way of all of them, not one branch\'s own condition', () => {
    // The creator approving a claim with no rejected line: full approval fails on separation of duties only;
    // partial approval also on "some line is rejected", which is no reason the approval is refused.
    const snapshot = snapshotAt(reimbursementMachine, 'inReview', { ...REIMBURSEMENT_FACTS, actorId: REIMBURSEMENT_FACTS.creatorId, rejectedLineCount: 0 });
    const [approve] = blockedEvents(reimbursementMachine, snapshot, [{ type: 'APPROVE' }]);
    expect(approve?.guards).toContain('approverIsNotCreator');
    expect(approve?.guards).not.toContain('someLinesRejected');
    expect(approve?.guards).not.toContain('noRejectedLines');
  });

  it('refuses taking what is already one\'s own, in both machines that take ASSIGN, and a supervisor may still hand it on', () => {
    // Issue 28 item 2: "Tomar" on one's own record is shown unavailable with its reason, not as a live button.
    const verification = snapshotAt(verificationMachine, 'pending', facts);
    expect(blockedEvents(verificationMachine, verification, [{ type: 'ASSIGN', assigneeId: 3 }])).toEqual([{ type: 'ASSIGN', guards: ['assigneeChanges'] }]);
    // A supervisor handing her own verification to someone else changes its assignee: allowed.
    expect(blockedEvents(verificationMachine, snapshotAt(verificationMachine, 'pending', { ...facts, actorIsSupervisor: true }), [{ type: 'ASSIGN', assigneeId: 4 }])).toEqual([]);
    const own = { ...REIMBURSEMENT_FACTS, assigneeId: REIMBURSEMENT_FACTS.actorId };
    const reimbursement = snapshotAt(reimbursementMachine, 'inReview', own);
    const blocked = blockedEvents(reimbursementMachine, reimbursement, [{ type: 'ASSIGN', assigneeId: own.actorId }]);
    expect(blocked).toEqual([{ type: 'ASSIGN', guards: ['assigneeChanges'] }]);
    // Taking it is refused, naming someone else is not: a supervisor keeps "Reasignar".
    expect(mayReassign({ allowedEvents: [], blockedEvents: blocked })).toBe(true);
    expect(mayReassign({ allowedEvents: [], blockedEvents: [{ type: 'ASSIGN', guards: ['assigneeChanges', 'assignerIsSupervisorOrSelf'] }] })).toBe(false);
    expect(mayReassign({ allowedEvents: ['ASSIGN'], blockedEvents: [] })).toBe(true);
  });

  it('is empty when everything of the state is allowed', () => {
    const snapshot = snapshotAt(verificationMachine, 'needsInfo', facts);
    expect(blockedEvents(verificationMachine, snapshot, [{ type: 'INFO_RECEIVED' }, { type: 'CANCEL', reason: 'r' }])).toEqual([]);
  });
});
