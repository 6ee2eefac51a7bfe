import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNext, complete, reportProgress } from '../../server/exports/queue.ts';
import { runDailyJobs } from '../../server/scheduler.ts';
import { expectProblem, fieldErrors, TestServer } from './helpers.ts';
import { startExportServer } from './export-server.ts';
import { parseCsv } from '../support/csv.ts';

let server: TestServer;
let runQueue: () => Promise<unknown>;
let files: Awaited<ReturnType<typeof startExportServer>>['files'];
let admin: string;
let supervisor: string;
let verifier: string;
let treasury: string;

beforeAll(async () => {
  ({ server, runQueue, files } = await startExportServer());
  [admin, supervisor, verifier, treasury] = await Promise.all(
    ['admin@demo.local', 'supervisor@demo.local', 'verificador@demo.local', 'tesoreria@demo.local'].map((email) => server.signIn(email)),
  );
});
afterAll(() => server.close());


const INSURER_COLUMNS = [
  { field: 'code', label: 'Código' },
  { field: 'name', label: 'Nombre' },
  { field: 'currency', label: 'Moneda' },
];

async function download(token: string, id: number) {
  const response = await server.api.request(`http://localhost/api/downloads/${id}/content`, { headers: { authorization: `Bearer ${token}` } }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('exports — a filtered list, as CSV and XLSX', () => {
  it('queues a CSV of the insurers with the on-screen search and sort, runs it, and the file holds exactly the list', async () => {
    const filters = { q: 'a', sort: '-name', active: 'true' };
    const queued = await server.call('POST', '/api/downloads', { token: supervisor, body: { list: 'insurers', format: 'csv', filters, columns: INSURER_COLUMNS } });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body).toMatchObject({ state: 'queued', containsHealthData: false, rowsDone: 0, filters, requestedByName: 'Sergio Supervisor' });

    expect(await runQueue()).toBe(1);
    const done = (await server.call('GET', `/api/downloads/${queued.body.id}`, { token: supervisor })).body;
    const list = (await server.call('GET', '/api/insurers?q=a&sort=-name&active=true&pageSize=100', { token: supervisor })).body;
    expect(list.total).toBeGreaterThan(1);
    expect(done).toMatchObject({ state: 'completed', rowsDone: list.total, rowsTotal: list.total, attempts: 1, fileName: `insurers-${queued.body.id}.csv` });
    expect(new Date(done.expiresAt).getTime() - new Date(done.finishedAt).getTime()).toBe(7 * 86_400_000);

    const file = await download(supervisor, queued.body.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(Number(file.headers.get('content-length'))).toBe(done.sizeBytes);
    const rows = parseCsv(new TextDecoder().decode(file.bytes), ';');
    expect(rows[0]).toEqual(['Código', 'Nombre', 'Moneda']);
    expect(rows.slice(1)).toEqual(list.items.map((i: { code: string; name: string; currency: string }) => [i.code, i.name, i.currency]));
  });

  it('exports patients as XLSX only with a reason (health data), and the workbook holds the list', async () => {
    const body = { list: 'patients', format: 'xlsx', filters: { q: 'González' }, columns: [{ field: 'lastName', label: 'Apellido' }, { field: 'firstNames', label: 'Nombres' }] };
    const noReason = expectProblem(await server.call('POST', '/api/downloads', { token: admin, body: { ...body, reason: '   ' } }), 422, 'download.reasonRequired');
    expect(fieldErrors(noReason)).toEqual(['body/reason reasonRequired']);
    const queued = await server.call('POST', '/api/downloads', { token: admin, body: { ...body, reason: 'Auditoría de la aseguradora' } });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ containsHealthData: true, reason: 'Auditoría de la aseguradora' });
    await runQueue();
    const file = await download(admin, queued.body.id);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes.buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    const list = (await server.call('GET', '/api/patients?q=Gonz%C3%A1lez&pageSize=100', { token: admin })).body;
    expect(list.total).toBeGreaterThan(0);
    expect(values).toEqual([['Apellido', 'Nombres'], ...list.items.map((p: { lastName: string; firstNames: string }) => [p.lastName, p.firstNames])]);
  });
});

describe('exports — text a spreadsheet would run', () => {
  // OWASP's formula starts, a minus before a digit included, and their full-width forms (names are trimmed when
  // stored, so a leading tab or CR never reaches an export through them: tests/server/export-cells.test.ts has those).
  const NAMES = ["-2+3+cmd|' /C calc'!A0", '=1+1 Inyección', '+1 Inyección', '@SUM(1) Inyección', '＝1 Inyección', '＋1 Inyección', '－1 Inyección', '＠SUM Inyección'];
  const columns = [{ field: 'name', label: '=Nombre' }, { field: 'claimDeadlineDays', label: 'Plazo' }];

  const made: number[] = [];
  beforeAll(async () => {
    for (const [i, name] of NAMES.entries()) {
      const created = await server.call('POST', '/api/insurers', { token: admin, body: { code: `INJ${i}`, name, country: 'ES', currency: 'EUR', claimDeadlineDays: 30 + i } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      made.push(created.body.id);
    }
  });
  // The other cases export the insurers as seeded, in whichever order they run.
  afterAll(async () => {
    for (const id of made) expect((await server.call('DELETE', `/api/insurers/${id}`, { token: admin })).status).toBe(204);
  });

  async function exported(format: 'csv' | 'xlsx') {
    const queued = await server.call('POST', '/api/downloads', { token: admin, body: { list: 'insurers', format, filters: { q: 'INJ', sort: 'code' }, columns } });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    await runQueue();
    return download(admin, queued.body.id);
  }

  it('every cell that would start a formula is quoted in CSV and XLSX alike; numbers stay numbers', async () => {
    const stored = (await server.call('GET', '/api/insurers?q=INJ&sort=code&pageSize=100', { token: admin })).body.items.map((i: { name: string }) => i.name);
    expect(stored).toHaveLength(NAMES.length);
    const expected = [["'=Nombre", 'Plazo'], ...stored.map((name: string, i: number) => [`'${name}`, 30 + i])];
    const csv = parseCsv(new TextDecoder().decode((await exported('csv')).bytes), ';');
    expect(csv).toEqual(expected.map((row) => row.map(String)));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported('xlsx')).bytes.buffer as ArrayBuffer);
    expect(workbook.worksheets[0]!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1))).toEqual(expected);
  });
});

describe('exports — rights and bad input', () => {
  it('needs downloads:create and the right to read the list itself', async () => {
    const body = { list: 'insurers', format: 'csv', columns: INSURER_COLUMNS };
    expectProblem(await server.call('POST', '/api/downloads', { token: verifier, body }), 403, 'auth.forbidden');
    // Treasury exports payments' lists but reads no patients.
    expectProblem(await server.call('POST', '/api/downloads', { token: treasury, body: { ...body, list: 'patients', reason: 'x' } }), 403, 'auth.forbidden');
    const denied = await server.db.query(`SELECT detail FROM audit_log WHERE action = 'ACCESS_DENIED' AND entity_type = 'download' ORDER BY id DESC LIMIT 1`);
    expect(denied[0]).toMatchObject({ detail: { list: 'patients', permission: 'patients:read' } });
  });

  it('checks the filters as the list itself would, and the columns', async () => {
    const bad = expectProblem(
      await server.call('POST', '/api/downloads', { token: admin, body: { list: 'insurers', format: 'csv', filters: { active: 'maybe', colour: 'red' }, columns: INSURER_COLUMNS } }),
      400,
      'request.invalid',
    );
    expect(fieldErrors(bad)).toEqual(['body/filters/active type', 'body/filters/colour additionalProperties']);
    expectProblem(await server.call('POST', '/api/downloads', { token: admin, body: { list: 'insurers', format: 'pdf', columns: INSURER_COLUMNS } }), 400, 'request.invalid');
    expectProblem(await server.call('POST', '/api/downloads', { token: admin, body: { list: 'insurers', format: 'csv', columns: [{ field: '__proto__.x', label: 'x' }] } }), 400, 'request.invalid');
    expectProblem(await server.call('POST', '/api/downloads', { token: admin, body: { list: 'claims', format: 'csv', columns: INSURER_COLUMNS } }), 400, 'request.invalid');
  });

  it('refuses columns the list does not have, naming each, and queues nothing', async () => {
    const jobs = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM export_jobs'))[0]!.n;
    const before = await jobs();
    const columns = [...INSURER_COLUMNS, { field: 'colour', label: 'Color' }, { field: 'name.first', label: 'Nombre de pila' }];
    const bad = expectProblem(await server.call('POST', '/api/downloads', { token: admin, body: { list: 'insurers', format: 'csv', columns } }), 400, 'request.invalid');
    expect(bad.errors).toEqual([
      { path: 'body/columns/3/field', keyword: 'unknownColumn', params: { field: 'colour' } },
      { path: 'body/columns/4/field', keyword: 'unknownColumn', params: { field: 'name.first' } },
    ]);
    expect(bad.detail).toContain('colour, name.first');
    expect(await jobs()).toBe(before);
  });

  it('only the requester or an administrator sees and downloads an export; each download is audited', async () => {
    const mine = await server.call('POST', '/api/downloads', { token: treasury, body: { list: 'insurers', format: 'csv', columns: INSURER_COLUMNS } });
    // One of the supervisor's own, so that their list has something to show: that one, and no one else's.
    const theirs = await server.call('POST', '/api/downloads', { token: supervisor, body: { list: 'insurers', format: 'csv', columns: INSURER_COLUMNS } });
    expect(theirs.status).toBe(202);
    await runQueue();
    expectProblem(await server.call('GET', `/api/downloads/${mine.body.id}`, { token: supervisor }), 404, 'download.notFound');
    const supervisorTry = await download(supervisor, mine.body.id);
    expect(supervisorTry.status).toBe(403);
    const own = (await server.call('GET', '/api/downloads', { token: supervisor })).body.items.map((d: { requestedBy: number }) => d.requestedBy);
    expect(new Set(own)).toEqual(new Set([theirs.body.requestedBy]));
    expect((await download(admin, mine.body.id)).status).toBe(200);
    expect((await download(treasury, mine.body.id)).status).toBe(200);
    const audited = await server.db.query<{ action: string; user_id: number }>(`SELECT action, user_id FROM audit_log WHERE entity_type = 'download' AND entity_id = $1 AND action = 'DOWNLOAD'`, [String(mine.body.id)]);
    expect(audited).toHaveLength(2);
    const job = (await server.call('GET', `/api/downloads/${mine.body.id}`, { token: treasury })).body;
    expect(job).toMatchObject({ downloadCount: 2, lastDownloadedAt: expect.any(String) });
  });
});

describe('exports — the queue', () => {
  it('takes at most 5 exports queued or running per user: the next answers 429 with Retry-After and queues nothing', async () => {
    await runQueue();
    const queue = (token: string) => server.call('POST', '/api/downloads', { token, body: { list: 'insurers', format: 'csv', columns: INSURER_COLUMNS } });
    const burst = await Promise.all(Array.from({ length: 8 }, () => queue(supervisor)));
    expect(burst.map((r) => r.status).sort()).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    const refused = burst.find((r) => r.status === 429)!;
    expectProblem(refused, 429, 'download.tooManyQueued');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const [{ n }] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM export_jobs j JOIN users u ON u.id = j.requested_by WHERE u.email = 'supervisor@demo.local' AND j.state = 'queued'`);
    expect(n).toBe(5);
    // The cap is the requester's own: someone else still queues, and the requester again once theirs have run.
    expect((await queue(admin)).status).toBe(202);
    await runQueue();
    expect((await queue(supervisor)).status).toBe(202);
    await runQueue();
  });

  it('a process that dies mid-job loses its claim once the lease lapses; another takes the job over, and the dead one can no longer finish it', async () => {
    const queued = await server.call('POST', '/api/downloads', { token: admin, body: { list: 'doctors', format: 'csv', columns: [{ field: 'lastNames', label: 'Apellidos' }] } });
    // Process A claims the job, writes a page of progress, then dies (nothing more from it).
    const crashed = (await claimNext(server.db))!;
    expect(crashed.job.id).toBe(queued.body.id);
    expect(await reportProgress(server.db, crashed, 20, null)).toBe(true);
    // While A's lease holds, nobody else takes the job.
    expect(await claimNext(server.db)).toBeNull();
    await server.db.query(`UPDATE export_jobs SET lease_until = now() - interval '1 second' WHERE id = $1`, [queued.body.id]);

    expect(await runQueue()).toBe(1);
    const done = (await server.call('GET', `/api/downloads/${queued.body.id}`, { token: admin })).body;
    expect(done).toMatchObject({ state: 'completed', attempts: 2 });
    // A comes back late: its progress and its completion are refused, the job stays as B finished it.
    expect(await reportProgress(server.db, crashed, 40, null)).toBe(false);
    expect(await complete(server.db, crashed, { rows: 1, sizeBytes: 1, storageKey: '00000000-0000-0000-0000-000000000000', fileName: 'x.csv' })).toBe(false);
    const after = (await server.call('GET', `/api/downloads/${queued.body.id}`, { token: admin })).body;
    expect(after).toMatchObject({ state: 'completed', rowsDone: done.rowsDone, sizeBytes: done.sizeBytes, fileName: done.fileName });
    expect((await download(admin, queued.body.id)).status).toBe(200);
  });

  it('a job whose process died three times fails instead of looping', async () => {
    const queued = await server.call('POST', '/api/downloads', { token: admin, body: { list: 'doctors', format: 'csv', columns: [{ field: 'lastNames', label: 'Apellidos' }] } });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const claim = (await claimNext(server.db))!;
      expect(claim.job.attempts).toBe(attempt);
      await server.db.query(`UPDATE export_jobs SET lease_until = now() - interval '1 second' WHERE id = $1`, [queued.body.id]);
    }
    await runQueue();
    expect((await server.call('GET', `/api/downloads/${queued.body.id}`, { token: admin })).body).toMatchObject({ state: 'failed', error: 'export.tooManyAttempts', attempts: 4 });
  });

  it('refuses a download before the job is done (409) and after it expired (410); the daily scheduler deletes expired files once', async () => {
    const queued = await server.call('POST', '/api/downloads', { token: admin, body: { list: 'insurers', format: 'csv', columns: INSURER_COLUMNS } });
    expectProblem(await server.call('GET', `/api/downloads/${queued.body.id}/content`, { token: admin }), 409, 'download.notReady');
    await runQueue();
    const [{ storage_key: key }] = await server.db.query<{ storage_key: string }>(`SELECT storage_key FROM export_jobs WHERE id = $1`, [queued.body.id]);
    await server.db.query(`UPDATE export_jobs SET expires_at = now() - interval '1 minute' WHERE id = $1`, [queued.body.id]);
    expectProblem(await server.call('GET', `/api/downloads/${queued.body.id}/content`, { token: admin }), 410, 'download.expired');

    const today = new Date().toISOString().slice(0, 10);
    const sent = await runDailyJobs(server.db, today, { files });
    expect(sent['downloads.expire']).toBeGreaterThanOrEqual(1);
    expect((await server.call('GET', `/api/downloads/${queued.body.id}`, { token: admin })).body.state).toBe('expired');
    await expect(files.size(key)).rejects.toThrow(/ENOENT/);
    expect((await runDailyJobs(server.db, today, { files }))['downloads.expire']).toBeUndefined();
  });
});
