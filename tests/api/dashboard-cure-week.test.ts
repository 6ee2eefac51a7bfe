import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';

// The analyst's "document deadlines end this week" tiles link to their kind's list narrowed the same way
// (state=needsDocuments&cureEnding=thisWeek): the list shows exactly the claims the tile counts.
const TODAY = '2026-06-10';
const server = useServer({}, () => TODAY);
let analyst: string;

type Tile = { key: string; count: number; link: string };

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  // Claims waiting for documents with deadlines around the week: before it, on its first and last days, in
  // between, one day past it; and one already resubmitted (no longer waiting) whose old deadline falls in it.
  // The seed has fewer orthodontic claims: the week's last day and the days either side of the week.
  const set = async (kind: string, deadlines: string[], resubmitted: string | null) => {
    const ids = (await server.db.query<{ id: number }>(`SELECT id FROM reimbursements WHERE kind = $1 ORDER BY id LIMIT 6`, [kind])).map((row) => row.id);
    expect(ids.length, `the seed has ${kind} claims`).toBeGreaterThanOrEqual(deadlines.length + (resubmitted ? 1 : 0));
    for (const [i, deadline] of deadlines.entries()) await server.db.query(`UPDATE reimbursements SET state = 'needsDocuments', cure_deadline = $2 WHERE id = $1`, [ids[i], deadline]);
    if (resubmitted) await server.db.query(`UPDATE reimbursements SET state = 'inReview', cure_deadline = $2 WHERE id = $1`, [ids[deadlines.length], resubmitted]);
  };
  await set('GENERAL', ['2026-06-09', '2026-06-10', '2026-06-13', '2026-06-17', '2026-06-18'], '2026-06-12');
  await set('ORTHODONTIC', ['2026-06-09', '2026-06-17', '2026-06-18'], null);
});

/** The list the tile links to, as its screen reads it (the kind is the screen's own). */
async function linkedList(tile: Tile) {
  const url = new URL(tile.link, 'http://panel');
  const kind = url.pathname === '/reembolsos/general' ? 'GENERAL' : url.pathname === '/reembolsos/ortodoncia' ? 'ORTHODONTIC' : null;
  expect(kind, tile.link).not.toBeNull();
  const query = new URLSearchParams({ ...Object.fromEntries(url.searchParams), kind: kind!, pageSize: '100' });
  const reply = await call('GET', `/api/reimbursements?${query}`, { token: analyst });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { total: number; items: { state: string; kind: string; cureDeadline: string | null }[] };
}

describe('cure periods ending this week', () => {
  it("each kind's tile counts exactly what its linked list shows: deadlines from today to seven days on, still waiting", async () => {
    const reply = await call('GET', '/api/dashboard', { token: analyst });
    expect(reply.status).toBe(200);
    const tiles = (reply.body.sections as { tiles: Tile[] }[]).flatMap((section) => section.tiles);
    for (const [key, kind, path, inWeek] of [
      ['cureEndingThisWeek', 'GENERAL', '/reembolsos/general', 3],
      ['orthodonticCureEndingThisWeek', 'ORTHODONTIC', '/reembolsos/ortodoncia', 1],
    ] as const) {
      const tile = tiles.find((t) => t.key === key)!;
      expect(tile.link).toBe(`${path}?state=needsDocuments&cureEnding=thisWeek`);
      const list = await linkedList(tile);
      expect(list.total).toBe(tile.count);
      // The deadlines set inside the week; the seed may hold others inside it too.
      expect(tile.count).toBeGreaterThanOrEqual(inWeek);
      for (const row of list.items) {
        expect(row).toMatchObject({ state: 'needsDocuments', kind });
        expect(row.cureDeadline! >= TODAY && row.cureDeadline! <= '2026-06-17', row.cureDeadline!).toBe(true);
      }
    }
  });

  it('the filter alone keeps to the week whatever the state, and refuses a value it does not know', async () => {
    const week = await call('GET', '/api/reimbursements?cureEnding=thisWeek&pageSize=100', { token: analyst });
    expect(week.status).toBe(200);
    const deadlines = (week.body.items as { cureDeadline: string }[]).map((row) => row.cureDeadline);
    expect(deadlines).toContain('2026-06-12');
    expect(deadlines.every((day) => day >= TODAY && day <= '2026-06-17')).toBe(true);
    const bad = await call('GET', '/api/reimbursements?cureEnding=nextMonth', { token: analyst });
    expect(bad.status).toBe(400);
  });
});
