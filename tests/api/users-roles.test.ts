import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, ROLE_PERMISSIONS } from '../../server/auth/roles.ts';
import { call, expectProblem, signIn, useServer } from './helpers.ts';

const server = useServer();
let admin: string;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
});

describe('users', () => {
  it('pages, sorts and searches the users, without password fields', async () => {
    const all = await call('GET', '/api/users?pageSize=100&sort=email', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(DEMO_ACCOUNTS.length);
    expect(all.body.items.map((u: { email: string }) => u.email)).toEqual(DEMO_ACCOUNTS.map((u) => u.email).sort());
    expect(JSON.stringify(all.body)).not.toMatch(/password|hash/i);

    const page = await call('GET', '/api/users?page=2&pageSize=3&sort=-email', { token: admin });
    expect(page.body.items.map((u: { email: string }) => u.email)).toEqual(DEMO_ACCOUNTS.map((u) => u.email).sort().reverse().slice(3, 6));

    const found = await call('GET', '/api/users?q=AUDITOR', { token: admin });
    expect(found.body.items).toEqual([expect.objectContaining({ email: 'auditor@demo.local', roles: ['dental_auditor'] })]);
  });

  it('gets one user and answers 404 for an unknown id, 400 for a malformed one', async () => {
    const list = await call('GET', '/api/users?q=consulta', { token: admin });
    const user = await call('GET', `/api/users/${list.body.items[0].id}`, { token: admin });
    expect(user.body).toMatchObject({ email: 'consulta@demo.local', roles: ['read_only'], locale: 'es', active: true });
    expectProblem(await call('GET', '/api/users/99999', { token: admin }), 404, 'user.notFound');
    expectProblem(await call('GET', '/api/users/abc', { token: admin }), 400, 'request.invalid');
  });

  it('refuses an unknown sort field', async () => {
    expectProblem(await call('GET', '/api/users?sort=password_hash', { token: admin }), 400, 'request.invalid');
  });
});

describe('roles', () => {
  it('lists every seeded role with exactly its permissions', async () => {
    const roles = await call('GET', '/api/roles', { token: admin });
    expect(roles.status).toBe(200);
    const byCode = Object.fromEntries(roles.body.items.map((r: { code: string; permissions: string[] }) => [r.code, r.permissions]));
    expect(Object.keys(byCode).sort()).toEqual(Object.keys(ROLE_PERMISSIONS).sort());
    for (const [code, permissions] of Object.entries(ROLE_PERMISSIONS)) expect(byCode[code]).toEqual([...new Set(permissions)].sort());
    expect(byCode.read_only).not.toContain('insurers:create');
    expect(roles.body.items.every((r: { system: boolean }) => r.system)).toBe(true);
  });

  it('gets one role and answers 404 for an unknown id', async () => {
    const roles = await call('GET', '/api/roles', { token: admin });
    const first = roles.body.items[0];
    expect((await call('GET', `/api/roles/${first.id}`, { token: admin })).body).toEqual(first);
    expectProblem(await call('GET', '/api/roles/4242', { token: admin }), 404, 'role.notFound');
  });

  it('records every read of users and roles in the audit log', async () => {
    const before = await server.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE entity_type IN ('user', 'role')`);
    await call('GET', '/api/users', { token: admin });
    await call('GET', '/api/roles', { token: admin });
    const after = await server.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE entity_type IN ('user', 'role')`);
    expect(after[0].count - before[0].count).toBe(2);
  });
});
