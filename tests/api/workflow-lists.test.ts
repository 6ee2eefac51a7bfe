import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestServer } from './helpers.ts';
import { hasPostgres, usePostgresServer } from './postgres-cluster.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/**
 * A list page builds its rows' statechart facts for the whole page at once; what it answers must be what
 * each record's own GET answers (same allowedEvents, same fields), for every role, and the number of
 * queries a page costs must not grow with its size.
 */
const LISTS = [
  { path: '/api/verifications', nested: [] as string[] },
  { path: '/api/reimbursements', nested: [] as string[] },
  // The list leaves each plan's instalments out; its GET has them.
  { path: '/api/orthodontic-plans', nested: ['installments'] },
  // Each patient's enrolment facts (its policy's places and holder, its document elsewhere) come from two queries per page.
  { path: '/api/patients', nested: [] },
  { path: '/api/policies', nested: [] },
];
const USERS = ['admin', 'supervisor', 'verificador', 'analista', 'auditor', 'tesoreria'];

type Item = { id: number; allowedEvents: string[] } & Record<string, unknown>;

async function pagesMatchRecords(server: TestServer) {
  const offered = new Map<string, Set<string>>(LISTS.map((l) => [l.path, new Set()]));
  let compared = 0;
  for (const user of USERS) {
    const token = await server.signIn(`${user}@demo.local`);
    for (const { path, nested } of LISTS) {
      const page = await server.call<{ items: Item[]; total: number }>('GET', `${path}?pageSize=100`, { token });
      if (page.status === 403) continue;
      expect(page.status).toBe(200);
      expect(page.body.items).toHaveLength(page.body.total);
      for (const item of page.body.items) {
        const single = await server.call<Item>('GET', `${path}/${item.id}`, { token });
        expect(single.status).toBe(200);
        const withoutNested = Object.fromEntries(Object.entries(single.body).filter(([key]) => !nested.includes(key)));
        expect(item, `${user} ${path}/${item.id}`).toEqual(withoutNested);
        item.allowedEvents.forEach((event) => offered.get(path)!.add(`${user}:${event}`));
        compared++;
      }
    }
  }
  // The demo data has records in every state, so each list offers some events to someone.
  for (const [path, events] of offered) expect(events.size, path).toBeGreaterThan(0);
  expect(compared).toBeGreaterThan(100);
}

/** How many statements the server runs to answer one request. */
async function queriesOf(server: TestServer, path: string, token: string): Promise<number> {
  const executor = Object.getPrototypeOf(server.db.kysely.getExecutor());
  const spy = vi.spyOn(executor, 'executeQuery');
  try {
    const result = await server.call('GET', path, { token });
    expect(result.status).toBe(200);
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

/**
 * Waits for the server to answer `token` from its session cache, which it fills only once its listener is up: on a
 * server nothing has asked yet, the first requests read the session, and one of them would be counted as a list's.
 */
async function sessionFromMemory(server: TestServer, token: string) {
  const deadline = Date.now() + hangLimit(30_000);
  while ((await queriesOf(server, '/api/me', token)) > 0) {
    if (Date.now() > deadline) throw new Error('The session is still read from the database');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function queriesDoNotGrowWithThePage(server: TestServer) {
  const token = await server.signIn('admin@demo.local');
  await sessionFromMemory(server, token);
  for (const { path } of LISTS) {
    const { body } = await server.call<{ total: number }>('GET', `${path}?pageSize=1`, { token });
    expect(body.total, path).toBeGreaterThanOrEqual(5);
    const one = await queriesOf(server, `${path}?pageSize=1`, token);
    const all = await queriesOf(server, `${path}?pageSize=100`, token);
    // At least the page (which carries its count, server/db/list-query.ts) and its rows' facts: the count
    // must see the list's own work (the session is read from memory since server/auth/session-cache.ts).
    expect(one, path).toBeGreaterThanOrEqual(2);
    expect({ path, queries: all }).toEqual({ path, queries: one });
  }
}

describe('workflow lists on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start({}, 'memory://');
  });
  afterAll(() => server?.close());

  it('answer for every row what the record’s own GET answers, allowedEvents included, for every role', () => pagesMatchRecords(server));
  it('cost the same number of queries for one row as for a whole page', () => queriesDoNotGrowWithThePage(server));
});

describe.skipIf(!hasPostgres)('workflow lists on PostgreSQL 15', () => {
  const postgres = usePostgresServer();
  it('answer for every row what the record’s own GET answers, allowedEvents included, for every role', () => pagesMatchRecords(postgres.server));
  it('cost the same number of queries for one row as for a whole page', () => queriesDoNotGrowWithThePage(postgres.server));
});
