import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, fieldErrors, signIn, signInChoosingOwn, useServer } from './helpers.ts';

// Assigning users to insurers' staff (user_insurers) through the users API: what an announcement for "an
// insurer's staff" reaches.
const server = useServer();
let admin: string;
let insurers: number[];

const userBody = (user: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  version: user.version,
  name: user.name,
  email: user.email,
  locale: user.locale,
  roles: user.roles,
  ...extra,
});

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  insurers = (await server.db.query<{ id: number }>(`SELECT id FROM insurers ORDER BY id LIMIT 2`)).map((row) => row.id);
  expect(insurers).toHaveLength(2);
});

describe("an insurer's staff", () => {
  it('is set when a user is created and when edited, shown on the user, kept when an edit leaves it out, and audited', async () => {
    const created = await call('POST', '/api/users', {
      token: admin,
      body: { name: 'Paula Personal', email: 'paula.staff@demo.local', locale: 'es', roles: ['read_only'], password: 'paula-pass-1', insurerIds: [insurers[1]] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.insurerIds).toEqual([insurers[1]]);

    const both = await call('PUT', `/api/users/${created.body.id}`, { token: admin, body: userBody(created.body, { insurerIds: [insurers[1], insurers[0]] }) });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.insurerIds).toEqual([insurers[0], insurers[1]]);
    expect((await call('GET', `/api/users/${created.body.id}`, { token: admin })).body.insurerIds).toEqual([insurers[0], insurers[1]]);
    const listed = (await call('GET', `/api/users?q=paula.staff`, { token: admin })).body.items[0];
    expect(listed.insurerIds).toEqual([insurers[0], insurers[1]]);

    const renamed = await call('PUT', `/api/users/${created.body.id}`, { token: admin, body: userBody(both.body, { name: 'Paula Personal Ruiz' }) });
    expect(renamed.body).toMatchObject({ name: 'Paula Personal Ruiz', insurerIds: [insurers[0], insurers[1]] });

    const none = await call('PUT', `/api/users/${created.body.id}`, { token: admin, body: userBody(renamed.body, { insurerIds: [] }) });
    expect(none.body.insurerIds).toEqual([]);
    const [audited] = await server.db.query<{ detail: { insurerIds: number[] } }>(
      `SELECT detail FROM audit_log WHERE entity_type = 'user' AND entity_id = $1 AND action = 'UPDATE' ORDER BY id DESC LIMIT 1`,
      [created.body.id],
    );
    expect(audited!.detail.insurerIds).toEqual([]);
  });

  it("makes an announcement for the insurer's staff reach its staff and nobody else", async () => {
    const staff = (await call('POST', '/api/users', { token: admin, body: { name: 'Sara Staff', email: 'sara.staff@demo.local', locale: 'es', roles: ['read_only'], password: 'sara-pass-11' } })).body;
    const other = (await call('POST', '/api/users', { token: admin, body: { name: 'Otto Otro', email: 'otto.otro@demo.local', locale: 'es', roles: ['read_only'], password: 'otto-pass-11', insurerIds: [insurers[1]] } })).body;
    const created = await call('POST', '/api/announcements', {
      token: admin,
      body: { title: 'Para el personal', body: '<p>Nuevo arancel.</p>', priority: 'normal', audience: 'insurer', audienceInsurerId: insurers[0], requiresAcknowledgement: true, publishFrom: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(created.status).toBe(201);
    expect((await call('POST', `/api/announcements/${created.body.id}/events`, { token: admin, body: { type: 'PUBLISH', version: created.body.version } })).body.state).toBe('published');
    const pending = async (token: string) => (await call('GET', '/api/me/announcements', { token })).body.items.map((a: { id: number }) => a.id);
    const sara = await signInChoosingOwn('sara.staff@demo.local', 'sara-pass-11');
    const otto = await signInChoosingOwn('otto.otro@demo.local', 'otto-pass-11');

    expect(await pending(sara)).not.toContain(created.body.id);
    expect((await call('PUT', `/api/users/${staff.id}`, { token: admin, body: userBody(staff, { insurerIds: [insurers[0]] }) })).status).toBe(200);
    expect(await pending(sara)).toContain(created.body.id);
    expect(await pending(otto)).not.toContain(created.body.id);
    expect(other.insurerIds).toEqual([insurers[1]]);
  });

  it('refuses an insurer that does not exist (422 on its field), repeated ids and the change without users:update', async () => {
    const user = (await call('GET', '/api/users?q=verificador@demo.local', { token: admin })).body.items[0];
    const unknown = expectProblem(await call('PUT', `/api/users/${user.id}`, { token: admin, body: userBody(user, { insurerIds: [insurers[0], 999_999] }) }), 422, 'user.unknownInsurer');
    expect(fieldErrors(unknown)).toEqual(['body/insurerIds/1 unknownInsurer']);
    expect((await call('GET', `/api/users/${user.id}`, { token: admin })).body).toMatchObject({ version: user.version, insurerIds: user.insurerIds });
    expectProblem(await call('PUT', `/api/users/${user.id}`, { token: admin, body: userBody(user, { insurerIds: [insurers[0], insurers[0]] }) }), 400, 'request.invalid');
    expectProblem(await call('PUT', `/api/users/${user.id}`, { token: admin, body: userBody(user, { insurerIds: ['uno'] }) }), 400, 'request.invalid');
    const supervisor = await signIn('supervisor@demo.local');
    expectProblem(await call('PUT', `/api/users/${user.id}`, { token: supervisor, body: userBody(user, { insurerIds: [insurers[0]] }) }), 403, 'auth.forbidden');
  });
});
