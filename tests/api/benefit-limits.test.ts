import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@core/benefits/dates.ts';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { attachToReimbursement, call, signIn, useServer, sendEvent } from './helpers.ts';

const server = useServer({}, () => '2026-11-21');
let admin: string;
let analyst: string;
let supervisor: string;
let treasury: string;
let auditor: string;
let verificationId: number;
let doctorId: number;
let patientId: number;

const TEETH = ['11', '12', '13', '14', '15', '16', '17', '21', '22', '23', '24', '25', '26', '27', '31', '32', '33', '34', '35', '36', '41', '42', '43', '44', '45', '46'];
let serial = 0;

beforeAll(async () => {
  [admin, analyst, supervisor, treasury, auditor] = await Promise.all(['admin', 'analista', 'supervisor', 'tesoreria', 'auditor'].map((u) => signIn(`${u}@demo.local`)));
  // An adult alone on an EUR policy: the research's figures in euros (amount defaults are per currency).
  ({ patientId } = await patientOnOwnPolicy(server.db));
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: '2026-11-20' } });
  verificationId = created.body.id;
  await sendEvent('verifications', verificationId, { type: 'START' }, admin);
  // A pre-authorisation: lines above 300.00 need one (R14).
  await sendEvent('verifications', verificationId, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-LIMITS-1' }, admin);
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

/**
 * Research 4.3 for a holder reimbursed for fillings and crowns: invoice, claim form, dental report, payment receipt and final X-ray,
 * and the prior authorisation when a line is charged above its 300.00 threshold (R14, paid on this verification's granted one).
 */
async function attachAll(id: number, missing: string[], amounts: number[]) {
  const prior = amounts.some((cents) => cents > 30000) ? ['PRIOR_AUTHORIZATION'] : [];
  expect([...missing].sort()).toEqual(['CLAIM_FORM', 'DENTAL_REPORT', 'INVOICE', 'PAYMENT_RECEIPT', ...prior, ...(missing.includes('XRAY_FINAL') ? ['XRAY_FINAL'] : [])]);
  for (const documentType of missing) await attachToReimbursement(analyst, id, documentType);
}

/** One claim of crowns and fillings on teeth and days no other claim used, taken as far as `steps` says. */
async function claim(amounts: number[], steps: ('SUBMIT' | 'APPROVE' | 'PAY' | 'PAY_AGAIN')[]) {
  const lines = amounts.map((chargedCents, i) => {
    const n = serial++;
    return { procedureCode: i % 2 ? 'D2740' : 'D2330', tooth: TEETH[n % TEETH.length], serviceDate: addDays('2026-10-01', Math.floor(n / TEETH.length)), chargedCents };
  });
  const created = await call('POST', '/api/reimbursements', { token: analyst, body: { verificationId, doctorId, lines } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await attachAll(created.body.id, created.body.missingDocuments, amounts);
  const send = (body: Record<string, unknown>, token: string) => sendEvent('reimbursements', created.body.id, body, token);
  for (const s of steps) {
    if (s === 'SUBMIT') await send({ type: 'SUBMIT' }, analyst);
    // Crowns are major treatment: the dental auditor reviews the claim before it is approved (R12).
    if (s === 'APPROVE') await send({ type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor);
    if (s === 'APPROVE') await send({ type: 'APPROVE' }, supervisor);
    if (s === 'PAY' || s === 'PAY_AGAIN') await send({ type: 'PAY', reference: `P-${created.body.id}`, reason: 'Pago excepcional' }, treasury);
  }
}

describe('benefit limits over any sequence of claims', () => {
  it('never pays more than the annual maximum, and never pays one reimbursement twice', async () => {
    const steps = fc.constantFrom<('SUBMIT' | 'APPROVE' | 'PAY' | 'PAY_AGAIN')[]>(
      ['SUBMIT'],
      ['SUBMIT', 'APPROVE'],
      ['SUBMIT', 'APPROVE', 'PAY'],
      ['SUBMIT', 'APPROVE', 'PAY', 'PAY_AGAIN'],
      ['PAY', 'APPROVE', 'SUBMIT', 'PAY'],
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.array(fc.integer({ min: 1_000, max: 300_000 }), { minLength: 1, maxLength: 3 }), steps), { minLength: 1, maxLength: 4 }), async (claims) => {
        for (const [amounts, path] of claims) await claim(amounts, path);
        // Paid (settled) and approved but unpaid (reserved) together stay within the maximum; what is settled is what was paid.
        const [ledger] = await server.db.query<{ annual: number; settled: number }>(
          `SELECT coalesce(sum(amount_cents), 0)::int AS annual, coalesce(sum(amount_cents) FILTER (WHERE status = 'SETTLED'), 0)::int AS settled
             FROM benefit_ledger WHERE patient_id = $1 AND kind = 'ANNUAL_MAXIMUM' AND benefit_year_start = '2026-01-01'`,
          [patientId],
        );
        expect(ledger.annual).toBeLessThanOrEqual(150_000);
        const [paid] = await server.db.query<{ total: number }>(`SELECT coalesce(sum(paid_cents), 0)::int AS total FROM reimbursements WHERE patient_id = $1 AND state = 'paid'`, [patientId]);
        expect(paid.total).toBe(ledger.settled);
        const twice = await server.db.query(
          `SELECT entity_id FROM workflow_history WHERE entity_type = 'reimbursement' AND event = 'PAY' GROUP BY entity_id HAVING count(*) > 1`,
        );
        expect(twice).toEqual([]);
      }),
      { numRuns: 6 },
    );
    // Then large claims until well past the maximum: the ledger stops exactly at it, the rest is refused with 30.
    for (let i = 0; i < 3; i++) await claim([300_000, 300_000], ['SUBMIT', 'APPROVE', 'PAY']);
    const [{ annual }] = await server.db.query<{ annual: number }>(
      `SELECT coalesce(sum(amount_cents), 0)::int AS annual FROM benefit_ledger WHERE patient_id = $1 AND kind = 'ANNUAL_MAXIMUM' AND benefit_year_start = '2026-01-01'`,
      [patientId],
    );
    expect(annual).toBe(150_000);
    const capped = await server.db.query(
      `SELECT 1 FROM reimbursement_lines l JOIN reimbursements r ON r.id = l.reimbursement_id WHERE r.patient_id = $1 AND l.reason = '30'`,
      [patientId],
    );
    expect(capped.length).toBeGreaterThan(0);
  });
});
