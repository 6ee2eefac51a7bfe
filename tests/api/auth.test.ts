import { describe, expect, it } from 'vitest';
import { call, expectProblem, fieldErrors, signIn, TestServer, useServer } from './helpers.ts';
import { checkAuditChain, verifyAuditChain } from '../../server/audit.ts';
import { hashToken } from '../../server/auth/passwords.ts';
import { DEMO_PASSWORD } from '../../server/auth/roles.ts';

const server = useServer();

const ADMIN = 'admin@demo.local';

async function userId(email: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  return row.id;
}

const auditRows = (where: string, params: unknown[]) =>
  server.db.query<{ id: string; user_id: number | null; action: string; result: string; ip: string | null; detail: Record<string, unknown> | null }>(
    `SELECT id, user_id, action, result, ip, detail FROM audit_log WHERE ${where} ORDER BY id`,
    params,
  );

describe('POST /api/login', () => {
  it('signs in with the spec shape and without any password field', async () => {
    const res = await call('POST', '/api/login', { body: { email: ADMIN, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      status: 'success',
      message: expect.any(String),
      authorisation: { token: expect.any(String), type: 'bearer' },
      user: { id: expect.any(Number), email: ADMIN, name: 'Ana Administradora', active: true, roles: ['administrator'], locale: 'es' },
    });
    expect(res.body.authorisation.token.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(res.body.user).sort()).toEqual(['active', 'createdAt', 'email', 'id', 'locale', 'locked', 'lockedUntil', 'mustChangeCredentials', 'name', 'roles', 'updatedAt', 'version']);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);

    const me = await call('GET', '/api/me', { token: res.body.authorisation.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(ADMIN);
    expect(me.body.permissions).toContain('insurers:create');
    expect(me.body.permissions).toContain('session:own');
  });

  it('accepts the e-mail in any case', async () => {
    const res = await call('POST', '/api/login', { body: { email: 'Admin@Demo.Local', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(ADMIN);
  });

  it('stores only a hash of the token', async () => {
    const token = await signIn(ADMIN);
    const rows = await server.db.query('SELECT token_hash FROM sessions WHERE token_hash = $1 OR token_hash = $2', [token, hashToken(token)]);
    expect(rows).toEqual([{ token_hash: hashToken(token) }]);
  });

  it('answers a wrong password with 401 auth.invalidCredentials', async () => {
    const res = await call('POST', '/api/login', { body: { email: ADMIN, password: 'wrong-password' }, ip: '192.0.2.1' });
    const problem = expectProblem(res, 401, 'auth.invalidCredentials');
    expect(problem.detail).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toContain('token');
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const wrong = await call('POST', '/api/login', { body: { email: ADMIN, password: 'wrong-password' }, ip: '192.0.2.2' });
    const unknown = await call('POST', '/api/login', { body: { email: 'nobody@demo.local', password: DEMO_PASSWORD }, ip: '192.0.2.2' });
    expectProblem(unknown, 401, 'auth.invalidCredentials');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks an account after 5 wrong passwords, even against the right one, with Retry-After', async () => {
    const email = 'auditor@demo.local';
    const ip = '192.0.2.3';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await call('POST', '/api/login', { body: { email, password: `wrong-${attempt}` }, ip });
      expectProblem(res, 401, 'auth.invalidCredentials');
    }
    const locked = await call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD }, ip });
    expectProblem(locked, 429, 'auth.locked');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(server.config.lockoutMinutes * 60);

    // Another address does not help: the lock is on the account.
    expectProblem(await call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD }, ip: '192.0.2.4' }), 429, 'auth.locked');
    // Other accounts are not affected.
    expect((await call('POST', '/api/login', { body: { email: 'analista@demo.local', password: DEMO_PASSWORD }, ip })).status).toBe(200);

    // Once the lock has run out, the right password works again.
    await server.db.query("UPDATE users SET locked_until = now() - interval '1 second' WHERE email = $1", [email]);
    expect((await call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD }, ip })).status).toBe(200);
  });

  it('a successful sign-in resets the failure count', async () => {
    const email = 'tesoreria@demo.local';
    const ip = '192.0.2.5';
    for (let i = 0; i < 4; i++) expect((await call('POST', '/api/login', { body: { email, password: 'nope' }, ip })).status).toBe(401);
    expect((await call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD }, ip })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await call('POST', '/api/login', { body: { email, password: 'nope' }, ip })).status).toBe(401);
    expect((await call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD }, ip })).status).toBe(200);
  });

  it('refuses an address after too many failures (ADDRESS_ATTEMPTS), while other addresses still sign in', async () => {
    const limited = await TestServer.start({ ADDRESS_ATTEMPTS: '3' });
    try {
      expect(limited.config.addressAttempts).toBe(3);
      const ip = '198.51.100.7';
      for (const email of [ADMIN, 'supervisor@demo.local', 'nobody@demo.local']) {
        expectProblem(await limited.call('POST', '/api/login', { body: { email, password: 'wrong' }, ip }), 401, 'auth.invalidCredentials');
      }
      const refused = await limited.call('POST', '/api/login', { body: { email: ADMIN, password: DEMO_PASSWORD }, ip });
      expectProblem(refused, 429, 'auth.tooManyAttempts');
      expect(Number(refused.headers.get('retry-after'))).toBe(limited.config.lockoutMinutes * 60);
      // No account was locked by it: the same user signs in from another address.
      expect((await limited.call('POST', '/api/login', { body: { email: ADMIN, password: DEMO_PASSWORD }, ip: '198.51.100.8' })).status).toBe(200);
      // Failures older than the window no longer count.
      await limited.db.query("UPDATE login_failures SET at = now() - interval '16 minutes' WHERE ip = $1", [ip]);
      expect((await limited.call('POST', '/api/login', { body: { email: ADMIN, password: DEMO_PASSWORD }, ip })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('request validation', () => {
  it('answers a malformed JSON body with 400 request.malformedJson', async () => {
    const res = await call('POST', '/api/login', { body: '{"email": "admin@demo.local", ', headers: { 'content-type': 'application/json' } });
    expectProblem(res, 400, 'request.malformedJson');
  });

  it('names a missing field', async () => {
    const res = await call('POST', '/api/login', { body: { email: ADMIN } });
    const problem = expectProblem(res, 400, 'request.invalid');
    expect(fieldErrors(problem)).toEqual(['body/password required']);
  });

  it('names an extra property', async () => {
    const res = await call('POST', '/api/login', { body: { email: ADMIN, password: DEMO_PASSWORD, remember: true } });
    const problem = expectProblem(res, 400, 'request.invalid');
    expect(fieldErrors(problem)).toEqual(['body/remember additionalProperties']);
  });

  it('names a malformed e-mail and an empty password together', async () => {
    const res = await call('POST', '/api/login', { body: { email: 'not-an-email', password: '' } });
    const problem = expectProblem(res, 400, 'request.invalid');
    expect(fieldErrors(problem)).toEqual(['body/email format', 'body/password minLength']);
  });

  it('refuses a body that is not an object', async () => {
    const problem = expectProblem(await call('POST', '/api/login', { body: '[]', headers: { 'content-type': 'application/json' } }), 400, 'request.invalid');
    expect(problem.errors?.length).toBeGreaterThan(0);
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await call('POST', '/api/login', {
      body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }),
      headers: { 'content-type': 'text/plain' },
    });
    expectProblem(res, 415, 'request.unsupportedMediaType');
    const untyped = await call('POST', '/api/login', { body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }) });
    expectProblem(untyped, 415, 'request.unsupportedMediaType');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await call('POST', '/api/forgot-password', { body: { email: `${'a'.repeat(1024 * 1024)}@example.com` } });
    expectProblem(res, 413, 'request.tooLarge');
  });

  it('refuses unknown query parameters with a 400 the contract declares, also on operations without parameters', async () => {
    const token = await signIn(ADMIN);
    expectProblem(await call('GET', '/api/health?verbose=1'), 400, 'request.invalid');
    for (const [method, path] of [['GET', '/api/me'], ['GET', '/api/roles'], ['GET', '/api/settings/defaults'], ['POST', '/api/logout']] as const) {
      expectProblem(await call(method, `${path}?verbose=1`, { token }), 400, 'request.invalid');
    }
    // The session survived the refused sign-out.
    expect((await call('GET', '/api/me', { token })).status).toBe(200);
  });

  it('answers an unknown operation with a 404 problem', async () => {
    expectProblem(await call('GET', '/api/nothing-here'), 404, 'request.noSuchOperation');
    expectProblem(await call('PATCH', '/api/me', { token: await signIn(ADMIN) }), 404, 'request.noSuchOperation');
  });
});

describe('tokens and sessions', () => {
  it('refuses a protected operation without a token or with a garbage one', async () => {
    expectProblem(await call('GET', '/api/me'), 401, 'auth.unauthenticated');
    expectProblem(await call('GET', '/api/me', { token: 'garbage-token-that-was-never-issued' }), 401, 'auth.unauthenticated');
    expectProblem(await call('GET', '/api/me', { headers: { authorization: 'Basic YWRtaW46ZGVtbzEyMzQ=' } }), 401, 'auth.unauthenticated');
  });

  it('logout revokes the token and only that token', async () => {
    const token = await signIn(ADMIN);
    const other = await signIn(ADMIN);
    expect((await call('GET', '/api/me', { token })).status).toBe(200);
    const out = await call('POST', '/api/logout', { token });
    expect(out.status).toBe(204);
    expect(out.body).toBeUndefined();
    expectProblem(await call('GET', '/api/me', { token }), 401, 'auth.unauthenticated');
    expectProblem(await call('POST', '/api/logout', { token }), 401, 'auth.unauthenticated');
    expect((await call('GET', '/api/me', { token: other })).status).toBe(200);
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const token = await signIn('supervisor@demo.local');
    const setIdle = (minutes: number) =>
      server.db.query('UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2) WHERE token_hash = $1', [hashToken(token), minutes]);
    await setIdle(29);
    expect((await call('GET', '/api/me', { token })).status).toBe(200);
    // That use counted as activity.
    const [{ idle }] = await server.db.query<{ idle: boolean }>(
      "SELECT last_seen_at > now() - interval '1 minute' AS idle FROM sessions WHERE token_hash = $1",
      [hashToken(token)],
    );
    expect(idle).toBe(true);
    await setIdle(31);
    expectProblem(await call('GET', '/api/me', { token }), 401, 'auth.unauthenticated');
  });

  it('ends a session at its expiry even when it is in use', async () => {
    const token = await signIn('supervisor@demo.local');
    const [{ ttl }] = await server.db.query<{ ttl: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS ttl FROM sessions WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(ttl).toBe(server.config.sessionTtlMinutes);
    await server.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(token)]);
    expectProblem(await call('GET', '/api/me', { token }), 401, 'auth.unauthenticated');
  });

  it('ends the sessions of a deactivated account', async () => {
    const reg = await call('POST', '/api/register', { body: { name: 'Desactivada', email: 'desactivada@example.com', password: 'una-clave-larga' } });
    expect(reg.status).toBe(201);
    await server.db.query('UPDATE users SET active = false WHERE id = $1', [reg.body.user.id]);
    expectProblem(await call('GET', '/api/me', { token: reg.body.authorisation.token }), 401, 'auth.unauthenticated');
    expectProblem(
      await call('POST', '/api/login', { body: { email: 'desactivada@example.com', password: 'una-clave-larga' }, ip: '192.0.2.6' }),
      401,
      'auth.invalidCredentials',
    );
  });
});

describe('permissions', () => {
  it('answers 403 auth.forbidden when the role lacks the permission', async () => {
    const token = await signIn('verificador@demo.local');
    const me = await call('GET', '/api/me', { token });
    expect(me.body.permissions).not.toContain('users:read');
    expectProblem(await call('GET', '/api/users', { token }), 403, 'auth.forbidden');
    expectProblem(await call('GET', `/api/users/${me.body.user.id}`, { token }), 403, 'auth.forbidden');
    // A permission the role has still works.
    expect((await call('GET', '/api/insurers', { token })).status).toBe(200);
  });

  it('a forbidden change changes nothing and is audited as denied', async () => {
    const token = await signIn('consulta@demo.local');
    const me = await call('GET', '/api/me', { token });
    expect(me.body.permissions).toContain('insurers:read');
    expect(me.body.permissions).not.toContain('insurers:create');
    const before = await server.db.query('SELECT count(*)::int AS n FROM insurers');
    // Other cases sign in as this user and are refused too: only the rows from here on are this change's.
    const [{ since }] = await server.db.query<{ since: string }>('SELECT coalesce(max(id), 0)::text AS since FROM audit_log');
    const res = await call('POST', '/api/insurers', { token, body: { code: 'FORBID', name: 'No Debe Existir', country: 'CL', currency: 'CLP' } });
    expectProblem(res, 403, 'auth.forbidden');
    expect(await server.db.query('SELECT count(*)::int AS n FROM insurers')).toEqual(before);
    expect(await server.db.query("SELECT id FROM insurers WHERE code = 'FORBID'")).toEqual([]);
    const list = await call('GET', '/api/insurers?q=FORBID', { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    const denied = await auditRows("id > $1 AND user_id = $2 AND action = 'ACCESS_DENIED'", [since, me.body.user.id]);
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({ result: 'DENIED', detail: { permission: 'insurers:create' } });
  });

  it('checks the permission before the body, so a forbidden caller learns nothing about validation', async () => {
    const token = await signIn('consulta@demo.local');
    expectProblem(await call('POST', '/api/insurers', { token, body: { nonsense: true } }), 403, 'auth.forbidden');
  });
});

describe('POST /api/register', () => {
  it('creates an account without roles that can only use its own session', async () => {
    const res = await call('POST', '/api/register', { body: { name: 'Nuria Nueva', email: 'Nuria@Example.com', password: 'clave-segura-1' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'success',
      message: expect.any(String),
      authorisation: { token: expect.any(String), type: 'bearer' },
      user: { name: 'Nuria Nueva', email: 'nuria@example.com', roles: [], active: true },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
    const token = res.body.authorisation.token;
    const me = await call('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: res.body.user.id, email: 'nuria@example.com', roles: [] });
    expect(me.body.permissions).toEqual(['session:own']);
    expectProblem(await call('GET', '/api/insurers', { token }), 403, 'auth.forbidden');

    const [stored] = await server.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [res.body.user.id]);
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('clave-segura-1');
    expect((await call('POST', '/api/login', { body: { email: 'nuria@example.com', password: 'clave-segura-1' } })).status).toBe(200);
  });

  it('refuses a second account with the same e-mail (in any case) with 409 on body/email', async () => {
    const res = await call('POST', '/api/register', { body: { name: 'Otra Ana', email: 'ADMIN@demo.local', password: 'clave-segura-2' } });
    const problem = expectProblem(res, 409, 'conflict.duplicate');
    expect(fieldErrors(problem)).toEqual(['body/email unique']);
    expect(await server.db.query("SELECT count(*)::int AS n FROM users WHERE lower(email) = 'admin@demo.local'")).toEqual([{ n: 1 }]);
  });

  it('names each invalid field', async () => {
    const res = await call('POST', '/api/register', { body: { name: 'X', email: 'nope', password: 'short', role: 'administrator' } });
    const problem = expectProblem(res, 400, 'request.invalid');
    expect(fieldErrors(problem)).toEqual(['body/email format', 'body/name minLength', 'body/password minLength', 'body/role additionalProperties']);
  });
});

describe('password reset', () => {
  const email = 'olvido@example.com';
  const oldPassword = 'clave-vieja-1';
  const newPassword = 'clave-nueva-2';

  const latestResetToken = async (to: string) => {
    const rows = await server.db.query<{ body: string }>('SELECT body FROM mail_outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [to]);
    const token = rows[0]?.body.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`No reset mail for ${to}`);
    return token;
  };

  it('answers 202 for an unknown e-mail and sends nothing', async () => {
    const before = await server.db.query('SELECT count(*)::int AS n FROM mail_outbox');
    const res = await call('POST', '/api/forgot-password', { body: { email: 'desconocido@example.com' } });
    expect(res.status).toBe(202);
    expect(res.body).toBeUndefined();
    expect(await server.db.query('SELECT count(*)::int AS n FROM mail_outbox')).toEqual(before);
  });

  it('validates the request', async () => {
    expect(fieldErrors(expectProblem(await call('POST', '/api/forgot-password', { body: { email: 'nope' } }), 400, 'request.invalid'))).toEqual(['body/email format']);
    expect(fieldErrors(expectProblem(await call('POST', '/api/reset-password', { body: { token: 'x'.repeat(20), password: 'short' } }), 400, 'request.invalid'))).toEqual([
      'body/password minLength',
    ]);
  });

  it('resets the password with the mailed token, revokes every session and uses the token once', async () => {
    const reg = await call('POST', '/api/register', { body: { name: 'Olvido Olvidadiza', email, password: oldPassword } });
    expect(reg.status).toBe(201);
    const oldSession = reg.body.authorisation.token;
    const otherSession = await signIn(email, oldPassword);

    const forgot = await call('POST', '/api/forgot-password', { body: { email: 'OLVIDO@example.com' } });
    expect(forgot.status).toBe(202);
    expect(forgot.body).toBeUndefined();
    const token = await latestResetToken(email);
    // Only the hash of the reset token is kept.
    expect(await server.db.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [token])).toEqual([]);
    expect(await server.db.query('SELECT 1 AS found FROM password_resets WHERE token_hash = $1', [hashToken(token)])).toEqual([{ found: 1 }]);

    const reset = await call('POST', '/api/reset-password', { body: { token, password: newPassword } });
    expect(reset.status).toBe(204);
    expect(reset.body).toBeUndefined();

    expectProblem(await call('GET', '/api/me', { token: oldSession }), 401, 'auth.unauthenticated');
    expectProblem(await call('GET', '/api/me', { token: otherSession }), 401, 'auth.unauthenticated');
    expectProblem(await call('POST', '/api/login', { body: { email, password: oldPassword }, ip: '192.0.2.7' }), 401, 'auth.invalidCredentials');
    const fresh = await signIn(email, newPassword);
    expect((await call('GET', '/api/me', { token: fresh })).status).toBe(200);

    expectProblem(await call('POST', '/api/reset-password', { body: { token, password: 'clave-otra-3' } }), 422, 'auth.resetTokenInvalid');
    expect((await call('POST', '/api/login', { body: { email, password: newPassword } })).status).toBe(200);

    const actions = (await auditRows('user_id = $1', [reg.body.user.id])).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['REGISTER', 'PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET']));
  });

  it('refuses an unknown token and an expired one with 422', async () => {
    // An account of its own: the reset above changes its account's password.
    const expired = 'caducada@example.com';
    expect((await call('POST', '/api/register', { body: { name: 'Caducada Cadenas', email: expired, password: oldPassword } })).status).toBe(201);
    expectProblem(await call('POST', '/api/reset-password', { body: { token: 'never-issued-token-123', password: 'clave-nueva-9' } }), 422, 'auth.resetTokenInvalid');
    await call('POST', '/api/forgot-password', { body: { email: expired } });
    const token = await latestResetToken(expired);
    await server.db.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(token)]);
    expectProblem(await call('POST', '/api/reset-password', { body: { token, password: 'clave-nueva-9' } }), 422, 'auth.resetTokenInvalid');
    // The password did not change.
    expect((await call('POST', '/api/login', { body: { email: expired, password: oldPassword } })).status).toBe(200);
  });
});

describe('audit log', () => {
  it('records sign-ins and failed sign-ins', async () => {
    const ip = '192.0.2.8';
    const before = await server.db.query<{ max: string | null }>('SELECT max(id)::text AS max FROM audit_log');
    const since = Number(before[0].max ?? 0);
    await signIn('supervisor@demo.local', DEMO_PASSWORD, ip);
    await call('POST', '/api/login', { body: { email: 'supervisor@demo.local', password: 'wrong' }, ip });
    await call('POST', '/api/login', { body: { email: 'ghost@example.com', password: 'wrong' }, ip });
    const supervisor = await userId('supervisor@demo.local');
    const rows = await auditRows('id > $1 AND ip = $2', [since, ip]);
    expect(rows.map(({ user_id, action, result }) => ({ user_id, action, result }))).toEqual([
      { user_id: supervisor, action: 'LOGIN', result: 'ALLOWED' },
      { user_id: supervisor, action: 'LOGIN_FAILED', result: 'DENIED' },
      { user_id: null, action: 'LOGIN_FAILED', result: 'DENIED' },
    ]);
    expect(rows[2].detail).toEqual({ email: 'ghost@example.com' });
    expect(JSON.stringify(rows)).not.toContain('wrong');
  });

  it('is hash-chained', async () => {
    const [{ n }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(n).toBeGreaterThan(10);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });

  it('refuses UPDATE and DELETE', async () => {
    const [{ n }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    await expect(server.db.query("UPDATE audit_log SET action = 'LOGOUT' WHERE id = (SELECT min(id) FROM audit_log)")).rejects.toThrow(/append-only/);
    await expect(server.db.query('DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)')).rejects.toThrow(/append-only/);
    expect(await server.db.query('SELECT count(*)::int AS n FROM audit_log')).toEqual([{ n }]);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });

  it('detects an edited row when the guard is bypassed', async () => {
    // A failed sign-in of its own to edit, with a row after it, so the edit is inside the chain.
    const ip = '192.0.2.9';
    expectProblem(await call('POST', '/api/login', { body: { email: 'nadie@example.com', password: 'wrong' }, ip }), 401, 'auth.invalidCredentials');
    await signIn(ADMIN, DEMO_PASSWORD, ip);
    const rolledBack = new Error('roll back');
    let broken: number | null = null;
    let edited = 0;
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
        const [row] = await tx.query<{ id: string }>(
          "UPDATE audit_log SET result = 'ALLOWED' WHERE id = (SELECT min(id) FROM audit_log WHERE action = 'LOGIN_FAILED' AND ip = $1) RETURNING id::text",
          [ip],
        );
        edited = Number(row.id);
        broken = await verifyAuditChain(tx);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(broken).toBe(edited);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });

  it('refuses TRUNCATE, and reports the newest rows removed behind the guard as missing links', async () => {
    await expect(server.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    const rolledBack = new Error('roll back');
    const reports: Awaited<ReturnType<typeof checkAuditChain>>[] = [];
    let lastKept = 0;
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
        const [{ id }] = await tx.query<{ id: string }>('SELECT a.id::text AS id FROM audit_log a ORDER BY a.id DESC OFFSET 3 LIMIT 1');
        lastKept = Number(id);
        await tx.query('DELETE FROM audit_log WHERE id > $1', [lastKept]);
        reports.push(await checkAuditChain(tx));
        await tx.query('DELETE FROM audit_log');
        reports.push(await checkAuditChain(tx));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(reports[0]).toMatchObject({ intact: false, reason: 'missing', firstBrokenId: lastKept + 1, detail: expect.stringContaining('3 row(s) missing') });
    expect(reports[1]).toMatchObject({ intact: false, reason: 'missing', rows: 0, firstBrokenId: 1 });
    expect(await checkAuditChain(server.db)).toMatchObject({ intact: true });
  });
});
