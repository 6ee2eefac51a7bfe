import { beforeAll, describe, expect, it } from 'vitest';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { call, claimInReview, expectProblem, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * Issue 9: the live liquidation preview before the first save (POST /api/verifications/{id}/liquidation-preview):
 * the engine's figures for lines typed on the new-reimbursement screen, before any record exists. The same
 * engine, rules, ledger and history as after saving, so the figures are equal; an audited read that writes nothing.
 */
const now = '2026-11-21';
const serviceDate = '2026-11-18';
const server = useServer({}, () => now);
let analyst: string;
let auditor: string;
let verifier: string;
let admin: string;
let doctorId: number;

const exam = { procedureCode: 'D0120', serviceDate, chargedCents: 6000 };
const filling = (tooth: string) => ({ procedureCode: 'D2330', tooth, serviceDate, chargedCents: 15000 });
const previewOn = (verificationId: number, body: Record<string, unknown>, token = analyst) =>
  call('POST', `/api/verifications/${verificationId}/liquidation-preview`, { token, body });

async function verification(verify = true) {
  const { patientId, policyId } = await patientOnOwnPolicy(server.db);
  // 300.00 of annual maximum, so a second claim meets what the first one reserved.
  await server.db.query(`UPDATE policies SET annual_maximum_cents = 30000 WHERE id = $1`, [policyId]);
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: serviceDate } });
  if (verify) {
    await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
    expect((await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin)).body.state).toBe('verified');
  }
  return created.body.id as number;
}

const counts = async () =>
  (
    await server.db.query<{ claims: number; lines: number; ledger: number }>(
      `SELECT (SELECT count(*)::int FROM reimbursements) AS claims, (SELECT count(*)::int FROM reimbursement_lines) AS lines, (SELECT count(*)::int FROM benefit_ledger) AS ledger`,
    )
  )[0];

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  verifier = await signIn('verificador@demo.local');
  admin = await signIn('admin@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

describe('the liquidation preview before the first save (issue 9)', () => {
  it('liquidates unsaved lines on the verification exactly as the saved draft is liquidated, against what earlier claims reserved', async () => {
    const verificationId = await verification();
    // An earlier claim of the patient, approved: it reserves the deductible and 80.00 + 60.00 of the maximum.
    const earlier = await claimInReview({ analyst, auditor }, { verificationId, doctorId, invoiceNumber: 'F-P-1', invoiceDate: serviceDate, lines: [exam, filling('11')] });
    expect((await sendEvent('reimbursements', earlier.id, { type: 'APPROVE' }, auditor)).body).toMatchObject({ state: 'approved', payableCents: 14000 });

    const lines = [filling('21'), filling('22'), filling('11')];
    const before = await counts();
    const unsaved = await previewOn(verificationId, { invoiceDate: serviceDate, lines });
    expect(unsaved.status, JSON.stringify(unsaved.body)).toBe(200);
    // The first filling pays 120.00 (no deductible left), the second the 40.00 the maximum still has, the third
    // repeats the earlier claim's (06).
    expect(unsaved.body.lines.map((l: { lineId: number; status: string; reason: string | null; deductibleCents: number; coveredCents: number; excessCents: number }) => [
      l.lineId,
      l.status,
      l.reason ?? null,
      l.deductibleCents,
      l.coveredCents,
      l.excessCents,
    ])).toEqual([
      [1, 'APPROVED', null, 0, 12000, 0],
      [2, 'APPROVED', null, 0, 4000, 8000],
      [3, 'REJECTED', '06', 0, 0, 0],
    ]);
    expect(unsaved.body.totals).toMatchObject({ claimedCents: 45000, payableCents: 16000 });
    expect(await counts()).toEqual(before);
    const audit = await server.db.query(`SELECT 1 FROM audit_log WHERE entity_type = 'verification' AND entity_id = $1 AND action = 'VIEW' AND detail->>'part' = 'liquidationPreview'`, [
      String(verificationId),
    ]);
    expect(audit).toHaveLength(1);

    // Saved with the same lines, the draft's preview of the same lines and its own liquidation give the same figures.
    const saved = await call('POST', '/api/reimbursements', { token: analyst, body: { verificationId, doctorId, invoiceNumber: 'F-P-2', invoiceDate: serviceDate, lines } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const draftPreview = await call('POST', `/api/reimbursements/${saved.body.id}/liquidation-preview`, { token: analyst, body: { invoiceDate: serviceDate, lines } });
    expect(draftPreview.body).toEqual(unsaved.body);
    const liquidation = await call('GET', `/api/reimbursements/${saved.body.id}/liquidation`, { token: analyst });
    expect(liquidation.body.totals).toEqual(unsaved.body.totals);
    expect(liquidation.body.lines.map((l: Record<string, unknown>) => ({ ...l, lineId: undefined }))).toEqual(unsaved.body.lines.map((l: Record<string, unknown>) => ({ ...l, lineId: undefined })));
  });

  it('is refused like the creation: no such verification 404, one not verified 422, without the right 403, a malformed line 400', async () => {
    expectProblem(await previewOn(999_999, { lines: [exam] }), 404, 'verification.notFound');
    const pending = await verification(false);
    const refused = expectProblem(await previewOn(pending, { lines: [exam] }), 422, 'reimbursement.verificationNotValid');
    expect(refused.errors).toEqual([{ path: 'body/verificationId', keyword: 'rule' }]);
    const verified = await verification();
    expectProblem(await previewOn(verified, { lines: [exam] }, verifier), 403, 'auth.forbidden');
    expectProblem(await previewOn(verified, { lines: [{ ...exam, chargedCents: -1 }] }), 400, 'request.invalid');
  });
});
