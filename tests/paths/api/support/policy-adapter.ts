import { addDays, daysBetween, isIsoDate } from '@core/benefits/dates.ts';
import type { PolicyFacts } from '@core/workflows/policy.machine.ts';
import type { MachineAdapter, ReplayContext } from './api-replay.ts';
import { REPLAY_POLICY_TERMS } from './people.ts';

const factsOf = (scenario: { input?: unknown }) => (scenario.input as { facts: PolicyFacts }).facts;

async function endsOn(ctx: ReplayContext, id: number): Promise<string> {
  const record = await ctx.call('GET', `/api/policies/${id}`, { token: ctx.tokens.admin });
  return record.body.endsOn as string;
}

let sequence = 0;

/**
 * Policies. The machine's facts never change along a path, while the API's do (RENEW moves the end of validity):
 * so the dates the guards compare are kept in the scenario's relation to the record's current end of validity.
 * Before each step the clock is the end plus the scenario's (today − endsOn); a RENEW asks for the end plus the
 * fixture's (event.endsOn − endsOn). A date the fixture gives malformed is sent as it is.
 */
export const policyAdapter: MachineAdapter = {
  machine: 'policy',
  resource: 'policies',
  async setup(ctx, scenario) {
    const facts = factsOf(scenario);
    const end = addDays(ctx.clock.today, daysBetween(facts.today, facts.endsOn));
    const [{ insurerId }] = await ctx.server.db.query<{ insurerId: number }>(`SELECT id AS "insurerId" FROM insurers WHERE active AND currency = 'EUR' ORDER BY id LIMIT 1`);
    const [{ holderId }] = await ctx.server.db.query<{ holderId: number }>(`SELECT id AS "holderId" FROM policyholders ORDER BY id LIMIT 1`);
    const created = await ctx.call('POST', '/api/policies', {
      token: ctx.tokens.admin,
      body: {
        policyholderId: holderId,
        insurerId,
        number: `POL-PATH-${process.pid}-${++sequence}`,
        ...REPLAY_POLICY_TERMS,
        issuedOn: addDays(end, daysBetween(facts.endsOn, facts.startsOn)),
        startsOn: addDays(end, daysBetween(facts.endsOn, facts.startsOn)),
        endsOn: end,
        maxBeneficiaries: 6,
      },
    });
    if (created.status !== 201) throw new Error(`Creating the policy answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { id: created.body.id as number, facts };
  },
  async beforeStep(ctx, subject) {
    const facts = subject.facts as PolicyFacts;
    subject.currentEnd = await endsOn(ctx, subject.id);
    ctx.clock.today = addDays(subject.currentEnd as string, daysBetween(facts.endsOn, facts.today));
  },
  send(ctx, subject, event) {
    const facts = subject.facts as PolicyFacts;
    const body: Record<string, unknown> = { ...event };
    if (event.type === 'RENEW' && isIsoDate(event.endsOn)) body.endsOn = addDays(subject.currentEnd as string, daysBetween(facts.endsOn, event.endsOn));
    return { role: 'admin', body };
  },
  // The daily job expires the policy: the clock is already past its end when the scenario says so (beforeStep).
  scheduled: { EXPIRE: () => {} },
};
