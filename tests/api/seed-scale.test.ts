import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo, syncRoles } from '../../server/db/seed.ts';
import { familiesFor, seedScale } from '../../server/db/seed-scale.ts';
import { fileStore } from '../../server/files.ts';

// The scale seed's SQL at a small size on PGlite: the same statements fill a million on PostgreSQL.
const PATIENTS = 2_000;
const TODAY = '2026-11-22';

describe('the scale seed', () => {
  let db: Database;
  let files: string;
  // What the demo seed wrote before: the scale rows come after it.
  let before: Record<'patients' | 'holders' | 'policies' | 'doctors', number>;
  beforeAll(async () => {
    files = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-scale-'));
    db = await openDatabase('memory://');
    await migrate(db);
    await syncRoles(db);
    await seedDemo(db, TODAY, fileStore(files));
    [before] = await db.query<typeof before>(
      `SELECT (SELECT count(*)::int FROM patients) AS patients, (SELECT count(*)::int FROM policyholders) AS holders,
              (SELECT max(id) FROM policies) AS policies, (SELECT count(*)::int FROM doctors) AS doctors`,
    );
    await seedScale(db, { patients: PATIENTS, today: TODAY });
  }, 120_000);
  afterAll(async () => {
    await db.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const one = async <T extends Record<string, unknown>>(query: string) => (await db.query<T>(query))[0];

  it('writes the patients asked for, in families of one policyholder and one policy each', async () => {
    const counts = await one<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM patients) AS patients, (SELECT count(*)::int FROM policyholders) AS holders, (SELECT count(*)::int FROM policies) AS policies,
              (SELECT count(*)::int FROM doctors) AS doctors, (SELECT count(*)::int FROM insurers) AS insurers`,
    );
    expect(counts.patients - before.patients).toBe(PATIENTS);
    expect(counts.holders - before.holders).toBe(familiesFor(PATIENTS));
    expect(counts.policies - before.policies).toBe(familiesFor(PATIENTS));
    expect(familiesFor(PATIENTS)).toBe(800);
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
    expect(by.HOLDER.count).toBe(800);
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

  it('adds verifications, reimbursements with lines in the insurer currency, and ledger rows for the paid ones', async () => {
    const counts = await one<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM verifications WHERE policy_id > ${before.policies}) AS verifications, (SELECT count(*)::int FROM reimbursements WHERE policy_id > ${before.policies}) AS reimbursements,
              (SELECT count(*)::int FROM reimbursements r WHERE policy_id > ${before.policies} AND NOT EXISTS (SELECT 1 FROM reimbursement_lines l WHERE l.reimbursement_id = r.id)) AS without_lines,
              (SELECT count(*)::int FROM reimbursements r JOIN insurers i ON i.id = r.insurer_id WHERE r.currency <> i.currency) AS wrong_currency,
              (SELECT count(*)::int FROM reimbursements r WHERE r.state = 'paid' AND r.policy_id > ${before.policies} AND r.paid_cents <> (SELECT sum(amount_cents) FROM benefit_ledger b WHERE b.reimbursement_id = r.id AND b.kind = 'ANNUAL_MAXIMUM')) AS unposted,
              (SELECT count(*)::int FROM reimbursements WHERE state = 'paid' AND policy_id > ${before.policies}) AS paid`,
    );
    expect(counts.verifications).toBeGreaterThan(PATIENTS * 0.3);
    expect(counts.reimbursements).toBeGreaterThan(PATIENTS * 0.1);
    expect(counts.paid).toBeGreaterThan(0);
    expect(counts).toMatchObject({ without_lines: 0, wrong_currency: 0, unposted: 0 });
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
        WHERE r.state = 'paid' AND r.policy_id > $1 GROUP BY r.id LIMIT 1`,
      [before.policies],
    );
    expect(paid[0]?.events).toBe('SUBMIT CHECK APPROVE PAY');
    const { rows } = await one<{ rows: number }>(`SELECT count(*)::int AS rows FROM workflow_history WHERE entity_type IN ('verification', 'reimbursement')`);
    expect(rows).toBeGreaterThan(PATIENTS / 2);
  });

  it('leaves the ids sequences ahead of the rows, so the API can create more', async () => {
    await db.query(`INSERT INTO policyholders (first_names, last_names, document_type, document_number, member_number) VALUES ('Nueva', 'Persona', 'DNI', 'X-1', 'AF-X')`);
    await db.query(`INSERT INTO doctors (first_names, last_names, license_number, license_jurisdiction) VALUES ('Nuevo', 'Doctor', 'X-1', 'ES-MD')`);
  });
});

describe('npm run seed -- --patients', () => {
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const seed = (dataDir: string, ...args: string[]) =>
    spawnSync('npx', ['tsx', 'server/seed-cli.ts', ...args], { env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000 });

  it('fills an empty database once, then refuses with a clear message and exit code 1', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-scale-cli-'));
    try {
      const first = seed(dataDir, '--patients', '100');
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/Seeded in \d+ s: 1\d\d patients/);
      const second = seed(dataDir, '--patients', '100');
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/The database is not empty \(7 users, 1\d\d patients\): the scale seed fills only a new, empty database/);
      expect(seed(dataDir, '--patients', 'many').status).toBe(2);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
