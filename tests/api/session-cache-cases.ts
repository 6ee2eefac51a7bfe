import { expect, it } from 'vitest';
import { hashToken } from '../../server/auth/passwords.ts';

/*
 * What must end a session that a server keeps in memory (server/auth/session-cache.ts), run against
 * one PGlite server (writer = reader) and against two processes on one PostgreSQL (the writer's change
 * must reach the reader). Every case first has the reader serve the token, so it sits in its memory.
 */
type Call = <B = any>(method: string, pathname: string, options?: { token?: string; body?: unknown }) => Promise<{ status: number; body: B }>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SessionCacheSides {
  /** The process that changes things through the API. */
  writer: () => { call: Call };
  /** The process whose memory holds the session. */
  reader: () => { call: Call };
  /** Plain SQL on the shared database, as an operator would write it. */
  sql: (text: string, params?: unknown[]) => Promise<unknown>;
}

const PASSWORD = 'una-clave-de-prueba';
/** What each new user chooses at the first sign-in instead of the administrator's PASSWORD. */
const OWN = `${PASSWORD}-propia`;
let serial = 0;

export function sessionCacheCases({ writer, reader, sql }: SessionCacheSides) {
  const admin = async () => (await writer().call('POST', '/api/login', { body: { email: 'admin@demo.local', password: 'demo1234' } })).body.authorisation.token as string;

  /** A new read-only user signed in on the reader, whose session the reader has just served. */
  const staff = async () => {
    const email = `cache${++serial}-${Date.now()}@demo.local`;
    const created = await writer().call('POST', '/api/users', { token: await admin(), body: { name: 'Caché Prueba', email, locale: 'es', roles: ['read_only'], password: PASSWORD } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const login = await reader().call('POST', '/api/login', { body: { email, password: PASSWORD } });
    const token = login.body.authorisation.token as string;
    // Given by the administrator: chosen anew before anything else is open (issue 28, item 20).
    expect((await reader().call('POST', '/api/me/password', { token, body: { currentPassword: PASSWORD, newPassword: OWN } })).status).toBe(204);
    expect((await reader().call('GET', '/api/patients', { token })).status).toBe(200);
    expect((await reader().call('GET', '/api/patients', { token })).status).toBe(200);
    return { id: created.body.id as number, version: created.body.version as number, email, token };
  };
  const readerSees = async (token: string) => (await reader().call('GET', '/api/patients', { token })).status;

  it('serves a session from memory: a revocation that notifies nobody goes unseen until the next notification', async () => {
    const user = await staff();
    await sql('ALTER TABLE sessions DISABLE TRIGGER sessions_changes');
    try {
      await sql('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(user.token)]);
      // The proof that the other cases test the memory, not a database read.
      expect(await readerSees(user.token)).toBe(200);
    } finally {
      await sql('ALTER TABLE sessions ENABLE TRIGGER sessions_changes');
    }
    await sql(`UPDATE users SET name = 'Caché Avisada' WHERE id = $1`, [user.id]);
    expect(await readerSees(user.token)).toBe(401);
  });

  it('a logout through the API ends the session on its next request', async () => {
    const user = await staff();
    expect((await writer().call('POST', '/api/logout', { token: user.token })).status).toBe(204);
    expect(await readerSees(user.token)).toBe(401);
  });

  it('a password change through the API ends the account’s other sessions', async () => {
    const user = await staff();
    const other = (await writer().call('POST', '/api/login', { body: { email: user.email, password: OWN } })).body.authorisation.token as string;
    const changed = await writer().call('POST', '/api/me/password', { token: other, body: { currentPassword: OWN, newPassword: 'otra-clave-de-prueba' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    expect(await readerSees(user.token)).toBe(401);
    expect(await readerSees(other)).toBe(200);
  });

  it('a deactivation through the API ends the user’s sessions', async () => {
    const user = await staff();
    expect((await writer().call('POST', `/api/users/${user.id}/deactivate`, { token: await admin() })).status).toBe(200);
    expect(await readerSees(user.token)).toBe(401);
  });

  it('a role taken away through the API is refused on the next request', async () => {
    const user = await staff();
    const changed = await writer().call('PUT', `/api/users/${user.id}`, { token: await admin(), body: { version: user.version, name: 'Caché Prueba', email: user.email, locale: 'es', roles: ['treasury'] } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await readerSees(user.token)).toBe(403);
  });

  const bySql: [string, (user: { id: number; token: string }) => [string, unknown[]], number][] = [
    ['revoked', (u) => ['UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(u.token)]], 401],
    ['deleted', (u) => ['DELETE FROM sessions WHERE token_hash = $1', [hashToken(u.token)]], 401],
    ['expired', (u) => [`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(u.token)]], 401],
    ['idle past the limit', (u) => [`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`, [hashToken(u.token)]], 401],
    ['of a user made inactive', (u) => ['UPDATE users SET active = false WHERE id = $1', [u.id]], 401],
    ['of a user deleted', (u) => ['DELETE FROM users WHERE id = $1', [u.id]], 401],
    ['of a user whose role was taken away', (u) => ['DELETE FROM user_roles WHERE user_id = $1', [u.id]], 403],
  ];
  for (const [what, change, status] of bySql) {
    it(`a session ${what} by direct SQL is refused on the next request (${status})`, async () => {
      const user = await staff();
      const [text, params] = change(user);
      await sql(text, params);
      expect(await readerSees(user.token)).toBe(status);
    });
  }

  it('a permission taken from the role by direct SQL is refused on the next request, and given back is granted', async () => {
    const user = await staff();
    const readOnly = `(SELECT id FROM roles WHERE code = 'read_only')`;
    await sql(`DELETE FROM role_permissions WHERE permission = 'patients:read' AND role_id = ${readOnly}`);
    try {
      expect(await readerSees(user.token)).toBe(403);
    } finally {
      await sql(`INSERT INTO role_permissions (role_id, permission) SELECT ${readOnly}, 'patients:read'`);
    }
    expect(await readerSees(user.token)).toBe(200);
  });

  it('a session touched less than a minute ago is not written again, and one idle for 29 minutes is touched and kept', async () => {
    const user = await staff();
    const lastSeen = async () => ((await sql('SELECT last_seen_at FROM sessions WHERE token_hash = $1', [hashToken(user.token)])) as { last_seen_at: Date }[])[0].last_seen_at;
    const before = await lastSeen();
    expect(await readerSees(user.token)).toBe(200);
    expect(await lastSeen()).toEqual(before);
    await sql(`UPDATE sessions SET last_seen_at = now() - interval '29 minutes' WHERE token_hash = $1`, [hashToken(user.token)]);
    expect(await readerSees(user.token)).toBe(200);
    expect(new Date(await lastSeen()).getTime()).toBeGreaterThan(new Date(before).getTime());
  });
}
