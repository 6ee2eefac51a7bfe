import { beforeAll, describe, expect, it } from 'vitest';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { call, claimInReview, expectProblem, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * Issue 9: the annual maximum after the reviewer's reductions. Within a claim the maximum's room is filled in
 * line order by what each line pays after coordination of benefits and the reviewer's amount, so the claim gets
 * the most the maximum allows (min(room, Σ lines)); a line's excess is only what the maximum itself cut, and a
 * line the maximum alone left at 0 stays the reviewer's to approve or reduce.
 */
const now = '2026-11-21';
const serviceDate = '2026-11-18';
const server = useServer({}, () => now);
let analyst: string;
let auditor: string;
let treasury: string;
let admin: string;
let doctorId: number;

const event = (id: number, body: Record<string, unknown>, token: string) => sendEvent('reimbursements', id, body, token);
// A filling at 150.00: BASIC at 80 %, the first one of the year after the 50.00 deductible (80.00), the next 120.00.
const filling = (tooth: string) => ({ procedureCode: 'D2330', tooth, serviceDate, chargedCents: 15000 });
type Line = { id: number; status: string; reason: string | null; coveredCents: number; excessCents: number; deductibleCents: number };
const figures = (lines: Line[]) => lines.map((l) => [l.status, l.reason, l.coveredCents, l.excessCents]);

/** A verified verification of a new adult alone on an EUR policy whose annual maximum is `annualMaximumCents`. */
async function verificationWithMaximum(annualMaximumCents: number) {
  const { patientId, policyId } = await patientOnOwnPolicy(server.db);
  await server.db.query(`UPDATE policies SET annual_maximum_cents = $2 WHERE id = $1`, [policyId, annualMaximumCents]);
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: serviceDate } });
  await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
  expect((await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin)).body.state).toBe('verified');
  return { verificationId: created.body.id as number, patientId };
}

const inReview = async (verificationId: number, lines: Record<string, unknown>[]) =>
  claimInReview({ analyst, auditor }, { verificationId, doctorId, invoiceNumber: 'F-MAX', invoiceDate: serviceDate, lines }) as Promise<{ id: number; lines: Line[] }>;

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  treasury = await signIn('tesoreria@demo.local');
  admin = await signIn('admin@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

describe('the annual maximum after the reviewer’s reductions (issue 9)', () => {
  it('a reduced line that the maximum cut gives the room it no longer needs to the next line, and its excess says what the maximum cut', async () => {
    // 50.00 of maximum: the first filling gets 50.00 of its 80.00, the second nothing (30).
    const { verificationId } = await verificationWithMaximum(5000);
    const claim = await inReview(verificationId, [filling('11'), filling('21')]);
    expect(figures(claim.lines)).toEqual([
      ['APPROVED', null, 5000, 3000],
      ['REJECTED', '30', 0, 12000],
    ]);
    const [first] = claim.lines.map((l) => l.id);

    // Reduced to 20.00, the first line is no longer cut by the maximum; the 30.00 left go to the second.
    const approved = await event(claim.id, { type: 'APPROVE', lines: [{ lineId: first, decision: 'REDUCE', amountCents: 2000 }] }, auditor);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ state: 'partiallyApproved', payableCents: 5000, deductibleCents: 5000 });
    expect(figures(approved.body.lines)).toEqual([
      ['APPROVED', null, 2000, 0],
      ['APPROVED', null, 3000, 9000],
    ]);
    // The liquidation read afterwards explains the same figures.
    const liquidation = await call('GET', `/api/reimbursements/${claim.id}/liquidation`, { token: analyst });
    expect(liquidation.body.lines.map((l: { coveredCents: number; excessCents: number }) => [l.coveredCents, l.excessCents])).toEqual([
      [2000, 0],
      [3000, 9000],
    ]);
  });

  it('the reviewer may reduce a line the maximum alone rejected; the claim gets the most the maximum allows after both reductions', async () => {
    const { verificationId } = await verificationWithMaximum(5000);
    const claim = await inReview(verificationId, [filling('12'), filling('22')]);
    const [first, second] = claim.lines.map((l) => l.id);
    // The second line's limit is what it pays before the maximum (120.00), not the 0 the maximum left it.
    expectProblem(await event(claim.id, { type: 'APPROVE', lines: [{ lineId: second, decision: 'REDUCE', amountCents: 12000 }] }, auditor), 409, 'reimbursement.lineDecisionsInvalid');

    const approved = await event(
      claim.id,
      {
        type: 'APPROVE',
        lines: [
          { lineId: first, decision: 'REDUCE', amountCents: 2000 },
          { lineId: second, decision: 'REDUCE', amountCents: 2500 },
        ],
      },
      auditor,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ state: 'partiallyApproved', payableCents: 4500 });
    expect(figures(approved.body.lines)).toEqual([
      ['APPROVED', null, 2000, 0],
      ['APPROVED', null, 2500, 0],
    ]);
  });

  it('two claims reduced against one maximum and paid in the other order: the ledger holds the money paid', async () => {
    // 150.00 of maximum for two claims of two fillings each.
    const { verificationId, patientId } = await verificationWithMaximum(15000);
    const one = await inReview(verificationId, [filling('13'), filling('23')]);
    const two = await inReview(verificationId, [filling('14'), filling('24')]);

    // First: 80.00 (after the deductible) and the second filling reduced to 40.00 → 120.00; 30.00 stay.
    const first = await event(one.id, { type: 'APPROVE', lines: [{ lineId: one.lines[1]!.id, decision: 'REDUCE', amountCents: 4000 }] }, auditor);
    expect(first.body).toMatchObject({ state: 'partiallyApproved', payableCents: 12000, deductibleCents: 5000 });
    // Second, against the first's reservation: 120.00 a filling, 30.00 left; the first reduced to 10.00, the second
    // gets the remaining 20.00 and the maximum cuts the other 100.00.
    const second = await event(two.id, { type: 'APPROVE', lines: [{ lineId: two.lines[0]!.id, decision: 'REDUCE', amountCents: 1000 }] }, auditor);
    expect(second.body).toMatchObject({ state: 'partiallyApproved', payableCents: 3000, deductibleCents: 0 });
    expect(figures(second.body.lines)).toEqual([
      ['APPROVED', null, 1000, 0],
      ['APPROVED', null, 2000, 10000],
    ]);

    expect((await event(two.id, { type: 'PAY', reference: 'TRF-MAX-2', reason: 'Pago excepcional' }, treasury)).body).toMatchObject({ state: 'paid', paidCents: 3000 });
    expect((await event(one.id, { type: 'PAY', reference: 'TRF-MAX-1', reason: 'Pago excepcional' }, treasury)).body).toMatchObject({ state: 'paid', paidCents: 12000 });

    const [totals] = await server.db.query<{ paid: number; annual: number; deductible: number; reserved: number }>(
      `SELECT (SELECT sum(paid_cents)::int FROM reimbursements WHERE patient_id = $1) AS paid,
              (SELECT sum(amount_cents)::int FROM benefit_ledger WHERE patient_id = $1 AND kind = 'ANNUAL_MAXIMUM' AND status = 'SETTLED') AS annual,
              (SELECT sum(amount_cents)::int FROM benefit_ledger WHERE patient_id = $1 AND kind = 'DEDUCTIBLE' AND status = 'SETTLED') AS deductible,
              (SELECT count(*)::int FROM benefit_ledger WHERE patient_id = $1 AND status = 'RESERVED') AS reserved`,
      [patientId],
    );
    expect(totals).toEqual({ paid: 15000, annual: 15000, deductible: 5000, reserved: 0 });
  });
});
