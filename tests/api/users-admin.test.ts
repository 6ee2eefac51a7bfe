import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, ROLE_PERMISSIONS } from '../../server/auth/roles.ts';
import { call, expectProblem, fieldErrors, signIn, signInChoosingOwn, useServer } from './helpers.ts';

const server = useServer();
let admin: string;
let adminId: number;

const idOf = async (email: string) => (await call('GET', `/api/users?q=${encodeURIComponent(email)}`, { token: admin })).body.items[0].id as number;
const roleByCode = async (code: string) => (await call('GET', '/api/roles', { token: admin })).body.items.find((r: { code: string }) => r.code === code);
const outbox = (email: string) => server.db.query<{ body: string }>('SELECT body FROM mail_outbox WHERE to_email = $1 ORDER BY id', [email]);

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  adminId = await idOf('admin@demo.local');
});

describe('creating users', () => {
  it('creates a user with roles and an initial password, who can then sign in with those permissions', async () => {
    const created = await call('POST', '/api/users', {
      token: admin,
      body: { name: ' Nora Nueva ', email: 'Nora@Demo.Local', locale: 'fr', roles: ['verifier', 'treasury'], password: 'initial-pass-1' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/users/${created.body.id}`);
    expect(created.body).toMatchObject({ name: 'Nora Nueva', email: 'nora@demo.local', locale: 'fr', roles: ['treasury', 'verifier'], active: true, locked: false, version: 1, mustChangeCredentials: true });
    const nora = await signIn('nora@demo.local', 'initial-pass-1');
    // The password an administrator gave is known to two: until Nora chooses her own, only that is open (issue 28, item 20).
    expect((await call('GET', '/api/me', { token: nora })).body.user.mustChangeCredentials).toBe(true);
    expectProblem(await call('GET', '/api/verifications', { token: nora }), 403, 'auth.passwordChangeRequired');
    expectProblem(await call('GET', '/api/events', { token: nora }), 403, 'auth.passwordChangeRequired');
    const same = expectProblem(await call('POST', '/api/me/password', { token: nora, body: { currentPassword: 'initial-pass-1', newPassword: 'initial-pass-1' } }), 422, 'auth.passwordNotChanged');
    expect(fieldErrors(same)).toEqual(['body/newPassword samePassword']);
    expect((await call('POST', '/api/me/password', { token: nora, body: { currentPassword: 'initial-pass-1', newPassword: 'nora-la-suya' } })).status).toBe(204);
    expect((await call('GET', '/api/verifications', { token: nora })).status).toBe(200);
    expect((await call('GET', '/api/users/' + created.body.id, { token: admin })).body.mustChangeCredentials).toBe(false);
    const me = await call('GET', '/api/me', { token: nora });
    expect(me.body.user.mustChangeCredentials).toBe(false);
    expect(me.body.permissions).toEqual(expect.arrayContaining([...ROLE_PERMISSIONS.verifier, ...ROLE_PERMISSIONS.treasury]));
    expect(me.body.permissions).not.toContain('users:read');
  });

  it('invites a user by mailing a reset link; the link sets the first password', async () => {
    const created = await call('POST', '/api/users', { token: admin, body: { name: 'Iván Invitado', email: 'ivan@demo.local', locale: 'es', roles: ['read_only'], invite: true } });
    expect(created.status).toBe(201);
    const [mail] = await outbox('ivan@demo.local');
    const token = mail.body.match(/token=([\w-]+)/)![1];
    expect((await call('POST', '/api/reset-password', { body: { token, password: 'chosen-by-ivan' } })).status).toBe(204);
    const ivan = await signIn('ivan@demo.local', 'chosen-by-ivan');
    // Chosen by Iván himself through the link: nothing more to choose.
    expect((await call('GET', '/api/me', { token: ivan })).body.user.mustChangeCredentials).toBe(false);
    expect((await call('GET', '/api/patients', { token: ivan })).status).toBe(200);
  });

  it('refuses bad input with field errors and creates nothing', async () => {
    const before = (await call('GET', '/api/users', { token: admin })).body.total;
    const both = await call('POST', '/api/users', { token: admin, body: { name: 'X', email: 'x@demo.local', locale: 'es', roles: [], password: 'long-enough', invite: true } });
    expectProblem(both, 400, 'request.invalid');
    const neither = await call('POST', '/api/users', { token: admin, body: { name: 'X', email: 'x@demo.local', locale: 'es', roles: [] } });
    expectProblem(neither, 400, 'request.invalid');
    const bad = expectProblem(await call('POST', '/api/users', { token: admin, body: { name: '  ', email: 'not-mail', locale: 'de', roles: ['verifier'], password: 'short' } }), 400, 'request.invalid');
    expect(fieldErrors(bad)).toEqual(expect.arrayContaining(['body/email format', 'body/locale enum', 'body/name pattern', 'body/password minLength']));
    const unknownRole = expectProblem(
      await call('POST', '/api/users', { token: admin, body: { name: 'Y', email: 'y@demo.local', locale: 'es', roles: ['verifier', 'wizard'], password: 'long-enough' } }),
      422,
      'user.unknownRole',
    );
    expect(fieldErrors(unknownRole)).toEqual(['body/roles/1 unknownRole']);
    const duplicate = expectProblem(
      await call('POST', '/api/users', { token: admin, body: { name: 'Z', email: 'ANALISTA@demo.local', locale: 'es', roles: [], password: 'long-enough' } }),
      409,
      'conflict.duplicate',
    );
    expect(fieldErrors(duplicate)).toEqual(['body/email unique']);
    expect((await call('GET', '/api/users', { token: admin })).body.total).toBe(before);
    expect(await server.db.query(`SELECT 1 FROM users WHERE email IN ('y@demo.local', 'x@demo.local')`)).toEqual([]);
  });
});

describe('listing users', () => {
  it('filters by role and by status, and searches name or e-mail', async () => {
    const verifiers = await call('GET', '/api/users?role=verifier&pageSize=100', { token: admin });
    expect(verifiers.body.items.every((u: { roles: string[] }) => u.roles.includes('verifier'))).toBe(true);
    expect(verifiers.body.items.map((u: { email: string }) => u.email)).toContain('verificador@demo.local');
    expect((await call('GET', '/api/users?q=Olga', { token: admin })).body.items.map((u: { email: string }) => u.email)).toEqual(['auditor@demo.local']);
    expect((await call('GET', '/api/users?role=nobody', { token: admin })).body).toMatchObject({ items: [], total: 0 });
    expectProblem(await call('GET', '/api/users?status=sleeping', { token: admin }), 400, 'request.invalid');
  });
});

describe('editing users', () => {
  it('updates name, e-mail, language and roles with the version; a stale version gets 409 and changes nothing', async () => {
    const id = await idOf('consulta@demo.local');
    const user = (await call('GET', `/api/users/${id}`, { token: admin })).body;
    const updated = await call('PUT', `/api/users/${id}`, {
      token: admin,
      body: { version: user.version, name: 'Carla C.', email: 'consulta@demo.local', locale: 'ja', roles: ['read_only', 'verifier'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Carla C.', locale: 'ja', roles: ['read_only', 'verifier'], version: user.version + 1 });
    const stale = expectProblem(
      await call('PUT', `/api/users/${id}`, { token: admin, body: { version: user.version, name: 'Lost', email: 'consulta@demo.local', locale: 'es', roles: [] } }),
      409,
      'conflict.staleVersion',
    );
    expect(stale.errors).toEqual([{ path: 'body/version', keyword: 'stale', params: { currentVersion: user.version + 1 } }]);
    expect((await call('GET', `/api/users/${id}`, { token: admin })).body).toMatchObject({ name: 'Carla C.', roles: ['read_only', 'verifier'] });
  });

  it('a role change takes effect on the user’s next request', async () => {
    const token = await signIn('tesoreria@demo.local');
    expect((await call('GET', '/api/insurers', { token })).status).toBe(200);
    expect((await call('GET', '/api/verifications', { token })).status).toBe(403);
    const id = await idOf('tesoreria@demo.local');
    const user = (await call('GET', `/api/users/${id}`, { token: admin })).body;
    await call('PUT', `/api/users/${id}`, { token: admin, body: { version: user.version, name: user.name, email: user.email, locale: user.locale, roles: ['treasury', 'verifier'] } });
    expect((await call('GET', '/api/verifications', { token })).status).toBe(200);
  });

  it('an administrator cannot remove their own administrator role, nor deactivate themselves', async () => {
    const me = (await call('GET', `/api/users/${adminId}`, { token: admin })).body;
    const own = await call('PUT', `/api/users/${adminId}`, { token: admin, body: { version: me.version, name: me.name, email: me.email, locale: me.locale, roles: ['supervisor'] } });
    expectProblem(own, 422, 'user.ownAdministratorRole');
    expectProblem(await call('POST', `/api/users/${adminId}/deactivate`, { token: admin }), 422, 'user.selfDeactivation');
    expect((await call('GET', `/api/users/${adminId}`, { token: admin })).body).toMatchObject({ roles: ['administrator'], active: true, version: me.version });
  });

  it('another administrator may remove one administrator’s role, but never the last active one', async () => {
    const second = await call('POST', '/api/users', { token: admin, body: { name: 'Segunda Admin', email: 'admin2@demo.local', locale: 'es', roles: ['administrator'], password: 'second-admin' } });
    const admin2 = await signInChoosingOwn('admin2@demo.local', 'second-admin');
    const first = (await call('GET', `/api/users/${adminId}`, { token: admin2 })).body;
    // admin2 takes admin's role away: allowed, admin2 remains.
    const demoted = await call('PUT', `/api/users/${adminId}`, { token: admin2, body: { version: first.version, name: first.name, email: first.email, locale: first.locale, roles: ['supervisor'] } });
    expect(demoted.status).toBe(200);
    // Now admin2 is the last one; the demoted admin can no longer change users at all.
    expect((await call('POST', `/api/users/${second.body.id}/deactivate`, { token: admin })).status).toBe(403);
    // Restore, then check the last-administrator rule on deactivation from the other side.
    const restored = await call('PUT', `/api/users/${adminId}`, { token: admin2, body: { version: demoted.body.version, name: first.name, email: first.email, locale: first.locale, roles: ['administrator'] } });
    expect(restored.status).toBe(200);
    expect((await call('POST', `/api/users/${second.body.id}/deactivate`, { token: admin })).status).toBe(200);
    expectProblem(await call('POST', `/api/users/${adminId}/deactivate`, { token: admin2 }), 401, 'auth.unauthenticated');
  });
});

describe('deactivating, reactivating, unlocking', () => {
  it('a deactivated user’s sessions end at once; reactivated, they sign in again', async () => {
    const token = await signIn('analista@demo.local');
    expect((await call('GET', '/api/me', { token })).status).toBe(200);
    const id = await idOf('analista@demo.local');
    const deactivated = await call('POST', `/api/users/${id}/deactivate`, { token: admin });
    expect(deactivated.body).toMatchObject({ active: false });
    expectProblem(await call('GET', '/api/me', { token }), 401, 'auth.unauthenticated');
    expectProblem(await call('POST', '/api/login', { body: { email: 'analista@demo.local', password: 'demo1234' } }), 401, 'auth.invalidCredentials');
    expect((await call('GET', '/api/users?status=inactive', { token: admin })).body.items.map((u: { id: number }) => u.id)).toContain(id);
    expect((await call('POST', `/api/users/${id}/reactivate`, { token: admin })).body).toMatchObject({ active: true, version: deactivated.body.version + 1 });
    expect(await signIn('analista@demo.local')).toEqual(expect.any(String));
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    for (let i = 0; i < 5; i++) await call('POST', '/api/login', { body: { email: 'auditor@demo.local', password: 'wrong-password' }, ip: '10.9.9.9' });
    const id = await idOf('auditor@demo.local');
    expect((await call('GET', `/api/users/${id}`, { token: admin })).body).toMatchObject({ locked: true, lockedUntil: expect.any(String) });
    expect((await call('GET', '/api/users?status=locked', { token: admin })).body.items.map((u: { id: number }) => u.id)).toEqual([id]);
    expect((await call('POST', `/api/users/${id}/unlock`, { token: admin })).body).toMatchObject({ locked: false, lockedUntil: null });
    expect(await signIn('auditor@demo.local')).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown user on every action', async () => {
    for (const action of ['deactivate', 'reactivate', 'unlock']) expectProblem(await call('POST', `/api/users/99999/${action}`, { token: admin }), 404, 'user.notFound');
    expectProblem(await call('PUT', '/api/users/99999', { token: admin, body: { version: 1, name: 'N', email: 'n@demo.local', locale: 'es', roles: [] } }), 404, 'user.notFound');
  });
});

describe('roles', () => {
  it('lists the number of users of each role', async () => {
    const roles = (await call('GET', '/api/roles', { token: admin })).body.items as { code: string; userCount: number }[];
    const counts = await server.db.query<{ code: string; n: number }>('SELECT r.code, count(ur.user_id)::int AS n FROM roles r LEFT JOIN user_roles ur ON ur.role_id = r.id GROUP BY r.code');
    expect(Object.fromEntries(roles.map((r) => [r.code, r.userCount]))).toEqual(Object.fromEntries(counts.map((c) => [c.code, c.n])));
    expect(roles.find((r) => r.code === 'dental_auditor')!.userCount).toBeGreaterThanOrEqual(1);
  });

  it('replaces a role’s permissions; holders get them on their next request; a stale version changes nothing', async () => {
    const token = await signIn('consulta@demo.local');
    expectProblem(await call('GET', '/api/users', { token }), 403, 'auth.forbidden');
    const role = await roleByCode('read_only');
    const updated = await call('PUT', `/api/roles/${role.id}`, { token: admin, body: { version: role.version, permissions: [...role.permissions, 'users:read'] } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ code: 'read_only', system: true, version: role.version + 1 });
    expect(updated.body.permissions).toContain('users:read');
    expect((await call('GET', '/api/users', { token })).status).toBe(200);
    expectProblem(await call('PUT', `/api/roles/${role.id}`, { token: admin, body: { version: role.version, permissions: [] } }), 409, 'conflict.staleVersion');
    expect((await roleByCode('read_only')).permissions).toContain('users:read');
  });

  it('refuses permissions the contract does not declare, and an administrator role that would lock everyone out', async () => {
    const role = await roleByCode('verifier');
    const unknown = expectProblem(await call('PUT', `/api/roles/${role.id}`, { token: admin, body: { version: role.version, permissions: ['patients:read', 'rockets:launch'] } }), 400, 'request.invalid');
    expect(fieldErrors(unknown)).toEqual(['body/permissions/1 enum']);
    const administrator = await roleByCode('administrator');
    const lockout = expectProblem(
      await call('PUT', `/api/roles/${administrator.id}`, { token: admin, body: { version: administrator.version, permissions: administrator.permissions.filter((p: string) => p !== 'roles:update') } }),
      422,
      'role.administratorLockout',
    );
    expect(lockout.errors?.[0]).toMatchObject({ path: 'body/permissions', params: { missing: ['roles:update'] } });
    expect((await roleByCode('administrator')).version).toBe(administrator.version);
    expect((await roleByCode('verifier')).version).toBe(role.version);
  });
});

describe('own profile', () => {
  it('changes one’s own name and language with the version', async () => {
    const token = await signIn('verificador@demo.local');
    const { user } = (await call('GET', '/api/me', { token })).body;
    const updated = await call('PUT', '/api/me', { token, body: { name: 'Valeria V.', locale: 'zh', version: user.version } });
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({ name: 'Valeria V.', locale: 'zh', version: user.version + 1 });
    expectProblem(await call('PUT', '/api/me', { token, body: { name: 'Old', locale: 'es', version: user.version } }), 409, 'conflict.staleVersion');
    expectProblem(await call('PUT', '/api/me', { token, body: { name: 'Valeria', locale: 'es', version: user.version + 1, roles: ['administrator'] } }), 400, 'request.invalid');
    expect((await call('GET', '/api/me', { token })).body.user).toMatchObject({ name: 'Valeria V.', roles: ['verifier'] });
  });

  it('changes the password with the current one and signs out every other session', async () => {
    await call('POST', '/api/users', { token: admin, body: { name: 'Paula Password', email: 'paula@demo.local', locale: 'es', roles: ['supervisor'], password: 'demo1234' } });
    const here = await signIn('paula@demo.local');
    const elsewhere = await signIn('paula@demo.local');
    const wrong = expectProblem(await call('POST', '/api/me/password', { token: here, body: { currentPassword: 'nope', newPassword: 'brand-new-pass' } }), 422, 'auth.wrongCurrentPassword');
    expect(fieldErrors(wrong)).toEqual(['body/currentPassword wrongPassword']);
    expect((await call('GET', '/api/me', { token: elsewhere })).status).toBe(200);
    expect((await call('POST', '/api/me/password', { token: here, body: { currentPassword: 'demo1234', newPassword: 'brand-new-pass' } })).status).toBe(204);
    expect((await call('GET', '/api/me', { token: here })).status).toBe(200);
    expectProblem(await call('GET', '/api/me', { token: elsewhere }), 401, 'auth.unauthenticated');
    expect(await signIn('paula@demo.local', 'brand-new-pass')).toEqual(expect.any(String));
  });
});

describe('permissions of every role on the new operations', () => {
  const ops: [string, string, string, unknown?][] = [
    ['POST', '/api/users', 'users:create', { name: 'P', email: 'p@demo.local', locale: 'es', roles: [], password: 'long-enough' }],
    ['PUT', '/api/users/1', 'users:update', { version: 1, name: 'P', email: 'p@demo.local', locale: 'es', roles: [] }],
    ['POST', '/api/users/1/deactivate', 'users:update'],
    ['POST', '/api/users/1/reactivate', 'users:update'],
    ['POST', '/api/users/1/unlock', 'users:update'],
    ['PUT', '/api/roles/1', 'roles:update', { version: 1, permissions: [] }],
  ];
  it.each(DEMO_USERS.filter((u) => u.role !== 'administrator').map((u) => [u.role, u.email]))('%s is refused what its role lacks', async (role, email) => {
    const token = await signIn(email);
    for (const [method, path, permission, body] of ops) {
      if (ROLE_PERMISSIONS[role].includes(permission)) continue;
      expectProblem(await call(method, path, { token, body }), 403, 'auth.forbidden');
    }
  });
  it('nobody signed out reaches them', async () => {
    for (const [method, path, , body] of ops) expectProblem(await call(method, path, { body }), 401, 'auth.unauthenticated');
  });
});

describe('the permission vocabulary', () => {
  it('holds every permission a seeded role has and every operation needs', async () => {
    const { declaredPermissions } = await import('../../server/http/permissions.ts');
    const { loadContract } = await import('../../server/http/contract.ts');
    const vocabulary = declaredPermissions();
    for (const permission of Object.values(ROLE_PERMISSIONS).flat()) expect(vocabulary).toContain(permission);
    for (const op of loadContract().operations) if (op.permission) expect(vocabulary).toContain(op.permission);
  });
});
