import { expect } from 'vitest';
import type { PatientCoverageFacts } from '@core/workflows/patient-coverage.machine.ts';
import type { PathEvent, PathRecord } from '../../../../scripts/statecharts/paths/types.ts';
import type { MachineAdapter, ReplayContext, Subject } from './api-replay.ts';
import { REPLAY_POLICY_TERMS, setupEvent } from './people.ts';

const factsOf = (scenario: { input?: unknown }) => (scenario.input as { facts: PatientCoverageFacts }).facts;

let sequence = 0;

/**
 * The fixture's document numbers made this path's own (a suffix), so that one path's patients are never another
 * path's "same document elsewhere".
 */
const documentOf = (subject: Subject, number: string | null) => (number === null || number.trim() === '' ? number : `${number}-${subject.seq as number}`);

/** The documents the path's enrolments and amendments carry, other than the policyholder's. */
function otherDocuments(path: PathRecord, facts: PatientCoverageFacts): string[] {
  const numbers = path.steps.map((s) => s.event).filter((e) => e.type === 'ENROL' || e.type === 'AMEND').map((e) => e.documentNumber as string | null);
  return [...new Set(numbers.filter((n): n is string => Boolean(n?.trim()) && n !== facts.holderDocument?.number))];
}

async function policyholder(ctx: ReplayContext, subject: Subject, documentNumber: string, tag: string): Promise<number> {
  const created = await ctx.call('POST', '/api/policyholders', {
    token: ctx.tokens.admin,
    body: {
      kind: 'PERSON',
      firstNames: 'Marta',
      lastNames: `Titular ${tag} ${subject.seq as number}`,
      birthDate: '1983-09-20',
      documentType: 'DNI',
      documentNumber,
      memberNumber: `AF-COB-${process.pid}-${subject.seq as number}-${tag}`,
      email: `cobertura-${subject.seq as number}-${tag}@example.org`,
      privacyConsentVersion: '2025.1',
      privacyConsentDate: '2025-01-01',
    },
  });
  if (created.status !== 201) throw new Error(`Creating the policyholder answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.id as number;
}

/** A family policy of the facts' validity and maximum, activated through its own event unless the facts keep it pending. */
async function policy(ctx: ReplayContext, facts: PatientCoverageFacts, holderId: number, tag: string): Promise<number> {
  const [{ insurerId }] = await ctx.server.db.query<{ insurerId: number }>(`SELECT id AS "insurerId" FROM insurers WHERE active AND currency = 'EUR' ORDER BY id LIMIT 1`);
  const created = await ctx.call('POST', '/api/policies', {
    token: ctx.tokens.admin,
    body: {
      policyholderId: holderId,
      insurerId,
      number: `POL-COB-${process.pid}-${++sequence}-${tag}`,
      ...REPLAY_POLICY_TERMS,
      issuedOn: facts.policyStartsOn,
      startsOn: facts.policyStartsOn,
      endsOn: facts.policyEndsOn,
      maxBeneficiaries: facts.maxBeneficiaries,
    },
  });
  if (created.status !== 201) throw new Error(`Creating the policy answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  if (facts.policyState !== 'PENDING') await setupEvent(ctx, 'policies', id, { type: 'ACTIVATE' }, ctx.tokens.admin);
  return id;
}

/** Enrols someone on the policy during the set-up (not one of the path's steps), failing loudly when refused. */
async function enrolMember(ctx: ReplayContext, policyId: number, details: Record<string, unknown>): Promise<void> {
  const created = await ctx.call('POST', '/api/patients', {
    token: ctx.tokens.admin,
    body: { policyId, firstNames: 'Familiar', lastName: 'Prueba', enrolledOn: '2025-01-01', ...details },
  });
  if (created.status !== 201) throw new Error(`Enrolling ${String(details.relationship)} answered ${created.status}: ${JSON.stringify(created.body)}`);
}

/** Children without a document (under 18, none needed), born a year apart. */
const child = (n: number) => ({ relationship: 'CHILD', birthDate: `${2020 - n}-03-01`, documentType: null, documentNumber: null });

/** The patient's details as the API takes them, from an enrolment or amendment of the path. */
const details = (subject: Subject, event: PathEvent) => ({
  relationship: event.relationship,
  firstNames: 'Paciente',
  lastName: `Cobertura ${subject.seq as number}`,
  birthDate: event.birthDate,
  enrolledOn: event.enrolledOn,
  documentType: event.documentType,
  documentNumber: documentOf(subject, event.documentNumber as string | null),
  isStudent: event.isStudent,
  studentUntil: event.studentUntil,
  confirmDuplicate: event.confirmDuplicate,
});

/**
 * Patients' coverage. The record is created by its enrolment (`POST /api/patients`), so a path starts from the
 * world its scenario describes, on the scenario's own dates (the clock at its `today`): a policyholder and a
 * family policy of their own, with the policy's other covered patients (the holder first, then children) as the
 * facts count them; the document the facts put in the policy is a covered spouse's, the one they put elsewhere
 * the holder of another policy. The API cannot make every count the facts give: a policy without its holder has
 * no other patients (R16 enrols the holder first), and a holder's dependants are enrolled after them, before
 * the path's next step. Enrolments and amendments are the patient's POST and PUT, whose refusals are 422 with
 * the rule code; suspension, resumption and end of coverage are events (409).
 */
export const patientCoverageAdapter: MachineAdapter = {
  machine: 'patient-coverage',
  resource: 'patients',
  creates: 'ENROL',
  stateOf: (record) => String(record.state).toLowerCase(),
  async setup(ctx, scenario, path): Promise<Subject> {
    const facts = factsOf(scenario);
    ctx.clock.today = facts.today;
    const subject: Subject = { id: 0, seq: ++sequence, facts };
    const holderDocument = documentOf(subject, facts.holderDocument!.number)!;
    if (!['PENDING', 'ACTIVE', 'SUSPENDED'].includes(facts.policyState)) throw new Error(`No ${facts.policyState} policy is made for the replay`);
    const policyId = await policy(ctx, facts, await policyholder(ctx, subject, holderDocument, 'A'), 'A');
    const [carried] = otherDocuments(path, facts);
    let members = 0;
    if (facts.otherHolder) {
      await enrolMember(ctx, policyId, { relationship: 'HOLDER', birthDate: '1983-09-20', documentType: 'DNI', documentNumber: holderDocument });
      members += 1;
      if (facts.documentInPolicy && carried) {
        await enrolMember(ctx, policyId, { relationship: 'SPOUSE', birthDate: '1985-04-10', documentType: 'DNI', documentNumber: documentOf(subject, carried) });
        members += 1;
      }
      for (let n = 0; members < facts.otherBeneficiaries; n += 1, members += 1) await enrolMember(ctx, policyId, child(n));
    }
    // The policy is suspended once its patients are in (a suspended policy takes none).
    if (facts.policyState === 'SUSPENDED') await setupEvent(ctx, 'policies', policyId, { type: 'SUSPEND', reason: 'Impago de la prima' }, ctx.tokens.admin);
    if (facts.documentElsewhere && carried) {
      const elsewhere = documentOf(subject, carried)!;
      const otherPolicy = await policy(ctx, { ...facts, policyState: 'ACTIVE' }, await policyholder(ctx, subject, elsewhere, 'B'), 'B');
      await enrolMember(ctx, otherPolicy, { relationship: 'HOLDER', birthDate: '1985-04-10', documentType: 'DNI', documentNumber: elsewhere });
    }
    return Object.assign(subject, { policyId, members, dependantsToEnrol: facts.relationship === 'HOLDER' ? facts.coveredDependents : 0 });
  },
  send(ctx, subject, event) {
    if (event.type === 'ENROL') return { role: 'admin', method: 'POST', path: '/api/patients', body: { policyId: subject.policyId, ...details(subject, event) }, refusalStatus: 422 };
    if (event.type === 'AMEND') return { role: 'admin', method: 'PUT', path: `/api/patients/${subject.id}`, body: details(subject, event), refusalStatus: 422 };
    return { role: 'admin', body: { ...event } };
  },
  async beforeStep(ctx, subject) {
    // The holder's dependants, who could not be enrolled before them.
    if (!subject.id || !subject.dependantsToEnrol) return;
    for (let n = 0; n < (subject.dependantsToEnrol as number); n += 1) await enrolMember(ctx, subject.policyId as number, child(n));
    subject.dependantsToEnrol = 0;
  },
  async nothingCreated(ctx, subject) {
    const [{ count }] = await ctx.server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM patients WHERE policy_id = $1', [subject.policyId]);
    expect(count, 'patients on the policy after a refused enrolment').toBe(subject.members);
  },
  async effects(_ctx, subject, step, record) {
    const event = step.event;
    const reason = typeof event.reason === 'string' ? event.reason.trim() : null;
    const coverage = { suspendedOn: record.suspendedOn, leftOn: record.leftOn, stateReason: record.stateReason };
    if (event.type === 'SUSPEND') expect(coverage, 'after SUSPEND').toEqual({ suspendedOn: event.date, leftOn: null, stateReason: reason });
    if (event.type === 'RESUME') expect(coverage, 'after RESUME').toEqual({ suspendedOn: null, leftOn: null, stateReason: null });
    if (event.type === 'END_COVERAGE') expect(coverage, 'after END_COVERAGE').toEqual({ suspendedOn: null, leftOn: event.date, stateReason: reason });
    // The details stored are the ones sent (a student date only for a student; no confirmation is kept).
    if (event.type === 'ENROL' || event.type === 'AMEND') {
      const sent: Record<string, unknown> = details(subject, event);
      delete sent.confirmDuplicate;
      if (!sent.isStudent) sent.studentUntil = null;
      expect(Object.fromEntries(Object.keys(sent).map((field) => [field, record[field]])), `after ${event.type}`).toEqual(sent);
    }
  },
};
