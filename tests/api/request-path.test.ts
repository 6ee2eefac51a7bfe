import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChain, recordAudit, type AuditEntry } from '../../server/audit.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { TestServer } from './helpers.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase('memory://');
  await migrate(db);
});
afterAll(() => db.close());

const read = (n: number, detail: Record<string, unknown> = { n }): AuditEntry => ({ userId: null, action: 'LIST', entityType: 'bench', result: 'ALLOWED', ip: '10.0.0.1', userAgent: 'test', detail });
const rows = () => db.query<{ at: Date; detail: { n: number } }>(`SELECT at, detail FROM audit_log WHERE entity_type = 'bench' ORDER BY id`);

describe('audit rows of reads', () => {
  it('commit the reads that arrive together in one transaction, in order, each answered only once its row is stored', async () => {
    const before = (await rows()).length;
    const recorded = Array.from({ length: 20 }, (_, n) => recordAudit(db, read(n)));
    await Promise.all(recorded);
    const after = (await rows()).slice(before);
    expect(after.map((row) => row.detail.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    // The batch is taken once the connection is in hand: by then all 20 are waiting, so one commit (one timestamp) holds them.
    expect(new Set(after.map((row) => new Date(row.at).toISOString())).size).toBe(1);
    expect(await checkAuditChain(db)).toMatchObject({ intact: true });
  });

  it('lose no other read when one row of a batch cannot be stored', async () => {
    const before = (await rows()).length;
    const first = recordAudit(db, read(100));
    // jsonb refuses a NUL character, so this row fails inside the shared transaction.
    const results = await Promise.allSettled([first, recordAudit(db, read(101)), recordAudit(db, read(102, { n: 102, q: 'a\u0000b' })), recordAudit(db, read(103))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await rows()).slice(before).map((row) => row.detail.n)).toEqual([100, 101, 103]);
    expect(await checkAuditChain(db)).toMatchObject({ intact: true });
  });
});

describe('audit rows of list reads under load', () => {
  // On the embedded database, whose one connection the reads and their audit commits queue for.
  it('sixteen list reads arriving together share their audit rows’ commits', async () => {
    const server = await TestServer.start({}, 'memory://');
    try {
      const token = await server.signIn('consulta@demo.local');
      const before = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'LIST'`);
      const answers = await Promise.all(Array.from({ length: 16 }, () => server.call('GET', '/api/insurers?page=1&pageSize=20&sort=name', { token })));
      expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
      const listed = await server.db.query<{ at: Date }>(`SELECT at FROM audit_log WHERE action = 'LIST' ORDER BY id OFFSET $1`, [before[0].n]);
      expect(listed).toHaveLength(16);
      // The commit queues behind the requests already waiting, which reach their own rows meanwhile
      // (one commit each before: 16). The last request can still be between two statements when the
      // connection is handed on, so its row may go in a second commit.
      expect(new Set(listed.map((row) => new Date(row.at).toISOString())).size).toBeLessThanOrEqual(2);
      expect(await checkAuditChain(server.db)).toMatchObject({ intact: true });
    } finally {
      await server.close();
    }
  }, hangLimit(120_000));
});

describe('permissions kept in memory between changes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start();
  });

  it('a permission taken from a role, by any writer, is refused on the holder next request, and given back is granted on the next', async () => {
    const token = await server.signIn('consulta@demo.local');
    expect((await server.call('GET', '/api/insurers', { token })).status).toBe(200);
    const revoke = `DELETE FROM role_permissions WHERE permission = 'insurers:read' AND role_id = (SELECT id FROM roles WHERE code = 'read_only')`;
    await server.db.query(revoke);
    expect((await server.call('GET', '/api/insurers', { token })).status).toBe(403);
    await server.db.query(`INSERT INTO role_permissions (role_id, permission) SELECT id, 'insurers:read' FROM roles WHERE code = 'read_only'`);
    expect((await server.call('GET', '/api/insurers', { token })).status).toBe(200);
    const me = await server.call('GET', '/api/me', { token });
    expect(me.body.user.roles).toEqual(['read_only']);
    expect(me.body.permissions).toContain('insurers:read');
  });

  it('a role given to or taken from a user applies on the next request', async () => {
    const token = await server.signIn('consulta@demo.local');
    expect((await server.call('POST', '/api/insurers', { token, body: { code: 'STAMP1', name: 'Stamp', country: 'ES', currency: 'EUR' } })).status).toBe(403);
    const consulta = `(SELECT id FROM users WHERE email = 'consulta@demo.local')`;
    await server.db.query(`INSERT INTO user_roles (user_id, role_id) SELECT ${consulta}, id FROM roles WHERE code = 'administrator'`);
    expect((await server.call('POST', '/api/insurers', { token, body: { code: 'STAMP1', name: 'Stamp', country: 'ES', currency: 'EUR' } })).status).toBe(201);
    expect((await server.call('GET', '/api/me', { token })).body.user.roles).toEqual(['administrator', 'read_only']);
    await server.db.query(`DELETE FROM user_roles WHERE user_id = ${consulta} AND role_id = (SELECT id FROM roles WHERE code = 'administrator')`);
    expect((await server.call('POST', '/api/insurers', { token, body: { code: 'STAMP2', name: 'Stamp', country: 'ES', currency: 'EUR' } })).status).toBe(403);
  });
});
