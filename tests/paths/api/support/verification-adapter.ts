import type { VerificationFacts } from '../../../../src/machines/verification.machine.ts';
import { addDays } from '../../../../src/domain/benefits/dates.ts';
import type { MachineAdapter, ReplayContext, Role, Subject } from './api-replay.ts';
import { childPatient, doctor, ownPatient, setupEvent } from './people.ts';

const factsOf = (scenario: { input?: unknown }) => (scenario.input as { facts: VerificationFacts }).facts;

/** The fixture's actor: a supervisor when the facts say so, else the verifier. */
const actorOf = (facts: VerificationFacts): Role => (facts.actorIsSupervisor ? 'supervisor' : 'verifier');

/**
 * Verifications: the patient, kind and category of the scenario, assigned as its facts say (to the actor, to
 * someone else, or nobody), with coverage inactive or the orthodontic lifetime maximum used up when asked.
 */
export const verificationAdapter: MachineAdapter = {
  machine: 'verification',
  resource: 'verifications',
  async setup(ctx: ReplayContext, scenario): Promise<Subject> {
    const facts = factsOf(scenario);
    const orthodontic = facts.category === 'ORTHODONTIC';
    const { patientId, policyId } = orthodontic ? await childPatient(ctx, facts.patientAgeOnServiceDate) : await ownPatient(ctx);
    if (!facts.coverageActiveOnServiceDate) await ctx.server.db.query(`UPDATE policies SET starts_on = $2::date + 1 WHERE id = $1`, [policyId, ctx.clock.today]);
    if (orthodontic && facts.orthoLifetimeRemainingCents <= 0) await ctx.server.db.query('UPDATE policies SET ortho_lifetime_maximum_cents = 0 WHERE id = $1', [policyId]);
    if (facts.annualMaximumRemainingCents < 0) throw new Error('An overdrawn annual maximum needs a paid claim first; not built for the API replay.');
    const created = await ctx.call('POST', '/api/verifications', {
      token: ctx.tokens.admin,
      body: {
        patientId,
        kind: facts.kind,
        category: facts.category,
        plannedServiceDate: ctx.clock.today,
        ...(orthodontic ? { doctorId: await doctor(ctx, 'ORTHODONTICS') } : {}),
      },
    });
    if (created.status !== 201) throw new Error(`Creating the verification answered ${created.status}: ${JSON.stringify(created.body)}`);
    const id = created.body.id as number;
    const actor = actorOf(facts);
    // The assignee of the facts: the actor (7 = actorId), someone else, or nobody.
    if (facts.assigneeId !== null) {
      const assignee = facts.assigneeId === facts.actorId ? ctx.userIds[actor] : ctx.userIds.admin;
      await setupEvent(ctx, 'verifications', id, { type: 'ASSIGN', assigneeId: assignee }, ctx.tokens.admin);
    }
    if (facts.hasReimbursements) throw new Error('A verification with reimbursements is not built for the API replay.');
    return { id, actor };
  },
  send(ctx, subject, event) {
    const { type, ...payload } = event;
    // The fixture's assignee 9 is "someone": the administrator; 0 stays an invalid id.
    if (type === 'ASSIGN') payload.assigneeId = payload.assigneeId === 0 ? 0 : ctx.userIds.admin;
    return { role: subject.actor as Role, body: { type, ...payload } };
  },
  scheduled: {
    // The daily job expires a verified verification the day after its validity ends.
    async EXPIRE(ctx, subject) {
      const record = await ctx.call('GET', `/api/verifications/${subject.id}`, { token: ctx.tokens.admin });
      ctx.clock.today = addDays(record.body.validUntil as string, 1);
    },
  },
};
