import { describe, expect, it } from 'vitest';
import { hasPostgres, usePostgresServer } from './postgres-cluster.ts';

// Búsqueda and Configuraciones on a real PostgreSQL 15 (production may run 15, PGlite is 18): the search
// queries, the catalogs' order, a versioned change with its history, and the engine reading the catalogs.
describe.skipIf(!hasPostgres)('search and settings on PostgreSQL 15', () => {
  const postgres = usePostgresServer();

  it('searches, lists the catalogs, and records a change with its history', async () => {
    const token = await postgres.server.signIn('admin@demo.local');
    const [{ folio }] = await postgres.server.db.query<{ folio: string }>('SELECT folio FROM reimbursements ORDER BY id LIMIT 1');
    const found = await postgres.server.call('GET', `/api/search?q=${encodeURIComponent(folio.toLowerCase())}`, { token });
    expect(found.status).toBe(200);
    expect(found.body.groups[0]).toMatchObject({ kind: 'reimbursement', items: [expect.objectContaining({ title: folio, matched: 'folio' })] });

    const defaults = await postgres.server.call('GET', '/api/settings/defaults', { token });
    expect(defaults.body.items.map((d: { rule: string }) => Number(d.rule.slice(1)))).toEqual(defaults.body.items.map((d: { rule: string }) => Number(d.rule.slice(1))).sort((a: number, b: number) => a - b));
    const reason = (await postgres.server.call('GET', '/api/settings/reasons', { token })).body.items.find((r: { code: string }) => r.code === '09');
    const changed = await postgres.server.call('PUT', '/api/settings/reasons/09', { token, body: { version: reason.version, texts: { ...reason.texts, ja: '日付が不正です' } } });
    expect(changed.status).toBe(200);
    const history = await postgres.server.call('GET', '/api/settings/history?catalog=reasons&key=09', { token });
    expect(history.body.items).toMatchObject([{ version: reason.version + 1, before: { texts: { ja: reason.texts.ja } }, after: { texts: { ja: '日付が不正です' } } }]);

    // A reimbursement's liquidation preview runs the engine on the catalogs (and, once approved, on those of its approval).
    const [{ id }] = await postgres.server.db.query<{ id: number }>(`SELECT id FROM reimbursements WHERE state = 'approved' ORDER BY id LIMIT 1`);
    const preview = await postgres.server.call('GET', `/api/reimbursements/${id}/liquidation`, { token });
    expect(preview.status).toBe(200);
  });
});
