import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readNextPage, type KeysetWalk } from '../../server/db/keyset.ts';
import { listOf } from '../../server/db/list-query.ts';
import { expectProblem, TestServer } from './helpers.ts';
import { startExportServer } from './export-server.ts';
import { parseCsv } from '../support/csv.ts';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };

let server: TestServer;
let runQueue: () => Promise<unknown>;
let admin: string;

beforeAll(async () => {
  ({ server, runQueue } = await startExportServer());
  admin = await server.signIn('admin@demo.local');
});
afterAll(() => server.close());
afterEach(() => {
  delete process.env.EXPORT_PAGE_SIZE;
  delete process.env.EXPORT_PAGE_PAUSE_MS;
});


async function csvOf(id: number) {
  const response = await server.api.request(`http://localhost/api/downloads/${id}/content`, { headers: { authorization: `Bearer ${admin}` } }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  expect(response.status).toBe(200);
  return parseCsv(await response.text(), ';').slice(1);
}

async function exportCsv(list: string, filters: Record<string, string>, columns: { field: string; label: string }[]) {
  const queued = await server.call('POST', '/api/downloads', { token: admin, body: { list, format: 'csv', filters, columns, reason: 'Revisión de la cola' } });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  return queued.body.id as number;
}

describe('exports read their list by keyset', () => {
  it('a row added before the reading point while the export runs neither shifts nor repeats the rows (an offset would repeat one)', async () => {
    process.env.EXPORT_PAGE_SIZE = '2';
    process.env.EXPORT_PAGE_PAUSE_MS = '150';
    const before = (await server.call('GET', '/api/insurers?sort=-updatedAt&pageSize=100', { token: admin })).body;
    expect(before.total).toBeGreaterThan(4);
    const id = await exportCsv('insurers', { sort: '-updatedAt' }, [{ field: 'code', label: 'Código' }]);
    const running = runQueue();
    // Once the first page is written, a new insurer becomes the first row of the list's order.
    for (let job = (await server.call('GET', `/api/downloads/${id}`, { token: admin })).body; job.rowsDone === 0; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await server.call('GET', `/api/downloads/${id}`, { token: admin })).body;
    }
    const created = await server.call('POST', '/api/insurers', { token: admin, body: { code: 'KEYSET1', name: 'Aseguradora Nueva', country: 'CL', currency: 'CLP' } });
    expect(created.status).toBe(201);
    await running;
    const rows = (await csvOf(id)).map(([code]) => code);
    expect(rows).toEqual(before.items.map((i: { code: string }) => i.code));
    const job = (await server.call('GET', `/api/downloads/${id}`, { token: admin })).body;
    expect(job).toMatchObject({ state: 'completed', rowsDone: before.total, rowsTotal: before.total });
  });

  it('a sort on columns with many equal values keeps every row once and in the list\'s order, ascending, descending and mixed', async () => {
    process.env.EXPORT_PAGE_SIZE = '2';
    for (const sort of ['state', '-state', '-state,claimedCents', 'createdAt']) {
      const list = (await server.call('GET', `/api/reimbursements?kind=GENERAL&sort=${sort}&pageSize=100`, { token: admin })).body;
      expect(list.total).toBeGreaterThan(4);
      const id = await exportCsv('reimbursements-general', { sort }, [{ field: 'folio', label: 'Folio' }]);
      await runQueue();
      expect((await csvOf(id)).map(([folio]) => folio), sort).toEqual(list.items.map((r: { folio: string }) => r.folio));
    }
  });

  it('a walk over a nullable sort key places empty values as PostgreSQL does (last ascending, first descending), each row once', async () => {
    await server.db.query(`CREATE TABLE keyset_probe (id serial PRIMARY KEY, score integer)`);
    await server.db.query(`INSERT INTO keyset_probe (score) VALUES (3), (NULL), (1), (3), (NULL), (2), (1), (NULL)`);
    const columns = { score: sql.ref('score') };
    for (const sort of ['score', '-score']) {
      const all = await server.db.query<{ id: number }>(`SELECT id FROM keyset_probe ORDER BY score ${sort.startsWith('-') ? 'DESC' : 'ASC'}, id`);
      const walk: KeysetWalk = { after: null };
      const seen: number[] = [];
      for (;;) {
        const page = await readNextPage(walk, () => listOf(server.db.kysely.selectFrom('keyset_probe' as never).selectAll(), { page: 1, pageSize: 3, sort }, columns, sql.ref('id')));
        expect(page.total).toBe(8);
        seen.push(...(page.rows as { id: number }[]).map((row) => row.id));
        expect(Object.keys(page.rows[0] ?? {}).sort()).toEqual(page.rows.length ? ['id', 'score'] : []);
        if (page.rows.length < 3) break;
      }
      expect(seen, sort).toEqual(all.map((row) => row.id));
    }
  });
});

describe('the names the reimbursement screens export under', () => {
  it('reimbursements-general and -orthodontic keep their kind whatever the filters say; reimbursable-verifications keeps verified ones', async () => {
    process.env.EXPORT_PAGE_SIZE = '3';
    const orthodontic = (await server.call('GET', '/api/reimbursements?kind=ORTHODONTIC&sort=folio&pageSize=100', { token: admin })).body;
    const id = await exportCsv('reimbursements-orthodontic', { sort: 'folio' }, [{ field: 'folio', label: 'Folio' }, { field: 'kind', label: 'Tipo' }]);
    await runQueue();
    const rows = await csvOf(id);
    expect(rows.map(([folio]) => folio)).toEqual(orthodontic.items.map((r: { folio: string }) => r.folio));
    // Values as the screen names them, in the requester's language (issue 28, item 10).
    expect(new Set(rows.map(([, kind]) => kind))).toEqual(new Set(orthodontic.total ? [es['reimbursements.kind.ORTHODONTIC']] : []));

    const verified = (await server.call('GET', '/api/verifications?state=verified&sort=folio&pageSize=100', { token: admin })).body;
    const ready = await exportCsv('reimbursable-verifications', { sort: 'folio', state: 'draft' }, [{ field: 'folio', label: 'Folio' }, { field: 'state', label: 'Estado' }]);
    await runQueue();
    const readyRows = await csvOf(ready);
    expect(readyRows.map(([folio]) => folio)).toEqual(verified.items.map((v: { folio: string }) => v.folio));
    expect(readyRows.every(([, state]) => state === es['machine.verification.state.verified'])).toBe(true);

    const plans = await server.call('POST', '/api/downloads', { token: admin, body: { list: 'orthodonticPlans', format: 'csv', columns: [{ field: 'id', label: 'Id' }] } });
    expectProblem(plans, 422, 'download.reasonRequired');
  });

  it('refuses a list name no screen has (400)', async () => {
    expectProblem(await server.call('POST', '/api/downloads', { token: admin, body: { list: 'reimbursements-dental', format: 'csv', columns: [{ field: 'folio', label: 'Folio' }] } }), 400, 'request.invalid');
  });
});
