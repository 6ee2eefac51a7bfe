import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';

// The patient view's linked records come a page at a time per kind, newest first, with their counts.
const server = useServer();
let admin: string;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
});

type Overview = { verifications: { id: number }[]; reimbursements: { id: number }[]; orthodonticPlans: { id: number }[]; linked: Record<string, number> };

describe('patient view paging', () => {
  it('pages each kind of linked record on its own and counts them all', async () => {
    const [{ patient_id: id, n }] = await server.db.query<{ patient_id: number; n: number }>(
      `SELECT patient_id, count(*)::int AS n FROM reimbursements GROUP BY patient_id HAVING count(*) >= 2 ORDER BY count(*) DESC, patient_id LIMIT 1`,
    );
    const all = await server.db.query<{ id: number }>(`SELECT id FROM reimbursements WHERE patient_id = $1 ORDER BY id DESC`, [id]);
    const first = await call<Overview>('GET', `/api/patients/${id}/overview?pageSize=1`, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.linked).toMatchObject({ pageSize: 1, reimbursements: n });
    expect(first.body.reimbursements.map((r) => r.id)).toEqual([all[0].id]);
    const second = await call<Overview>('GET', `/api/patients/${id}/overview?pageSize=1&reimbursementsPage=2`, { token: admin });
    expect(second.body.reimbursements.map((r) => r.id)).toEqual([all[1].id]);
    // The other kinds stay on their first page.
    expect(second.body.verifications).toEqual(first.body.verifications);
    const whole = await call<Overview>('GET', `/api/patients/${id}/overview`, { token: admin });
    expect(whole.body.linked.pageSize).toBe(10);
    expect(whole.body.reimbursements.map((r) => r.id)).toEqual(all.slice(0, 10).map((r) => r.id));
  });

  it('answers 400 for a page below one or a page size over 100', async () => {
    const [{ id }] = await server.db.query<{ id: number }>(`SELECT id FROM patients WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
    for (const query of ['plansPage=0', 'pageSize=101', 'verificationsPage=x']) {
      expect((await call('GET', `/api/patients/${id}/overview?${query}`, { token: admin })).status, query).toBe(400);
    }
  });
});
