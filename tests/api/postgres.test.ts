import { describe, expect, it } from 'vitest';
import { hasPostgres, PG_BIN, usePostgresServer } from './postgres-cluster.ts';

// CI must test the production database: there a missing PostgreSQL fails the run instead of skipping.
describe.runIf(!hasPostgres && ['true', '1'].includes(process.env.CI ?? ''))('PostgreSQL 15 in CI', () => {
  it('is installed', () => {
    expect.fail(`PostgreSQL 15 is missing (no initdb in ${PG_BIN}): install Debian's postgresql-15 (.ci/run does) or point PG_BIN at its binaries.`);
  });
});

// The same migrations and queries on a real PostgreSQL 15 (production may run 15, PGlite is 18), from an
// empty database as a new install starts.
describe.skipIf(!hasPostgres)('on PostgreSQL 15', () => {
  const postgres = usePostgresServer({ fresh: true });

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
