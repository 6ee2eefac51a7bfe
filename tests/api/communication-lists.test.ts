import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/domain/roles.ts';
import { call, expectProblem, fieldErrors, signIn, useServer } from './helpers.ts';

// Notes and conversations page like every other list: a sort from the contract's keys, the same search, and the
// shared page shape with its total.
const server = useServer();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  for (const user of DEMO_USERS) {
    tokens[user.role] = await signIn(user.email);
    ids[user.role] = (await call('GET', '/api/me', { token: tokens[user.role] })).body.user.id;
  }
});

describe('notes list', () => {
  it("sorts by the contract's keys (a record panel's pinned first, newest first by default), and pages with a total", async () => {
    const [patient] = await server.db.query<{ id: number }>('SELECT id FROM patients ORDER BY id DESC LIMIT 1');
    const texts = ['primera nota de orden', 'segunda nota de orden', 'tercera nota de orden'];
    const written: number[] = [];
    for (const [i, text] of texts.entries()) {
      const note = await call('POST', '/api/notes', { token: tokens.verifier, body: { entityType: 'patient', entityId: patient.id, text, pinned: i === 0 } });
      expect(note.status).toBe(201);
      written.push(note.body.id);
    }
    const onRecord = `/api/notes?entityType=patient&entityId=${patient.id}`;
    const pinnedFirst = await call('GET', `${onRecord}&sort=-pinned,-createdAt`, { token: tokens.verifier });
    expect(pinnedFirst.body.items.map((n: { id: number }) => n.id)).toEqual([written[0], written[2], written[1]]);
    const byDefault = await call('GET', onRecord, { token: tokens.verifier });
    expect(byDefault.body.items.map((n: { id: number }) => n.id)).toEqual([...written].reverse());
    const oldest = await call('GET', `${onRecord}&sort=createdAt`, { token: tokens.verifier });
    expect(oldest.body.items.map((n: { id: number }) => n.id)).toEqual(written);
    const paged = await call('GET', `${onRecord}&sort=-createdAt&pageSize=2&page=2`, { token: tokens.verifier });
    expect(paged.body).toMatchObject({ total: 3, totalIsLowerBound: false, page: 2, pageSize: 2 });
    expect(paged.body.items.map((n: { id: number }) => n.id)).toEqual([written[0]]);
    const found = await call('GET', `/api/notes?scope=mine&q=${encodeURIComponent('SEGUNDA nota')}`, { token: tokens.verifier });
    expect(found.body.items.map((n: { id: number }) => n.id)).toEqual([written[1]]);
    expect(fieldErrors(expectProblem(await call('GET', `${onRecord}&sort=text`, { token: tokens.verifier }), 400, 'request.invalid'))).toEqual(['query/sort pattern']);
  });
});

describe('conversations list', () => {
  it('sorts by latest message by default, or by subject; searches subjects literally', async () => {
    const subjects = ['Bravo 100% orden', 'Alfa orden', 'Charlie orden'];
    const made: number[] = [];
    for (const subject of subjects) {
      const created = await call('POST', '/api/conversations', { token: tokens.treasury, body: { subject, participantIds: [ids.supervisor], body: 'Hola' } });
      expect(created.status).toBe(201);
      made.push(created.body.id);
    }
    const list = (query: string) => call('GET', `/api/conversations?q=orden${query}`, { token: tokens.treasury });
    expect((await list('')).body.items.map((c: { id: number }) => c.id)).toEqual([...made].reverse());
    expect((await list('&sort=subject')).body.items.map((c: { subject: string }) => c.subject)).toEqual(['Alfa orden', 'Bravo 100% orden', 'Charlie orden']);
    const page = (await list('&sort=-subject&pageSize=1&page=3')).body;
    expect(page).toMatchObject({ total: 3, totalIsLowerBound: false, page: 3, pageSize: 1, items: [{ subject: 'Alfa orden' }] });
    // A % typed by the user is a character, not a wildcard.
    expect((await call('GET', `/api/conversations?q=${encodeURIComponent('100%')}`, { token: tokens.treasury })).body.items.map((c: { id: number }) => c.id)).toEqual([made[0]]);
    expect(fieldErrors(expectProblem(await list('&sort=participants'), 400, 'request.invalid'))).toEqual(['query/sort pattern']);
  });
});
