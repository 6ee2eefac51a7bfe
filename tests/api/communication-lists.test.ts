import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/auth/roles.ts';
import { expectProblem, fieldErrors, TestServer } from './helpers.ts';
import { hasPostgres, usePostgresServer } from './postgres-cluster.ts';

// Notes and conversations page like every other list: a sort from the contract's keys, the same search, and the
// shared page shape with its total. The same checks run on PGlite and on PostgreSQL 15, whose sorting, case
// folding and LIKE escaping are the database's own.

async function people(server: TestServer) {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  for (const user of DEMO_USERS) {
    tokens[user.role] = await server.signIn(user.email);
    ids[user.role] = (await server.call('GET', '/api/me', { token: tokens[user.role] })).body.user.id;
  }
  return { tokens, ids };
}

async function notesSortAndPage(server: TestServer) {
  const { tokens } = await people(server);
  const call = (method: string, path: string, body?: unknown) => server.call(method, path, { token: tokens.verifier, body });
  const [patient] = await server.db.query<{ id: number }>('SELECT id FROM patients ORDER BY id DESC LIMIT 1');
  const texts = ['primera nota de orden', 'segunda nota de orden', 'tercera nota de orden'];
  const written: number[] = [];
  for (const [i, text] of texts.entries()) {
    const note = await call('POST', '/api/notes', { entityType: 'patient', entityId: patient.id, text, pinned: i === 0 });
    expect(note.status).toBe(201);
    written.push(note.body.id);
  }
  const onRecord = `/api/notes?entityType=patient&entityId=${patient.id}`;
  const pinnedFirst = await call('GET', `${onRecord}&sort=-pinned,-createdAt`);
  expect(pinnedFirst.body.items.map((n: { id: number }) => n.id)).toEqual([written[0], written[2], written[1]]);
  const byDefault = await call('GET', onRecord);
  expect(byDefault.body.items.map((n: { id: number }) => n.id)).toEqual([...written].reverse());
  const oldest = await call('GET', `${onRecord}&sort=createdAt`);
  expect(oldest.body.items.map((n: { id: number }) => n.id)).toEqual(written);
  const paged = await call('GET', `${onRecord}&sort=-createdAt&pageSize=2&page=2`);
  expect(paged.body).toMatchObject({ total: 3, totalIsLowerBound: false, page: 2, pageSize: 2 });
  expect(paged.body.items.map((n: { id: number }) => n.id)).toEqual([written[0]]);
  const found = await call('GET', `/api/notes?scope=mine&q=${encodeURIComponent('SEGUNDA nota')}`);
  expect(found.body.items.map((n: { id: number }) => n.id)).toEqual([written[1]]);
  expect(fieldErrors(expectProblem(await call('GET', `${onRecord}&sort=text`), 400, 'request.invalid'))).toEqual(['query/sort pattern']);
}

async function conversationsSortAndSearch(server: TestServer) {
  const { tokens, ids } = await people(server);
  const subjects = ['Bravo 100% orden', 'Alfa orden', 'Charlie orden'];
  const made: number[] = [];
  for (const subject of subjects) {
    const created = await server.call('POST', '/api/conversations', { token: tokens.treasury, body: { subject, participantIds: [ids.supervisor], body: 'Hola' } });
    expect(created.status).toBe(201);
    made.push(created.body.id);
  }
  const list = (query: string) => server.call('GET', `/api/conversations?q=orden${query}`, { token: tokens.treasury });
  expect((await list('')).body.items.map((c: { id: number }) => c.id)).toEqual([...made].reverse());
  expect((await list('&sort=subject')).body.items.map((c: { subject: string }) => c.subject)).toEqual(['Alfa orden', 'Bravo 100% orden', 'Charlie orden']);
  const page = (await list('&sort=-subject&pageSize=1&page=3')).body;
  expect(page).toMatchObject({ total: 3, totalIsLowerBound: false, page: 3, pageSize: 1, items: [{ subject: 'Alfa orden' }] });
  // A % typed by the user is a character, not a wildcard.
  const percent = await server.call('GET', `/api/conversations?q=${encodeURIComponent('100%')}`, { token: tokens.treasury });
  expect(percent.body.items.map((c: { id: number }) => c.id)).toEqual([made[0]]);
  // The other participant sees the same conversations in their list; someone outside them sees none.
  expect((await server.call('GET', '/api/conversations?q=orden&sort=subject', { token: tokens.supervisor })).body.items.map((c: { id: number }) => c.id)).toEqual([made[1], made[0], made[2]]);
  expect((await server.call('GET', '/api/conversations?q=orden', { token: tokens.verifier })).body).toMatchObject({ total: 0, items: [] });
  expect(fieldErrors(expectProblem(await list('&sort=participants'), 400, 'request.invalid'))).toEqual(['query/sort pattern']);
}

describe('notes and conversations lists on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start({}, 'memory://');
  });
  afterAll(() => server?.close());

  it("notes sort by the contract's keys (a record panel's pinned first, newest first by default), and page with a total", () => notesSortAndPage(server));
  it('conversations sort by latest message by default, or by subject; subjects are searched literally', () => conversationsSortAndSearch(server));
});

describe.skipIf(!hasPostgres)('notes and conversations lists on PostgreSQL 15', () => {
  const postgres = usePostgresServer();
  it("notes sort by the contract's keys (a record panel's pinned first, newest first by default), and page with a total", () => notesSortAndPage(postgres.server));
  it('conversations sort by latest message by default, or by subject; subjects are searched literally', () => conversationsSortAndSearch(postgres.server));
});
