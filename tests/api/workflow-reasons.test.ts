import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, signIn, useServer, sendEvent } from './helpers.ts';

// Every workflow record says which events of its state are refused now and by which guards (issue 9).
const now = '2026-11-21';
const server = useServer({}, () => now);
let admin: string;
let verifier: string;
let verifierId: number;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  verifier = await signIn('verificador@demo.local');
  verifierId = (await call('GET', '/api/me', { token: verifier })).body.user.id;
});

async function freshPatient(): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(
    `SELECT p.id FROM patients p JOIN policies po ON po.id = p.policy_id
      WHERE po.state = 'ACTIVE' AND p.state = 'ACTIVE' AND p.birth_date < '2000-01-01'
        AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id)
      ORDER BY p.id LIMIT 1`,
  );
  return row.id;
}

type Blocked = { type: string; guards: string[] };

describe('blocked events with their guards', () => {
  it('names the guard that keeps a verifier from starting a verification not assigned to them, and drops it once assigned', async () => {
    // Entered by the administrator, it waits unassigned (a verifier's own would be hers already).
    const created = await call('POST', '/api/verifications', {
      token: admin,
      body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-11-25' },
    });
    expect(created.status).toBe(201);
    const unassigned = await call('GET', `/api/verifications/${created.body.id}`, { token: verifier });
    expect(unassigned.body.blockedEvents).toEqual([{ type: 'START', guards: ['actorMayStart'] }]);
    expect(unassigned.body.allowedEvents).not.toContain('START');

    const assigned = await sendEvent('verifications', created.body.id, { type: 'ASSIGN', assigneeId: verifierId }, verifier);
    expect(assigned.body.allowedEvents).toContain('START');
    // Now hers, taking it again is what is refused, with its reason (issue 28 item 2).
    expect(assigned.body.blockedEvents).toEqual([{ type: 'ASSIGN', guards: ['assigneeChanges'] }]);

    // The record read and the list say the same as the event's answer.
    const read = await call('GET', `/api/verifications/${created.body.id}`, { token: verifier });
    expect(read.body.blockedEvents).toEqual([{ type: 'ASSIGN', guards: ['assigneeChanges'] }]);
  });

  it('lists every failing guard of an event, not only the first', async () => {
    const created = await call('POST', '/api/verifications', {
      token: admin,
      body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-11-25' },
    });
    const id = created.body.id;
    await sendEvent('verifications', id, { type: 'START' }, admin);
    // The policy ends before the service date and the year's maximum is overdrawn: two reasons at once.
    await server.db.query(`UPDATE verifications SET planned_service_date = '2031-01-10' WHERE id = $1`, [id]);
    const read = await call('GET', `/api/verifications/${id}`, { token: admin });
    const recordEligible = (read.body.blockedEvents as Blocked[]).find((b) => b.type === 'RECORD_ELIGIBLE');
    expect(recordEligible?.guards).toContain('coverageActiveOnServiceDate');
    expect(read.body.allowedEvents).not.toContain('RECORD_ELIGIBLE');
    expect(read.body.allowedEvents).toEqual(expect.arrayContaining(['REQUEST_INFO', 'RECORD_NOT_ELIGIBLE', 'CANCEL']));
  });

  it('is on every workflow kind, in lists and records', async () => {
    for (const path of ['/api/verifications', '/api/reimbursements', '/api/orthodontic-plans', '/api/policies', '/api/patients']) {
      const list = await call('GET', `${path}?pageSize=5`, { token: admin });
      expect(list.status, path).toBe(200);
      expect(list.body.items.length, path).toBeGreaterThan(0);
      for (const item of list.body.items) {
        expect(Array.isArray(item.blockedEvents), path).toBe(true);
        for (const blocked of item.blockedEvents as Blocked[]) {
          // A blocked event is never also offered, and always names at least one guard.
          expect(item.allowedEvents, path).not.toContain(blocked.type);
          expect(blocked.guards.length, path).toBeGreaterThan(0);
        }
      }
      const one = await call('GET', `${path}/${list.body.items[0].id}`, { token: admin });
      expect(Array.isArray(one.body.blockedEvents), path).toBe(true);
    }
  });
});

describe('the verification worklist', () => {
  it('filters mine, unassigned and past due, and counts each open state under the same filters', async () => {
    const mine = await call('GET', '/api/verifications?group=open&assigned=mine&pageSize=100', { token: verifier });
    expect(mine.status).toBe(200);
    expect(mine.body.items.every((v: { assigneeId: number | null }) => v.assigneeId === verifierId)).toBe(true);
    const unassigned = await call('GET', '/api/verifications?group=open&assigned=unassigned&pageSize=100', { token: verifier });
    expect(unassigned.body.items.length).toBeGreaterThan(0);
    expect(unassigned.body.items.every((v: { assigneeId: number | null }) => v.assigneeId === null)).toBe(true);
    const pastDue = await call('GET', '/api/verifications?group=open&pastDue=true&pageSize=100', { token: verifier });
    expect(pastDue.body.items.every((v: { plannedServiceDate: string }) => v.plannedServiceDate < now)).toBe(true);

    for (const filter of ['', 'assigned=mine', 'assigned=unassigned', 'pastDue=true']) {
      const counts = await call('GET', `/api/verifications/counts?${filter}`, { token: verifier });
      expect(counts.status, filter).toBe(200);
      for (const state of ['pending', 'inProgress', 'needsInfo'] as const) {
        const list = await call('GET', `/api/verifications?state=${state}&${filter}&pageSize=1`, { token: verifier });
        expect(counts.body[state], `${filter} ${state}`).toBe(list.body.total);
      }
    }
    expectProblem(await call('GET', '/api/verifications/counts?assigned=everyone', { token: verifier }), 400, 'request.invalid');
    expectProblem(await call('GET', '/api/verifications?pastDue=maybe', { token: verifier }), 400, 'request.invalid');
  });

  it('says how many days of validity a verified verification has left', async () => {
    const verified = await call('GET', '/api/verifications?state=verified&pageSize=100', { token: admin });
    for (const v of verified.body.items as { validUntil: string; validDaysLeft: number }[]) {
      const expected = Math.max(0, Math.round((Date.parse(v.validUntil) - Date.parse(now)) / 86_400_000) + 1);
      expect(v.validDaysLeft).toBe(expected);
    }
    const others = await call('GET', '/api/verifications?state=pending&pageSize=5', { token: admin });
    expect(others.body.items.every((v: { validDaysLeft: number | null }) => v.validDaysLeft === null)).toBe(true);
  });
});
