import { describe, expect, it } from 'vitest';
import { hasPostgres, PG_BIN, usePostgresServer } from './postgres-cluster.ts';
import { expectProblem } from './helpers.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// CI must test the production database: there a missing PostgreSQL fails the run instead of skipping.
describe.runIf(!hasPostgres && ['true', '1'].includes(process.env.CI ?? ''))('PostgreSQL 15 in CI', () => {
  it('is installed', () => {
    expect.fail(`PostgreSQL 15 is missing (no initdb in ${PG_BIN}): install Debian's postgresql-15 (.ci/run does) or point PG_BIN at its binaries.`);
  });
});

// The same migrations and queries on a real PostgreSQL 15 (production may run 15, PGlite is 18), from an
// empty database as a new install starts, on a server of this file's own (one test restarts it).
describe.skipIf(!hasPostgres)('on PostgreSQL 15', () => {
  const postgres = usePostgresServer({ ownCluster: true });

  it('migrates, seeds, signs in and pages insurers', async () => {
    const token = await postgres.server.signIn('admin@demo.local');
    const page = await postgres.server.call('GET', '/api/insurers?page=2&pageSize=10&sort=-code', { token });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(25);
    const codes = page.body.items.map((i: { code: string }) => i.code);
    expect(codes).toHaveLength(10);
    expect(codes).toEqual([...codes].sort().reverse());
  });

  it('lets exactly one of two concurrent updates with the same version win', async () => {
    const token = await postgres.server.signIn('admin@demo.local');
    const { body: insurer } = await postgres.server.call('GET', '/api/insurers/1', { token });
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = insurer;
    const update = (name: string) => postgres.server.call('PUT', `/api/insurers/${insurer.id}`, { token, body: { ...fields, name } });
    const statuses = (await Promise.all([update('Uno'), update('Dos')])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it('rides out a database restart mid write-stream: 503 with Retry-After while it is away, no 500, every acknowledged write kept', async () => {
    const { server, cluster } = postgres;
    const token = await server.signIn('admin@demo.local');
    // Idle connections in the pool when the database goes away: their termination must not end the process.
    await Promise.all(Array.from({ length: 5 }, () => server.call('GET', '/api/insurers?pageSize=1', { token })));
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    let writing = true;
    const stream = (async () => {
      for (let i = 0; writing; i++) {
        const code = `RST${i}`;
        const created = await server.call('POST', '/api/insurers', { token, body: { code, name: `Reinicio ${i}`, country: 'ES', currency: 'EUR' } });
        statuses.push(created.status);
        if (created.status === 201) acknowledged.push(code);
        else {
          expectProblem(created, 503, 'server.databaseUnavailable');
          expect(Number(created.headers.get('retry-after'))).toBeGreaterThan(0);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    cluster.pause();
    const health = await server.call('GET', '/api/health');
    expect(health.status).toBe(503);
    // Which word depends on the moment (the restart under way, a connection found dead, none to be had).
    expect(health.body).toEqual({ status: 'unavailable', database: 'postgres', reason: expect.stringMatching(/^(unreachable|shuttingDown|connectionLost)$/) });
    expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    cluster.resume();
    // Back by itself: the stream goes on writing.
    await expect.poll(async () => (await server.call('GET', '/api/health')).status, { timeout: hangLimit(30_000) }).toBe(200);
    const before = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: hangLimit(30_000) }).toBeGreaterThan(before + 2);
    writing = false;
    await stream;
    expect(statuses).toContain(503);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    const stored = await server.db.query<{ code: string }>(`SELECT code FROM insurers WHERE code LIKE 'RST%'`);
    expect(stored.map((r) => r.code)).toEqual(expect.arrayContaining(acknowledged));
    // The paging case counts the seeded insurers, whichever case ran before it.
    await server.db.query(`DELETE FROM insurers WHERE code LIKE 'RST%'`);
  }, hangLimit(120_000));

  it('keeps the audit log append-only', async () => {
    await expect(postgres.server.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('refuses a duplicate code with 409 and no 500', async () => {
    const token = await postgres.server.signIn('admin@demo.local');
    const created = await postgres.server.call('POST', '/api/insurers', { token, body: { code: 'SDS', name: 'Otra', country: 'CL', currency: 'CLP' } });
    expect(created.status).toBe(409);
    expect(created.body.errors).toEqual([{ path: 'body/code', keyword: 'unique' }]);
  });
});
