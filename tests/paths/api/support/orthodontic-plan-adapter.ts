import { runDailyJobs } from '../../../../server/scheduler.ts';
import { addDays, addMonths, daysBetween, isIsoDate } from '@core/benefits/dates.ts';
import type { PathRecord } from '../../../../scripts/statecharts/paths/types.ts';
import type { OrthodonticPlanFacts } from '@core/workflows/orthodontic-plan.machine.ts';
import type { MachineAdapter, ReplayContext, Role, Subject } from './api-replay.ts';
import { doctor, ownPatient, setupEvent } from './people.ts';

const factsOf = (scenario: { input?: unknown }) => (scenario.input as { facts: OrthodonticPlanFacts }).facts;

/** A fixture date as the API's: the same distance from the clock as from the scenario's today (malformed stays as it is). */
const relative = (ctx: ReplayContext, facts: OrthodonticPlanFacts, date: unknown) => (isIsoDate(date) ? addDays(ctx.clock.today, daysBetween(facts.today, date)) : date);

/**
 * The plan's child: enrolled three years ago (waiting period over) unless the facts say the waiting period is
 * not met (enrolled two months ago); aged as the facts say on the banding date of the path's ACTIVATE (turning
 * the age limit between the pre-authorisation's service date and the banding, when the facts say so).
 */
async function patientFor(ctx: ReplayContext, facts: OrthodonticPlanFacts, path: PathRecord) {
  const enrolledOn = facts.waitingPeriodMet ? addMonths(ctx.clock.today, -36) : addMonths(ctx.clock.today, -2);
  const activate = path.steps.find((s) => s.event.type === 'ACTIVATE')?.event.bandingDate;
  const banding = relative(ctx, facts, activate ?? facts.today) as string;
  const age = facts.patientAgeAtBanding ?? 12;
  return ownPatient(ctx, { birthDate: addMonths(isIsoDate(banding) ? banding : ctx.clock.today, -12 * age), enrolledOn });
}

async function runJobs(ctx: ReplayContext) {
  await ctx.server.db.query('DELETE FROM scheduled_runs WHERE run_on = $1::date', [ctx.clock.today]);
  await runDailyJobs(ctx.server.db, ctx.clock.today);
}

async function setLifetimeMaximum(ctx: ReplayContext, subject: Subject, cents: number | null) {
  await ctx.server.db.query('UPDATE policies SET ortho_lifetime_maximum_cents = $2 WHERE id = $1', [subject.policyId, cents]);
}

/**
 * Who is who (R13, as for claims): the analyst proposes and the administrator (who may approve above the threshold)
 * approves; when the facts make the approver the proposer, the administrator does both; when the approver lacks
 * the right to approve above the threshold, the administrator proposes and the analyst (without it) approves.
 * The plan's insurer share (6,000.00 at 50 %, cut to the 1,500.00 lifetime maximum) is over the EUR threshold.
 */
const proposerOf = (facts: OrthodonticPlanFacts): Role => (facts.actorId === facts.creatorId || !facts.actorCanApproveAboveThreshold ? 'admin' : 'analyst');
const approverOf = (facts: OrthodonticPlanFacts): Role => (facts.actorId === facts.creatorId ? 'admin' : facts.actorCanApproveAboveThreshold ? 'admin' : 'analyst');

/**
 * Orthodontic plans: proposed from an orthodontic pre-authorisation verified through the API for a child alone on
 * their own EUR policy, enrolled three years ago (waiting period over). The machine's facts stay fixed along a
 * path while the API's follow its effects, so the two facts the daily jobs read are set before their step:
 * the lifetime maximum is used up (set to zero) before LIFETIME_MAXIMUM_REACHED, and before SCHEDULE_FINISHED the
 * schedule is over (its instalments closed, as if claimed to the end) with lifetime left — else the lifetime job,
 * which runs first, would take the plan.
 */
export const orthodonticPlanAdapter: MachineAdapter = {
  machine: 'orthodontic-plan',
  resource: 'orthodontic-plans',
  ownHistory: (entry) => entry.entityType !== 'orthodontic_installment',
  async setup(ctx, scenario, path): Promise<Subject> {
    const facts = factsOf(scenario);
    const { patientId, policyId } = await patientFor(ctx, facts, path);
    const orthodontist = await doctor(ctx, 'ORTHODONTICS');
    const preauthorization = await ctx.call('POST', '/api/verifications', {
      token: ctx.tokens.admin,
      body: { patientId, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', plannedServiceDate: addDays(ctx.clock.today, -30), doctorId: orthodontist },
    });
    if (preauthorization.status !== 201) throw new Error(`Creating the pre-authorisation answered ${preauthorization.status}: ${JSON.stringify(preauthorization.body)}`);
    const preauthorizationId = preauthorization.body.id as number;
    await setupEvent(ctx, 'verifications', preauthorizationId, { type: 'START' }, ctx.tokens.admin);
    await setupEvent(ctx, 'verifications', preauthorizationId, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-PATH-${patientId}` }, ctx.tokens.admin);
    const created = await ctx.call('POST', '/api/orthodontic-plans', {
      token: ctx.tokens[proposerOf(facts)],
      body: { preauthorizationId, doctorId: orthodontist, treatmentCode: 'D8080', feeCents: 600000 },
    });
    if (created.status !== 201) throw new Error(`Creating the plan answered ${created.status}: ${JSON.stringify(created.body)}`);
    if (!facts.preauthorizationVerified) {
      // The pre-authorisation's validity ended after the plan was proposed: the daily job expires it.
      const verification = await ctx.call('GET', `/api/verifications/${preauthorizationId}`, { token: ctx.tokens.admin });
      ctx.clock.today = addDays(verification.body.validUntil as string, 1);
      await runJobs(ctx);
      const expired = await ctx.call('GET', `/api/verifications/${preauthorizationId}`, { token: ctx.tokens.admin });
      if (expired.body.state !== 'expired') throw new Error(`The pre-authorisation is ${String(expired.body.state)}, not expired`);
    }
    return { id: created.body.id as number, patientId, policyId, facts };
  },
  // The contract's date format refuses a malformed debond date before the workflow sees it.
  contractShields: { debondDateValid: 'body/date' },
  // A pre-authorisation is recorded eligible only with its authorisation number (verification's guard).
  cannotBuild: (scenario) => (factsOf(scenario).authorizationNumber === null ? 'a pre-authorisation is verified only with its authorisation number' : undefined),
  send(ctx, subject, event) {
    const facts = subject.facts as OrthodonticPlanFacts;
    const body: Record<string, unknown> = { ...event };
    if (event.type === 'ACTIVATE') body.bandingDate = relative(ctx, facts, event.bandingDate);
    if (event.type === 'REGISTER_DEBOND') body.date = relative(ctx, facts, event.date);
    return { role: event.type === 'APPROVE' ? approverOf(facts) : 'analyst', body };
  },
  async beforeStep(ctx, subject, step) {
    const accepted = step.transitions.length > 0;
    // A job whose guard fails finds the world as it is: lifetime left, instalments open.
    if (step.event.type === 'LIFETIME_MAXIMUM_REACHED' && accepted) await setLifetimeMaximum(ctx, subject, 0);
    // The patient's coverage was suspended too, from today: it is not active when the plan would resume.
    if (step.event.type === 'RESUME' && !accepted) {
      await setupEvent(ctx, 'patients', subject.patientId as number, { type: 'SUSPEND', date: ctx.clock.today, reason: 'Impago de la prima' }, ctx.tokens.admin);
    }
    if (step.event.type === 'SCHEDULE_FINISHED' && accepted) {
      await ctx.server.db.query(`UPDATE orthodontic_installments SET state = 'paid' WHERE plan_id = $1 AND state IN ('scheduled', 'claimable', 'claimed')`, [subject.id]);
    }
  },
  // The daily jobs send these; the facts they read were set just before (beforeStep).
  scheduled: { LIFETIME_MAXIMUM_REACHED: () => {}, SCHEDULE_FINISHED: () => {} },
  async effects(ctx, subject, step, record) {
    // Activation schedules the instalments; exhaustion skips the scheduled ones with reason 31; cancellation cancels the open ones.
    const installments = record.installments as { state: string; reason: string | null }[];
    if (step.event.type === 'ACTIVATE' && installments.length < 2) throw new Error(`ACTIVATE scheduled ${installments.length} instalments`);
    // Exhaustion leaves a claimable instalment claimable (it fell due while there was lifetime left).
    const open = installments.filter((i) => i.state === 'scheduled' || (step.state === 'cancelled' && i.state === 'claimable'));
    if ((step.state === 'exhausted' || step.state === 'cancelled') && open.length) throw new Error(`${step.state}: ${open.length} instalments still open`);
    if (step.state === 'exhausted' && !installments.some((i) => i.state === 'skipped' && i.reason === '31')) throw new Error('exhausted without instalments skipped for reason 31');
  },
};
