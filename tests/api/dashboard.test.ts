import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/auth/roles.ts';
import { call, expectProblem, signIn, useServer } from './helpers.ts';

// Panel: what each role needs at the start of a day, from live data; every tile links to its filtered list.
const server = useServer();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  for (const user of DEMO_USERS) {
    tokens[user.role] = await signIn(user.email);
    ids[user.role] = (await call('GET', '/api/me', { token: tokens[user.role] })).body.user.id;
  }
});

type Tile = { key: string; count: number; link: string; amounts?: { currency: string; cents: number }[] };
type Section = { key: string; tiles: Tile[] };
const dashboard = async (role: string) => {
  const response = await call('GET', '/api/dashboard', { token: tokens[role] });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { sections: Section[]; charts?: { statusVolumes: { workflow: string; state: string; count: number; under7Days: number; from7To30Days: number; over30Days: number }[]; approvalRates: { month: string }[]; paidByInsurer: { cents: number }[] } };
};
const tile = (sections: Section[], key: string) => sections.flatMap((s) => s.tiles).find((t) => t.key === key)!;
const scalar = async (sql: string, params: unknown[] = []) => (await server.db.query<{ n: number }>(sql, params))[0].n;

describe('dashboard per role', () => {
  it('gives the verifier their open, past-due and needs-info verifications', async () => {
    await server.db.query(`UPDATE verifications SET assignee_id = $1 WHERE id IN (SELECT id FROM verifications WHERE state IN ('pending','inProgress','needsInfo') ORDER BY id LIMIT 3)`, [ids.verifier]);
    const { sections, charts } = await dashboard('verifier');
    expect(sections.map((s) => s.key)).toEqual(['verifier', 'communication']);
    expect(charts).toBeUndefined();
    const open = await scalar(`SELECT count(*)::int AS n FROM verifications WHERE assignee_id = $1 AND state IN ('pending','inProgress','needsInfo')`, [ids.verifier]);
    expect(open).toBeGreaterThan(0);
    expect(tile(sections, 'myOpenVerifications')).toEqual({ key: 'myOpenVerifications', count: open, link: '/verificaciones/nuevas?assigned=mine' });
    const needsInfo = await scalar(`SELECT count(*)::int AS n FROM verifications WHERE assignee_id = $1 AND state = 'needsInfo'`, [ids.verifier]);
    expect(tile(sections, 'myNeedsInfoVerifications').count).toBe(needsInfo);
  });

  it('gives the analyst what waits for review and documents, general and orthodontic apart as their lists are', async () => {
    const { sections } = await dashboard('reimbursement_analyst');
    expect(sections.map((s) => s.key)).toEqual(['analyst', 'communication']);
    for (const [prefix, kind, list] of [['r', 'GENERAL', 'general'], ['orthodonticR', 'ORTHODONTIC', 'ortodoncia']] as const) {
      expect(tile(sections, `${prefix}eimbursementsToReview`)).toEqual({
        key: `${prefix}eimbursementsToReview`,
        count: await scalar(`SELECT count(*)::int AS n FROM reimbursements WHERE state IN ('submitted', 'inReview') AND kind = $1`, [kind]),
        link: `/reembolsos/${list}?state=submitted,inReview`,
      });
      expect(tile(sections, `${prefix}eimbursementsWaitingDocuments`).count).toBe(await scalar(`SELECT count(*)::int AS n FROM reimbursements WHERE state = 'needsDocuments' AND kind = $1`, [kind]));
    }
  });

  it('gives treasury what is approved to pay per kind, with its amount per currency', async () => {
    const { sections } = await dashboard('treasury');
    for (const [key, kind, list] of [['approvedToPay', 'GENERAL', 'general'], ['orthodonticApprovedToPay', 'ORTHODONTIC', 'ortodoncia']] as const) {
      const toPay = tile(sections, key);
      const rows = await server.db.query<{ currency: string; cents: number }>(
        `SELECT trim(currency) AS currency, sum(payable_cents)::float8 AS cents FROM reimbursements WHERE state IN ('approved','partiallyApproved') AND kind = $1 GROUP BY 1 ORDER BY 1`,
        [kind],
      );
      expect(toPay.count).toBe(await scalar(`SELECT count(*)::int AS n FROM reimbursements WHERE state IN ('approved','partiallyApproved') AND kind = $1`, [kind]));
      expect(toPay.amounts).toEqual(rows.map((r) => ({ currency: r.currency, cents: Number(r.cents) })));
      expect(toPay.link).toBe(`/reembolsos/${list}?state=approved,partiallyApproved`);
    }
  });

  it("every reimbursement tile of every role counts exactly what its linked list shows", async () => {
    const checked = new Set<string>();
    for (const role of ['reimbursement_analyst', 'treasury', 'supervisor']) {
      for (const t of (await dashboard(role)).sections.flatMap((s) => s.tiles).filter((t) => t.link.startsWith('/reembolsos/'))) {
        const url = new URL(t.link, 'http://panel');
        const kind = { '/reembolsos/general': 'GENERAL', '/reembolsos/ortodoncia': 'ORTHODONTIC' }[url.pathname];
        expect(kind, t.link).toBeDefined();
        const query = new URLSearchParams({ ...Object.fromEntries(url.searchParams), kind: kind! });
        const list = await call('GET', `/api/reimbursements?${query}`, { token: tokens[role] });
        expect(list.status, JSON.stringify(list.body)).toBe(200);
        expect(list.body.total, `${role}: ${t.key} → ${t.link}`).toBe(t.count);
        checked.add(t.key);
      }
    }
    // Both kinds of each tile were compared, the orthodontic ones included.
    expect([...checked].sort()).toEqual(
      ['approvedToPay', 'cureEndingThisWeek', 'openReimbursements', 'reimbursementsToReview', 'reimbursementsWaitingDocuments', 'returnedPayments']
        .flatMap((key) => [key, `orthodontic${key[0].toUpperCase()}${key.slice(1)}`])
        .sort(),
    );
  });

  it('gives supervisors volumes and ageing per state, approval rates and paid amounts as chart data', async () => {
    const { sections, charts } = await dashboard('supervisor');
    expect(sections.map((s) => s.key)).toEqual(['treasury', 'supervision', 'communication']);
    expect(charts).toBeDefined();
    const openVerifications = charts!.statusVolumes.filter((v) => v.workflow === 'verification').reduce((n, v) => n + v.count, 0);
    expect(openVerifications).toBe(tile(sections, 'openVerifications').count);
    for (const v of charts!.statusVolumes) expect(v.under7Days + v.from7To30Days + v.over30Days).toBe(v.count);
    expect(charts!.approvalRates).toHaveLength(6);
    const paid = charts!.paidByInsurer.reduce((n, p) => n + p.cents, 0);
    expect(paid).toBe(await scalar(`SELECT coalesce(sum(paid_cents), 0)::float8 AS n FROM reimbursements WHERE state = 'paid' AND paid_on >= date_trunc('month', now()) - interval '5 months'`));
  });

  it('counts unread messages live', async () => {
    const before = tile((await dashboard('dental_auditor')).sections, 'unreadMessages');
    expect(before.link).toBe('/mensajes?unread=true');
    await call('POST', '/api/conversations', { token: tokens.supervisor, body: { subject: 'Hola', participantIds: [ids.dental_auditor], body: 'Mira esto' } });
    expect(tile((await dashboard('dental_auditor')).sections, 'unreadMessages').count).toBe(before.count + 1);
  });

  it('shows the read-only role only what it may see, and nobody signed out', async () => {
    const { sections } = await dashboard('read_only');
    expect(sections.map((s) => s.key)).toEqual(['communication']);
    expect(sections[0].tiles.map((t) => t.key)).toEqual(['pendingAnnouncements']);
    expectProblem(await call('GET', '/api/dashboard'), 401, 'auth.unauthenticated');
    expectProblem(await call('GET', '/api/dashboard?x=1', { token: tokens.read_only }), 400, 'request.invalid');
  });
});
