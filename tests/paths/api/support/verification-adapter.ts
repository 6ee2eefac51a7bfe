import type { VerificationFacts } from '@core/workflows/verification.machine.ts';
import { addDays } from '@core/benefits/dates.ts';
import type { MachineAdapter, ReplayContext, Role, Subject } from './api-replay.ts';
import { approvedClaim } from './claims.ts';
import { childPatient, doctor, ownPatient, setupEvent } from './people.ts';

const factsOf = (scenario: { input?: unknown }) => (scenario.input as { facts: VerificationFacts }).facts;

/**
 * The patient's annual maximum overdrawn: an approved claim reserves part of it (made through the API by the
 * reimbursement replay's own set-up, on another patient of the same kind), then the policy's maximum is lowered
 * below what is reserved, as when an insurer cuts a plan mid-year.
 */
async function overdrawAnnualMaximum(ctx: ReplayContext, patientId: number, policyId: number) {
  const claim = await approvedClaim(ctx, patientId);
  const [{ reserved }] = await ctx.server.db.query<{ reserved: number }>(`SELECT coalesce(sum(amount_cents), 0)::int AS reserved FROM benefit_ledger WHERE reimbursement_id = $1 AND kind = 'ANNUAL_MAXIMUM'`, [claim]);
  if (reserved <= 0) throw new Error(`The approved claim ${claim} reserved nothing`);
  await ctx.server.db.query('UPDATE policies SET annual_maximum_cents = $2 WHERE id = $1', [policyId, reserved - 1]);
}

/** The fixture's actor: a supervisor when the facts say so, else the verifier. */
const actorOf = (facts: VerificationFacts): Role => (facts.actorIsSupervisor ? 'supervisor' : 'verifier');

/** The assignee of the facts: the actor (7 = actorId), someone else (the administrator), or nobody. */
const assigneeOf = (ctx: ReplayContext, facts: VerificationFacts): number | null =>
  facts.assigneeId === null ? null : facts.assigneeId === facts.actorId ? ctx.userIds[actorOf(facts)]! : ctx.userIds.admin!;

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
    if (facts.annualMaximumRemainingCents < 0) await overdrawAnnualMaximum(ctx, patientId, policyId);
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
    const assignee = assigneeOf(ctx, facts);
    if (assignee !== null) await setupEvent(ctx, 'verifications', id, { type: 'ASSIGN', assigneeId: assignee }, ctx.tokens.admin);
    return { id, actor };
  },
  // The model's facts hold at every step, the assignee's too, while an ASSIGN earlier in the path moved the
  // record's (and taking what is already one's own is refused, assigneeChanges): the facts' assignee is put back.
  async beforeStep(ctx, subject, _step, scenario) {
    if (subject.id > 0) await ctx.server.db.query('UPDATE verifications SET assignee_id = $2 WHERE id = $1', [subject.id, assigneeOf(ctx, factsOf(scenario))]);
  },
  // The contract's enums and minimums refuse these payloads before the workflow sees them.
  contractShields: { assigneeValid: 'body/assigneeId', channelGiven: 'body/channel' },
  // A claim needs a verified verification, and a verified one takes no CANCEL: the API never holds an open
  // verification with claims (paths whose steps do not read the fact are replayed without it).
  cannotBuild: (scenario, path) =>
    factsOf(scenario).hasReimbursements && path.steps.some((s) => s.guards.some((g) => g.startsWith('noReimbursements:')))
      ? 'a claim needs a verified verification, which takes no CANCEL'
      : undefined,
  send(ctx, subject, event) {
    const { type, ...payload } = event;
    // The fixture's assignee 9 is "someone": the administrator; 0 stays an invalid id.
    if (type === 'ASSIGN') payload.assigneeId = payload.assigneeId === 0 ? 0 : ctx.userIds.admin;
    return { role: subject.actor as Role, body: { type, ...payload } };
  },
  scheduled: {
    // The daily job expires a verified verification the day after its validity ends.
    async EXPIRE(ctx, subject, step) {
      const record = await ctx.call('GET', `/api/verifications/${subject.id}`, { token: ctx.tokens.admin });
      // Still valid (the guard refuses): the job runs on the last valid day and must leave it verified.
      ctx.clock.today = step.transitions.length ? addDays(record.body.validUntil as string, 1) : (record.body.validUntil as string);
    },
  },
};
