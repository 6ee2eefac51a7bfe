import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from './helpers.ts';
import { startExportServer } from './export-server.ts';
import { parseCsv } from '../support/csv.ts';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };

/** A state as the requester's (Spanish) screen names it, as the export writes it (issue 28, item 10). */
const stateLabel = (key: string) => (es as Record<string, string>)[key]!;

// A list's "Exportar" carries what the screen narrows the list by besides its toolbar's filters: the date range
// of the reimbursement and verification lists, the worklist's or history's group, the policy of a policy's
// patients. The export reads the list's own operation with them, so the file holds the rows on screen.
let server: TestServer;
let runQueue: () => Promise<unknown>;
let admin: string;

beforeAll(async () => {
  ({ server, runQueue } = await startExportServer());
  admin = await server.signIn('admin@demo.local');
});
afterAll(() => server.close());

/** Every row of a list operation, page after page, as the screen would read them. */
async function listed<T>(path: string, query: Record<string, string>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const reply = await server.call('GET', `${path}?${new URLSearchParams({ ...query, page: String(page), pageSize: '100' })}`, { token: admin });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    rows.push(...(reply.body.items as T[]));
    if (rows.length >= reply.body.total) return rows;
  }
}

/** Queues an export as the list's "Exportar" would, runs it and answers the file's rows under its heading. */
async function exported(list: string, filters: Record<string, string>, fields: string[]): Promise<string[][]> {
  const columns = fields.map((field) => ({ field, label: field }));
  const queued = await server.call('POST', '/api/downloads', { token: admin, body: { list, format: 'csv', filters, columns, reason: 'Revisión de la lista filtrada' } });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  expect(queued.body.filters).toEqual(filters);
  await runQueue();
  const done = (await server.call('GET', `/api/downloads/${queued.body.id}`, { token: admin })).body;
  expect(done.state, JSON.stringify(done)).toBe('completed');
  const response = await server.api.request(`http://localhost/api/downloads/${queued.body.id}/content`, { headers: { authorization: `Bearer ${admin}` } }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  const rows = parseCsv(new TextDecoder().decode(new Uint8Array(await response.arrayBuffer())), ';');
  expect(rows[0]).toEqual(fields);
  return rows.slice(1);
}

/** A range of creation days that holds some of `days` but not all: from the earliest to the middle one. */
function partOf(days: string[]): { from: string; to: string } {
  const sorted = [...new Set(days)].sort();
  expect(sorted.length, 'the seed spreads its records over several days').toBeGreaterThan(1);
  return { from: sorted[0]!, to: sorted[Math.floor((sorted.length - 1) / 2)]! };
}

describe('an export holds the rows of the list as the screen narrowed it', () => {
  it("a reimbursement list's date range: only the claims created in it", async () => {
    type Row = { folio: string; createdAt: string };
    // The seed starts every claim on the day it runs: half of them go back 40 days, so a range holds some.
    await server.db.query(`UPDATE reimbursements SET created_at = created_at - interval '40 days' WHERE kind = 'GENERAL' AND id % 2 = 0`);
    const every = await listed<Row>('/api/reimbursements', { kind: 'GENERAL', sort: 'folio' });
    const range = partOf(every.map((row) => row.createdAt.slice(0, 10)));
    const onScreen = await listed<Row>('/api/reimbursements', { kind: 'GENERAL', sort: 'folio', ...range });
    expect(onScreen.length).toBeGreaterThan(0);
    expect(onScreen.length).toBeLessThan(every.length);
    const rows = await exported('reimbursements-general', { sort: 'folio', ...range }, ['folio', 'createdAt']);
    expect(rows.map(([folio]) => folio)).toEqual(onScreen.map((row) => row.folio));
  });

  it("the verification worklist's group and date range: only open verifications of those service days", async () => {
    type Row = { folio: string; state: string; plannedServiceDate: string };
    const open = await listed<Row>('/api/verifications', { group: 'open', sort: 'folio' });
    const range = partOf(open.map((row) => row.plannedServiceDate));
    const onScreen = await listed<Row>('/api/verifications', { group: 'open', sort: 'folio', ...range });
    expect(onScreen.length).toBeGreaterThan(0);
    const rows = await exported('verifications', { group: 'open', sort: 'folio', ...range }, ['folio', 'state']);
    expect(rows).toEqual(onScreen.map((row) => [row.folio, stateLabel(`machine.verification.state.${row.state}`)]));
    expect(rows.every(([, state]) => ['pending', 'inProgress', 'needsInfo'].map((s) => stateLabel(`machine.verification.state.${s}`)).includes(state!))).toBe(true);
    const history = await exported('verifications', { group: 'history', sort: 'folio' }, ['folio', 'state']);
    expect(history.length).toBeGreaterThan(0);
    expect(history.every(([, state]) => ['verified', 'notEligible', 'expired', 'cancelled'].map((s) => stateLabel(`machine.verification.state.${s}`)).includes(state!))).toBe(true);
  });

  it("a policy's patients: only that policy's, not every patient", async () => {
    const [policy] = await server.db.query<{ policy_id: number }>(`SELECT policy_id FROM patients GROUP BY policy_id HAVING count(*) > 1 ORDER BY policy_id LIMIT 1`);
    const all = await server.call('GET', '/api/patients?pageSize=1', { token: admin });
    const onScreen = await listed<{ id: number; policyId: number }>('/api/patients', { policyId: String(policy!.policy_id) });
    expect(onScreen.length).toBeGreaterThan(1);
    expect(onScreen.length).toBeLessThan(all.body.total);
    const rows = await exported('patients', { policyId: String(policy!.policy_id) }, ['id', 'policyId']);
    expect(rows.map(([id]) => Number(id)).sort((a, b) => a - b)).toEqual(onScreen.map((row) => row.id).sort((a, b) => a - b));
    expect(new Set(rows.map(([, policyId]) => Number(policyId)))).toEqual(new Set([policy!.policy_id]));
  });
});

describe("the announcements' list (Comunicados) exports", () => {
  it('page after page although it pages by number only, as its list shows it to the requester', async () => {
    for (const title of ['Cierre contable', 'Nuevo arancel', 'Horario de verano', 'Auditoría anual', 'Corte de luz']) {
      const created = await server.call('POST', '/api/announcements', {
        token: admin,
        body: { title, body: '<p>Detalle.</p>', priority: 'normal', audience: 'everyone', publishFrom: new Date(Date.now() - 3_600_000).toISOString() },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const onScreen = await listed<{ title: string; state: string }>('/api/announcements', { sort: 'title' });
    expect(onScreen.length).toBe(5);
    // Pages of two rows: the list's third page must follow its second, not repeat its first.
    process.env.EXPORT_PAGE_SIZE = '2';
    try {
      const rows = await exported('announcements', { sort: 'title' }, ['title', 'state']);
      expect(rows).toEqual(onScreen.map((row) => [row.title, stateLabel(`announcements.state.${row.state}`)]));
    } finally {
      delete process.env.EXPORT_PAGE_SIZE;
    }
  });
});
