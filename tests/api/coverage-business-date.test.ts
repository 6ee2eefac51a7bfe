import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@core/benefits/dates.ts';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { call, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * A policy suspended, resumed or cancelled through the API takes effect on the server's business date, not on the
 * day the computer's clock shows: the cover of a patient on the policy is judged from those dates. The business
 * dates here lie far from any real date the suite runs on, so a date taken from the real clock cannot pass.
 */
let today = '2025-06-10';
const server = useServer({}, () => today);
let admin: string;
let analyst: string;
let doctorId: number;

beforeAll(async () => {
  [admin, analyst] = await Promise.all([signIn('admin@demo.local'), signIn('analista@demo.local')]);
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

/** A draft claim of a patient alone on a policy of their own, made on the business date before anything happens to the policy. */
async function claimOnOwnPolicy() {
  const { patientId, policyId } = await patientOnOwnPolicy(server.db);
  const verification = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: today } });
  expect(verification.status, JSON.stringify(verification.body)).toBe(201);
  await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
  expect((await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin)).body.state).toBe('verified');
  const draft = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: { verificationId: verification.body.id, doctorId, invoiceDate: today, lines: [{ procedureCode: 'D0120', serviceDate: today, chargedCents: 6_000 }] },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  return { policyId, claimId: draft.body.id as number };
}

/** Whether the engine finds the patient covered on each day: the reason of a one-line preview (07: not covered). */
async function coveredOn(claimId: number, days: string[]): Promise<Record<string, boolean>> {
  const covered: Record<string, boolean> = {};
  for (const day of days) {
    const preview = await call('POST', `/api/reimbursements/${claimId}/liquidation-preview`, {
      token: analyst,
      body: { invoiceDate: day, lines: [{ procedureCode: 'D0120', serviceDate: day, chargedCents: 6_000 }] },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    covered[day] = preview.body.lines[0].reason !== '07';
  }
  return covered;
}

describe('policy suspension, resumption and cancellation on the business date', () => {
  it('a policy suspended today stops covering today, and covers again from the day it is resumed', async () => {
    today = '2025-06-10';
    const { policyId, claimId } = await claimOnOwnPolicy();
    expect((await sendEvent('policies', policyId, { type: 'SUSPEND', reason: 'Impago de la prima' }, admin)).body.state).toBe('suspended');
    expect(await coveredOn(claimId, ['2025-06-09', '2025-06-10'])).toEqual({ '2025-06-09': true, '2025-06-10': false });

    today = '2025-06-15';
    expect((await sendEvent('policies', policyId, { type: 'RESUME' }, admin)).body.state).toBe('active');
    expect(await coveredOn(claimId, ['2025-06-09', '2025-06-10', '2025-06-14', '2025-06-15'])).toEqual({
      '2025-06-09': true,
      '2025-06-10': false,
      '2025-06-14': false,
      '2025-06-15': true,
    });
  });

  it('a policy cancelled today covered up to yesterday', async () => {
    today = '2025-06-20';
    const { policyId, claimId } = await claimOnOwnPolicy();
    expect((await sendEvent('policies', policyId, { type: 'CANCEL', reason: 'Baja solicitada' }, admin)).body.state).toBe('cancelled');
    expect(await coveredOn(claimId, [addDays(today, -1), today])).toEqual({ '2025-06-19': true, '2025-06-20': false });
  });
});
