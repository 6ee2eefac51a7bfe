import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { draftOf, verificationFlowMachine, type CoverageFacts, type VerificationFlowDraft } from '../../src/machines/verification-flow.machine.ts';

// The opening of a verification (`/verificaciones/nueva`): its steps, the guards on what was chosen, and its two
// server calls as provided actors that answer or fail.

const TODAY = '2026-11-21';
const COVERAGE: CoverageFacts = {
  activeToday: true,
  inactiveReason: null,
  policyEndsOn: '2027-06-30',
  currency: 'EUR',
  annualMaximumRemainingCents: 100_000,
  orthodonticRemainingCents: null,
  birthDate: '1990-03-14',
  orthodonticAgeLimit: 19,
  waitingPeriods: [],
};
const PATIENT = { id: 4, name: 'Lucía Quispe' };
const READY: VerificationFlowDraft = { patient: PATIENT, kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-11-25', doctorId: null, note: '' };

function start(options: { draft?: VerificationFlowDraft; coverage?: () => Promise<CoverageFacts>; create?: () => Promise<number> } = {}) {
  const created: VerificationFlowDraft[] = [];
  const machine = verificationFlowMachine.provide({
    actors: {
      loadCoverage: fromPromise(options.coverage ?? (() => Promise.resolve(COVERAGE))),
      create: fromPromise(async ({ input }) => {
        created.push(input);
        return (options.create ?? (() => Promise.resolve(77)))();
      }),
    },
  });
  const actor = createActor(machine, { input: { today: TODAY, draft: options.draft } }).start();
  return { actor, created };
}

describe('verification flow', () => {
  it('moves on from the patient only once one is chosen, and back', () => {
    const { actor } = start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('patient');
    actor.send({ type: 'PICK_PATIENT', patient: PATIENT });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('details');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('patient');
    expect(actor.getSnapshot().context.patient).toEqual(PATIENT);
  });

  it('checks the details: a kind, orthodontics as a pre-authorisation, a date not past, a note of at most 4000 characters', async () => {
    const { actor } = start({ draft: { ...READY, kind: null } });
    actor.send({ type: 'NEXT' });
    const tryNext = () => {
      actor.send({ type: 'NEXT' });
      return actor.getSnapshot().value;
    };
    expect(tryNext()).toBe('details');
    actor.send({ type: 'EDIT', changes: { kind: 'BENEFITS', category: 'ORTHODONTIC' } });
    expect(tryNext()).toBe('details');
    actor.send({ type: 'EDIT', changes: { kind: 'PREAUTHORIZATION', plannedServiceDate: '2026-11-20' } });
    expect(tryNext()).toBe('details');
    actor.send({ type: 'EDIT', changes: { plannedServiceDate: TODAY, note: 'x'.repeat(4001) } });
    expect(tryNext()).toBe('details');
    actor.send({ type: 'EDIT', changes: { note: 'Llamar antes.' } });
    expect(tryNext()).toBe('checking');
    await waitFor(actor, (s) => s.matches('review'));
    expect(actor.getSnapshot().context.coverage).toEqual(COVERAGE);
  });

  it('says when the coverage cannot be read, tries again, or goes back to the details', async () => {
    let calls = 0;
    const { actor } = start({ draft: READY, coverage: () => (++calls < 3 ? Promise.reject({ code: 'network.unreachable' }) : Promise.resolve(COVERAGE)) });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('checkFailed'));
    expect(actor.getSnapshot().context.error).toBe('network.unreachable');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('details');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('checkFailed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('review'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('saves what was chosen; a refusal keeps the review with the code; going back edits again', async () => {
    let refuse = true;
    const { actor, created } = start({ draft: READY, create: () => (refuse ? Promise.reject({ code: 'verification.alreadyOpen' }) : Promise.resolve(91)) });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('review') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('verification.alreadyOpen');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('details');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('review'));
    refuse = false;
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.createdId).toBe(91);
    expect(created.at(-1)).toMatchObject({ patient: PATIENT, kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-11-25' });
  });

  it('starts empty without a kept draft, and keeps exactly the draft between visits', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('patient');
    expect(snapshot.machine.id).toBe('verificationFlow');
    expect(draftOf(snapshot.context)).toEqual({ patient: null, kind: null, category: 'GENERAL', plannedServiceDate: '', doctorId: null, note: '' });
    expect(draftOf({ ...READY, doctorId: 3, note: 'n', extra: 1 } as VerificationFlowDraft)).toEqual({ ...READY, doctorId: 3, note: 'n' });
  });

  it('choosing another patient forgets the coverage read for the previous one', async () => {
    const { actor } = start({ draft: READY });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('review'));
    expect(actor.getSnapshot().context.coverage).toEqual(COVERAGE);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'PICK_PATIENT', patient: { id: 9, name: 'Otro' } });
    expect(actor.getSnapshot().context).toMatchObject({ patient: { id: 9 }, coverage: null });
  });

  it('asks the coverage of the chosen patient', async () => {
    const inputs: unknown[] = [];
    const machine = verificationFlowMachine.provide({
      actors: {
        loadCoverage: fromPromise(async ({ input }) => {
          inputs.push(input);
          return COVERAGE;
        }),
      },
    });
    const actor = createActor(machine, { input: { today: TODAY, draft: READY } }).start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('review'));
    expect(inputs).toEqual([{ patientId: PATIENT.id }]);
  });

  it('accepts a note of exactly 4000 characters', async () => {
    const { actor } = start({ draft: { ...READY, note: 'x'.repeat(4000) } });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('checking');
  });

  it('without the screen’s server calls the check fails, never passes', async () => {
    const actor = createActor(verificationFlowMachine, { input: { today: TODAY, draft: READY } }).start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('checkFailed'));
    expect(actor.getSnapshot().context).toMatchObject({ coverage: null, error: 'server.unexpected' });
  });

  it.each([
    ['nothing', null],
    ['a numeric code', { code: 42 }],
    ['an object without a code', { message: 'x' }],
    ['a bare string', 'network.unreachable'],
  ])('a failure with %s reads as the server error code', async (_, rejection) => {
    const { actor } = start({ draft: READY, coverage: () => Promise.reject(rejection) });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('checkFailed'));
    expect(actor.getSnapshot().context.error).toBe('server.unexpected');
  });

  it('an unexpected failure reads as the server error code', async () => {
    const { actor } = start({ draft: READY, coverage: () => Promise.reject(new Error('boom')) });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('checkFailed'));
    expect(actor.getSnapshot().context.error).toBe('server.unexpected');
  });
});
