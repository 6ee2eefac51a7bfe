import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChain } from '../../server/audit.ts';
import type { Database } from '../../server/db/database.ts';
import { familiesFor, seedScale } from '../../server/seed/scale.ts';
import { installmentsFallingDue, plansWithScheduleFinished } from '../../server/workflow/orthodontic/repository.ts';
import { plansWithLifetimeReached } from '../../server/workflow/orthodontic/service.ts';
import { orthodonticSchedule } from '@core/benefits/orthodontic.ts';
import { ORTHODONTIC_PLAN_STATES } from '@core/workflows/orthodontic-plan.machine.ts';
import { call, signIn, useServer } from './helpers.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// The scale seed's SQL at a small size on PGlite (enough for two dozen orthodontic plans in several states): the same statements fill a million on PostgreSQL.
const PATIENTS = 6_000;
const TODAY = '2026-11-22';

describe('the scale seed', () => {
  // The demo data of the server's own start, then the scale rows, which the API then serves.
  const server = useServer({}, () => TODAY);
  let db: Database;
  // What the demo seed wrote before: the scale rows come after it.
  let before: Record<'patients' | 'holders' | 'policies' | 'doctors' | 'audit' | 'lastAudit', number>;
  beforeAll(async () => {
    db = server.db;
    [before] = await db.query<typeof before>(
      `SELECT (SELECT count(*)::int FROM patients) AS patients, (SELECT count(*)::int FROM policyholders) AS holders,
              (SELECT max(id) FROM policies) AS policies, (SELECT count(*)::int FROM doctors) AS doctors, (SELECT count(*)::int FROM audit_log) AS audit,
              (SELECT coalesce(max(id), 0)::int FROM audit_log) AS "lastAudit"`,
    );
    await seedScale(db, { patients: PATIENTS, today: TODAY });
  }, hangLimit(120_000));

  const one = async <T extends Record<string, unknown>>(query: string) => (await db.query<T>(query))[0];

  it('writes the patients asked for, in families of one policyholder and one policy each', async () => {
    const counts = await one<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM patients) AS patients, (SELECT count(*)::int FROM policyholders) AS holders, (SELECT count(*)::int FROM policies) AS policies,
              (SELECT count(*)::int FROM doctors) AS doctors, (SELECT count(*)::int FROM insurers) AS insurers`,
    );
    expect(counts.patients - before.patients).toBe(PATIENTS);
    expect(counts.holders - before.holders).toBe(familiesFor(PATIENTS));
    expect(counts.policies - before.policies).toBe(familiesFor(PATIENTS));
    expect(familiesFor(PATIENTS)).toBe(2_400);
    expect(counts.doctors - before.doctors).toBe(PATIENTS / 10);
    expect(counts.insurers).toBeGreaterThanOrEqual(36);
    // Every policy of the scale set has exactly one holder-patient, with the policyholder's document.
    const holders = await one<{ policies: number; matching: number }>(
      `SELECT count(*)::int AS policies, count(*) FILTER (WHERE pa.document_number = ph.document_number AND pa.document_type = ph.document_type)::int AS matching
       FROM policies po JOIN policyholders ph ON ph.id = po.policyholder_id JOIN patients pa ON pa.policy_id = po.id AND pa.relationship = 'HOLDER'
       WHERE po.id > ${before.policies}`,
    );
    expect(holders.matching).toBe(holders.policies);
    expect(holders.policies).toBe(familiesFor(PATIENTS));
  });

  it('makes plausible people: spouses and children, children under 19 or students, documents in the insurer country format', async () => {
    const mix = await db.query<{ relationship: string; count: number; oldest: number; students: number }>(
      `SELECT relationship, count(*)::int AS count, max(extract(year FROM age(DATE '${TODAY}', birth_date)))::int AS oldest, count(*) FILTER (WHERE is_student)::int AS students
       FROM patients WHERE policy_id > ${before.policies} GROUP BY relationship`,
    );
    const by = Object.fromEntries(mix.map((row) => [row.relationship, row]));
    expect(by.HOLDER.count).toBe(familiesFor(PATIENTS));
    expect(by.SPOUSE.count + by.PARTNER.count).toBeGreaterThan(200);
    expect(by.CHILD.count).toBeGreaterThan(500);
    expect(by.CHILD.oldest).toBeLessThanOrEqual(23);
    const overage = await one<{ n: number }>(`SELECT count(*)::int AS n FROM patients WHERE relationship = 'CHILD' AND birth_date <= DATE '${TODAY}' - interval '19 years' AND NOT is_student`);
    expect(overage.n).toBe(0);
    const chilean = await db.query<{ document_number: string }>(
      `SELECT pa.document_number FROM patients pa JOIN policies po ON po.id = pa.policy_id JOIN insurers i ON i.id = po.insurer_id WHERE i.country = 'CL' AND pa.policy_id > ${before.policies} LIMIT 50`,
    );
    expect(chilean.length).toBeGreaterThan(0);
    for (const { document_number } of chilean) expect(document_number).toMatch(/^\d{8}-[\dK]$/);
  });

  it('adds verifications, reimbursements with lines in the insurer currency, and ledger rows for the paid ones, per category too', async () => {
    const counts = await one<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM verifications WHERE policy_id > ${before.policies}) AS verifications, (SELECT count(*)::int FROM reimbursements WHERE policy_id > ${before.policies}) AS reimbursements,
              (SELECT count(*)::int FROM reimbursements r WHERE policy_id > ${before.policies} AND NOT EXISTS (SELECT 1 FROM reimbursement_lines l WHERE l.reimbursement_id = r.id)) AS without_lines,
              (SELECT count(*)::int FROM reimbursements r JOIN insurers i ON i.id = r.insurer_id WHERE r.currency <> i.currency) AS wrong_currency,
              (SELECT count(*)::int FROM reimbursements r WHERE r.state = 'paid' AND r.policy_id > ${before.policies} AND r.paid_cents <> (SELECT sum(amount_cents) FROM benefit_ledger b WHERE b.reimbursement_id = r.id AND b.kind = 'ANNUAL_MAXIMUM')) AS unposted,
              (SELECT count(*)::int FROM reimbursements WHERE state = 'paid' AND policy_id > ${before.policies}) AS paid,
              (SELECT count(*)::int FROM reimbursements r WHERE r.state = 'paid' AND r.policy_id > ${before.policies}
                 AND (SELECT coalesce(sum(covered_cents), 0) FROM reimbursement_lines l WHERE l.reimbursement_id = r.id AND l.status = 'APPROVED' AND l.category <> 'ORTHODONTIC')
                  <> (SELECT coalesce(sum(amount_cents), 0) FROM benefit_ledger b WHERE b.reimbursement_id = r.id AND b.kind LIKE 'CATEGORY\\_%')) AS uncategorised`,
    );
    expect(counts.verifications).toBeGreaterThan(PATIENTS * 0.3);
    expect(counts.reimbursements).toBeGreaterThan(PATIENTS * 0.1);
    expect(counts.paid).toBeGreaterThan(0);
    // Every paid claim's category rows hold what its approved lines used (issue 24: a category maximum added later sees them).
    expect(counts).toMatchObject({ without_lines: 0, wrong_currency: 0, unposted: 0, uncategorised: 0 });
  });

  it('gives each scale verification and claim its history: one unbroken path from the initial state to its state', async () => {
    for (const [table, entity, initial] of [
      ['verifications', 'verification', 'pending'],
      ['reimbursements', 'reimbursement', 'draft'],
    ] as const) {
      const broken = await db.query<{ id: number; state: string; path: string | null }>(
        `SELECT r.id, r.state, string_agg(h.from_state || '>' || h.to_state, ' ' ORDER BY h.id) AS path
           FROM ${table} r LEFT JOIN workflow_history h ON h.entity_type = $1 AND h.entity_id = r.id
          WHERE r.policy_id > $3
          GROUP BY r.id, r.state
         HAVING NOT (
           (r.state = $2 AND count(h.id) = 0)
           OR (count(h.id) > 0 AND (array_agg(h.to_state ORDER BY h.id DESC))[1] = r.state AND (array_agg(h.from_state ORDER BY h.id))[1] = $2
               AND bool_and(h.from_state = coalesce((SELECT p.to_state FROM workflow_history p WHERE p.entity_type = $1 AND p.entity_id = r.id AND p.id < h.id ORDER BY p.id DESC LIMIT 1), $2))))`,
        [entity, initial, before.policies],
      );
      expect(broken, table).toEqual([]);
    }
    const paid = await db.query<{ events: string }>(
      `SELECT string_agg(h.event, ' ' ORDER BY h.id) AS events FROM reimbursements r JOIN workflow_history h ON h.entity_type = 'reimbursement' AND h.entity_id = r.id
        WHERE r.state = 'paid' AND r.kind = 'GENERAL' AND r.policy_id > $1 GROUP BY r.id LIMIT 1`,
      [before.policies],
    );
    expect(paid[0]?.events).toBe('SUBMIT CHECK APPROVE PAY');
    const { rows } = await one<{ rows: number }>(`SELECT count(*)::int AS rows FROM workflow_history WHERE entity_type IN ('verification', 'reimbursement')`);
    expect(rows).toBeGreaterThan(PATIENTS / 2);
  });

  type ScalePlan = {
    id: number; state: string; fee_cents: number; months: number; initial_percent: number; frequency: 'MONTHLY'; first_delay_days: number; banding_date: string | null;
    coverage_percent: number; lifetime_cents: number; installments: { number: number; dueDate: string; billableCents: number; benefitCents: number; state: string; reason: string | null }[];
  };
  const scalePlans = () =>
    db.query<ScalePlan>(
      `SELECT o.id, o.state, o.fee_cents, o.months, o.initial_percent, o.frequency, o.first_delay_days, o.banding_date::text AS banding_date,
         pol.ortho_percent AS coverage_percent, pol.ortho_lifetime_maximum_cents AS lifetime_cents,
         coalesce((SELECT json_agg(json_build_object('number', i.number, 'dueDate', i.due_date::text, 'billableCents', i.billable_cents, 'benefitCents', i.benefit_cents,
                     'state', i.state, 'reason', i.reason) ORDER BY i.number) FROM orthodontic_installments i WHERE i.plan_id = o.id), '[]') AS installments
       FROM orthodontic_plans o JOIN policies pol ON pol.id = o.policy_id WHERE o.policy_id > $1 ORDER BY o.id`,
      [before.policies],
    );

  it('gives most orthodontic pre-authorisations of children past their waiting period a plan, in the states of the plan statechart', async () => {
    const plans = await scalePlans();
    const states = new Set(plans.map((p) => p.state));
    expect([...states].every((state) => (ORTHODONTIC_PLAN_STATES as readonly string[]).includes(state))).toBe(true);
    expect(states.size, [...states].join(' ')).toBeGreaterThanOrEqual(4);
    // Each on a verified orthodontic pre-authorisation of its patient, made while it was valid, one live plan each, by an active orthodontist.
    const wrong = await one<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE v.kind <> 'PREAUTHORIZATION' OR v.category <> 'ORTHODONTIC' OR v.state NOT IN ('verified', 'expired') OR v.patient_id <> o.patient_id
                                 OR v.policy_id <> o.policy_id OR o.created_at < v.verified_at OR o.created_at::date > v.valid_until)::int AS preauthorization,
              count(*) FILTER (WHERE d.specialty <> 'ORTHODONTICS' OR d.state <> 'ACTIVE')::int AS doctor,
              count(*) FILTER (WHERE o.fee_cents > 100000000 OR o.treatment_code NOT IN ('D8070', 'D8080'))::int AS treatment,
              (count(*) - count(DISTINCT o.preauthorization_id))::int AS shared
         FROM orthodontic_plans o JOIN verifications v ON v.id = o.preauthorization_id JOIN doctors d ON d.id = o.doctor_id
        WHERE o.policy_id > ${before.policies}`,
    );
    expect(wrong).toEqual({ preauthorization: 0, doctor: 0, treatment: 0, shared: 0 });
    const { preauthorizations } = await one<{ preauthorizations: number }>(
      `SELECT count(DISTINCT v.patient_id)::int AS preauthorizations FROM verifications v JOIN patients p ON p.id = v.patient_id
        WHERE v.policy_id > ${before.policies} AND v.kind = 'PREAUTHORIZATION' AND v.category = 'ORTHODONTIC' AND v.state IN ('verified', 'expired')
          AND p.enrolled_on + interval '12 months' <= v.planned_service_date
          AND v.planned_service_date >= p.birth_date + interval '7 years' AND v.planned_service_date < p.birth_date + interval '18 years'`,
    );
    expect(plans.length).toBeGreaterThan(preauthorizations / 2);
  });

  it('schedules each banded plan as the engine does: the initial payment, equal monthly ones, the coverage percentage up to the lifetime maximum', async () => {
    const plans = await scalePlans();
    let banded = 0;
    for (const plan of plans) {
      if (plan.banding_date === null) {
        expect(plan.installments, `plan ${plan.id}`).toEqual([]);
        expect(['proposed', 'approved', 'cancelled']).toContain(plan.state);
        continue;
      }
      banded += 1;
      const schedule = orthodonticSchedule({
        feeCents: plan.fee_cents, coveragePercent: plan.coverage_percent, lifetimeRemainingCents: plan.lifetime_cents, initialPercent: plan.initial_percent,
        months: plan.months, frequency: plan.frequency, bandingDate: plan.banding_date, firstDelayDays: plan.first_delay_days,
      });
      const stored = plan.installments;
      expect(stored.map((i) => [i.number, i.dueDate, i.billableCents]), `plan ${plan.id}`).toEqual(schedule.installments.map((i) => [i.number, i.dueDate, i.billableCents]));
      expect(stored.reduce((sum, i) => sum + i.billableCents, 0)).toBe(plan.fee_cents);
      for (const [n, i] of schedule.installments.entries()) {
        // Skipped once the maximum is used up (31) or when falling due while the plan is suspended (07); else the scheduled benefit.
        const expected = i.status === 'SKIPPED' ? { state: 'skipped', reason: '31', benefitCents: 0 }
          : stored[n].state === 'skipped' ? { state: 'skipped', reason: '07', benefitCents: 0 } : { state: stored[n].state, reason: null, benefitCents: i.benefitCents };
        expect({ state: stored[n].state, reason: stored[n].reason, benefitCents: stored[n].benefitCents }, `plan ${plan.id} #${i.number}`).toEqual(expected);
      }
      if (plan.state === 'exhausted') expect(schedule.lifetimeReachedWith).not.toBeNull();
    }
    expect(banded).toBeGreaterThan(plans.length / 2);
  });

  it('claims the instalments already due as orthodontic reimbursements, reserved when approved and settled in the ledger when paid', async () => {
    const claims = await db.query<Record<string, string | number | null>>(
      `SELECT i.state, i.benefit_cents, i.billable_cents, i.reimbursement_id, r.id, r.state AS claim_state, r.kind, r.installment_id, r.orthodontic_plan_id, o.id AS plan_id,
         r.claimed_cents, r.payable_cents, r.paid_cents, r.currency, ins.currency AS insurer_currency,
         (SELECT count(*)::int FROM reimbursement_lines l WHERE l.reimbursement_id = r.id AND l.charged_cents = i.billable_cents AND l.category IS NOT DISTINCT FROM
            CASE WHEN r.state = 'draft' THEN NULL ELSE 'ORTHODONTIC' END) AS lines,
         (SELECT coalesce(sum(amount_cents), 0)::int FROM benefit_ledger b WHERE b.reimbursement_id = r.id AND b.kind = 'ORTHO_LIFETIME' AND b.status = 'SETTLED') AS settled,
         (SELECT coalesce(sum(amount_cents), 0)::int FROM benefit_ledger b WHERE b.reimbursement_id = r.id AND b.kind = 'ORTHO_LIFETIME' AND b.status = 'RESERVED') AS reserved
       FROM orthodontic_installments i JOIN orthodontic_plans o ON o.id = i.plan_id JOIN policies pol ON pol.id = o.policy_id JOIN insurers ins ON ins.id = pol.insurer_id
       LEFT JOIN reimbursements r ON r.installment_id = i.id
       WHERE o.policy_id > $1 AND (r.id IS NOT NULL OR i.reimbursement_id IS NOT NULL OR i.state IN ('claimed', 'paid'))`,
      [before.policies],
    );
    const expected = (c: (typeof claims)[number]) => {
      const judged = c.claim_state !== 'draft';
      return {
        state: { draft: 'claimable', inReview: 'claimed', approved: 'claimed', paid: 'paid' }[c.claim_state as string],
        reimbursement_id: judged ? c.id : null, kind: 'ORTHODONTIC', installment_id: c.installment_id, orthodontic_plan_id: c.plan_id, currency: c.insurer_currency,
        claimed_cents: c.billable_cents, payable_cents: judged ? c.benefit_cents : 0, paid_cents: c.claim_state === 'paid' ? c.benefit_cents : null, lines: 1,
        settled: c.claim_state === 'paid' ? c.benefit_cents : 0, reserved: c.claim_state === 'approved' ? c.benefit_cents : 0,
      };
    };
    for (const c of claims) {
      const want = expected(c);
      expect(Object.fromEntries(Object.keys(want).map((key) => [key, c[key]])), `claim ${c.id} of instalment ${c.installment_id}`).toEqual(want);
    }
    expect(claims.filter((c) => c.claim_state === 'paid').length).toBeGreaterThan(0);
    // An exhausted plan's patient has used the whole lifetime maximum; an active one has some left.
    const used = await db.query<{ state: string; lifetime: number; used: number }>(
      `SELECT o.state, pol.ortho_lifetime_maximum_cents AS lifetime,
         (SELECT coalesce(sum(b.amount_cents), 0)::int FROM benefit_ledger b WHERE b.patient_id = o.patient_id AND b.kind = 'ORTHO_LIFETIME') AS used
       FROM orthodontic_plans o JOIN policies pol ON pol.id = o.policy_id WHERE o.policy_id > $1 AND o.state IN ('exhausted', 'active')`,
      [before.policies],
    );
    for (const plan of used) expect(plan.state === 'exhausted' ? plan.used === plan.lifetime : plan.used < plan.lifetime, JSON.stringify(plan)).toBe(true);
  });

  it('leaves the daily scheduler nothing to do for the plans on the seed day: nothing due still scheduled, no plan to exhaust or to complete', async () => {
    expect(await installmentsFallingDue(db, TODAY)).toEqual([]);
    expect(await plansWithLifetimeReached(db)).toEqual([]);
    expect(await plansWithScheduleFinished(db)).toEqual([]);
  });

  it('gives each plan and instalment its history: one unbroken path from its initial state, in time order on the plan screen', async () => {
    const plans = `SELECT id FROM orthodontic_plans WHERE policy_id > ${before.policies}`;
    for (const [table, entity, initial, scope] of [
      ['orthodontic_plans', 'orthodontic_plan', 'proposed', `r.id IN (${plans})`],
      // Instalments past the lifetime maximum are skipped (31) by the schedule itself, without an event.
      ['orthodontic_installments', 'orthodontic_installment', 'scheduled', `r.plan_id IN (${plans}) AND NOT (r.state = 'skipped' AND r.reason = '31')`],
    ] as const) {
      const broken = await db.query<{ id: number; state: string; path: string | null }>(
        `SELECT r.id, r.state, string_agg(h.from_state || '>' || h.to_state, ' ' ORDER BY h.id) AS path
           FROM ${table} r LEFT JOIN workflow_history h ON h.entity_type = $1 AND h.entity_id = r.id
          WHERE ${scope}
          GROUP BY r.id, r.state
         HAVING NOT (
           (r.state = $2 AND count(h.id) = 0)
           OR (count(h.id) > 0 AND (array_agg(h.to_state ORDER BY h.id DESC))[1] = r.state AND (array_agg(h.from_state ORDER BY h.id))[1] = $2
               AND bool_and(h.from_state = coalesce((SELECT p.to_state FROM workflow_history p WHERE p.entity_type = $1 AND p.entity_id = r.id AND p.id < h.id ORDER BY p.id DESC LIMIT 1), $2))))`,
        [entity, initial],
      );
      expect(broken, table).toEqual([]);
    }
    const versions = await one<{ wrong: number }>(
      `SELECT count(*)::int AS wrong FROM orthodontic_plans o
        WHERE o.id IN (${plans}) AND o.version <> 1 + (SELECT count(*) FROM workflow_history h WHERE h.entity_type = 'orthodontic_plan' AND h.entity_id = o.id)`,
    );
    expect(versions.wrong).toBe(0);
    // The plan screen reads the plan's and its instalments' events by id: they must come in time order.
    const disorder = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT h.at < lag(h.at) OVER (PARTITION BY coalesce(i.plan_id, h.entity_id) ORDER BY h.id) AS back
           FROM workflow_history h LEFT JOIN orthodontic_installments i ON h.entity_type = 'orthodontic_installment' AND i.id = h.entity_id
          WHERE (h.entity_type = 'orthodontic_plan' AND h.entity_id IN (${plans})) OR (h.entity_type = 'orthodontic_installment' AND i.plan_id IN (${plans}))
       ) AS t WHERE t.back`,
    );
    expect(disorder.n).toBe(0);
    const exhausted = await db.query<{ events: string }>(
      `SELECT string_agg(h.event, ' ' ORDER BY h.id) AS events FROM orthodontic_plans o JOIN workflow_history h ON h.entity_type = 'orthodontic_plan' AND h.entity_id = o.id
        WHERE o.state = 'exhausted' AND o.id IN (${plans}) GROUP BY o.id`,
    );
    for (const { events } of exhausted) expect(events).toBe('APPROVE ACTIVATE LIFETIME_MAXIMUM_REACHED');
    const initialClaims = await db.query<{ events: string }>(
      `SELECT string_agg(h.event, ' ' ORDER BY h.id) AS events FROM reimbursements r JOIN orthodontic_installments i ON i.id = r.installment_id AND i.number = 0
         JOIN workflow_history h ON h.entity_type = 'reimbursement' AND h.entity_id = r.id
        WHERE r.state = 'paid' AND r.policy_id > $1 GROUP BY r.id`,
      [before.policies],
    );
    expect(initialClaims.length).toBeGreaterThan(0);
    // Every first instalment goes to the dental auditor (R12) before its approval.
    for (const { events } of initialClaims) expect(events).toBe('SUBMIT CHECK COMPLETE_MEDICAL_REVIEW APPROVE PAY');
  });

  it('answers the plan list and each scale plan it opens with 200, with the instalments and benefits the rows hold', async () => {
    const token = await signIn('analista@demo.local');
    const plans = await scalePlans();
    const list = await call('GET', '/api/orthodontic-plans?pageSize=50', { token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(plans.length);
    for (const state of new Set(plans.map((p) => p.state))) {
      const page = await call('GET', `/api/orthodontic-plans?state=${state}&pageSize=5`, { token });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.every((p: { state: string }) => p.state === state)).toBe(true);
      const row = plans.find((p) => p.state === state)!;
      const plan = await call('GET', `/api/orthodontic-plans/${row.id}`, { token });
      expect(plan.status, JSON.stringify(plan.body)).toBe(200);
      expect({ state: plan.body.state, installments: plan.body.installments.length }).toEqual({ state, installments: row.installments.length });
      if (state === 'exhausted') expect(plan.body.lifetimeRemainingCents).toBe(0);
      if (state === 'active') expect(plan.body.lifetimeRemainingCents).toBeGreaterThan(0);
      const history = await call('GET', `/api/orthodontic-plans/${row.id}/history`, { token });
      expect(history.status, JSON.stringify(history.body)).toBe(200);
    }
  });

  it('writes five audit rows per patient after the demo’s, one chain with them that the verifier accepts', async () => {
    const report = await checkAuditChain(db);
    expect(report.intact).toBe(true);
    // The API calls of the tests before this one left rows of their own after the seed's.
    expect(report.rows - before.audit).toBeGreaterThanOrEqual(5 * PATIENTS);
    // The seeded rows come next in the chain, all in the year before the seed's day.
    const [seeded] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE id BETWEEN $1 + 1 AND $1 + $2 AND at >= timestamptz '${TODAY}' - interval '365 days' AND at < timestamptz '${TODAY}'`,
      [before.lastAudit, 5 * PATIENTS],
    );
    expect(seeded.n).toBe(5 * PATIENTS);
  });

  it('leaves the ids sequences ahead of the rows, so the API can create more', async () => {
    const [holder] = await db.query<{ id: number }>(`INSERT INTO policyholders (first_names, last_names, document_type, document_number, member_number) VALUES ('Nueva', 'Persona', 'DNI', 'X-1', 'AF-X') RETURNING id`);
    const [doctor] = await db.query<{ id: number }>(`INSERT INTO doctors (first_names, last_names, license_number, license_jurisdiction) VALUES ('Nuevo', 'Doctor', 'X-1', 'ES-MD') RETURNING id`);
    // Out again: the other cases count what the scale seed wrote, in whichever order they run.
    await db.query('DELETE FROM policyholders WHERE id = $1', [holder!.id]);
    await db.query('DELETE FROM doctors WHERE id = $1', [doctor!.id]);
  });
});

describe('npm run seed -- --patients', () => {
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const seed = (dataDir: string, ...args: string[]) =>
    spawnSync('npx', ['tsx', 'server/seed/cli.ts', ...args], { env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: hangLimit(120_000) });

  it('fills an empty database once, then refuses with a clear message and exit code 1', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-scale-cli-'));
    try {
      const first = seed(dataDir, '--patients', '100');
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/Seeded in \d+ s: 1\d\d patients/);
      const second = seed(dataDir, '--patients', '100');
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/The database is not empty \(8 users, 1\d\d patients\): the scale seed fills only a new, empty database/);
      expect(seed(dataDir, '--patients', 'many').status).toBe(2);
      // Audit rows appended to the seeded database, on their own.
      const audit = seed(dataDir, '--audit-rows', '300');
      expect(audit.status, audit.stderr).toBe(0);
      expect(audit.stdout).toMatch(/^300 audit rows appended in \d+ s$/m);
      expect(seed(dataDir, '--audit-rows', '-1').status).toBe(2);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, hangLimit(240_000));
});
