import { addDays, daysBetween, isIsoDate } from '../../../../src/domain/benefits/dates.ts';
import type { OrthodonticPlanFacts } from '../../../../src/machines/orthodontic-plan.machine.ts';
import type { MachineAdapter, ReplayContext, Subject } from './api-replay.ts';
import { childPatient, doctor, setupEvent } from './people.ts';

const factsOf = (scenario: { input?: unknown }) => (scenario.input as { facts: OrthodonticPlanFacts }).facts;

/** A fixture date as the API's: the same distance from the clock as from the scenario's today (malformed stays as it is). */
const relative = (ctx: ReplayContext, facts: OrthodonticPlanFacts, date: unknown) => (isIsoDate(date) ? addDays(ctx.clock.today, daysBetween(facts.today, date)) : date);

async function setLifetimeMaximum(ctx: ReplayContext, subject: Subject, cents: number | null) {
  await ctx.server.db.query('UPDATE policies SET ortho_lifetime_maximum_cents = $2 WHERE id = $1', [subject.policyId, cents]);
}

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
  async setup(ctx, scenario): Promise<Subject> {
    const facts = factsOf(scenario);
    const { patientId, policyId } = await childPatient(ctx, facts.patientAgeAtBanding ?? 12);
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
      token: ctx.tokens.analyst,
      body: { preauthorizationId, doctorId: orthodontist, treatmentCode: 'D8080', feeCents: 600000 },
    });
    if (created.status !== 201) throw new Error(`Creating the plan answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { id: created.body.id as number, policyId, facts };
  },
  send(ctx, subject, event) {
    const facts = subject.facts as OrthodonticPlanFacts;
    const body: Record<string, unknown> = { ...event };
    if (event.type === 'ACTIVATE') body.bandingDate = relative(ctx, facts, event.bandingDate);
    if (event.type === 'REGISTER_DEBOND') body.date = relative(ctx, facts, event.date);
    return { role: 'analyst', body };
  },
  async beforeStep(ctx, subject, step) {
    if (step.event.type === 'LIFETIME_MAXIMUM_REACHED') await setLifetimeMaximum(ctx, subject, 0);
    if (step.event.type === 'SCHEDULE_FINISHED') {
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
