import type { components } from '../../openapi/schema';
import { appendAudit } from '../audit.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { BusinessRuleError, NotFoundError, StateConflictError } from '../errors.ts';
import { HttpProblem } from '../http/problem.ts';
import type { FileStore } from '../files.ts';
import { EXPORT_LISTS, exportableColumns, listOperation } from './lists.ts';
import type { ExportJobRow } from './queue.ts';

type Download = components['schemas']['Download'];

/** Exports one user may have queued or running at once: one person's burst cannot fill the queue for everyone. */
export const MAX_QUEUED_PER_USER = 5;
/** About how long a typical export takes: when to ask again. */
const QUEUE_RETRY_SECONDS = 30;
/** Serialises one requester's queueing (the user's id is the second key), also across servers. */
const QUEUE_CAP_LOCK = 8_150_346;
type Requester = SessionUser & { ip?: string; userAgent?: string };

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Administrators see and download everyone's exports; others only their own. */
const isAdministrator = (user: SessionUser) => user.roles.includes('administrator');

type JobWithName = ExportJobRow & { requested_by_name: string };

const present = (row: JobWithName): Download => ({
  id: row.id,
  list: row.list as Download['list'],
  format: row.format,
  filters: row.filters,
  columns: row.columns,
  state: row.state as Download['state'],
  reason: row.reason,
  containsHealthData: row.contains_health_data,
  rowsDone: row.rows_done,
  rowsTotal: row.rows_total,
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  fileName: row.file_name,
  error: row.error,
  attempts: row.attempts,
  requestedBy: row.requested_by,
  requestedByName: row.requested_by_name,
  createdAt: iso(row.created_at)!,
  startedAt: iso(row.started_at),
  finishedAt: iso(row.finished_at),
  expiresAt: iso(row.expires_at),
  downloadCount: row.download_count,
  lastDownloadedAt: iso(row.last_downloaded_at),
});

const SELECT_JOB = `SELECT j.*, u.name AS requested_by_name FROM export_jobs j JOIN users u ON u.id = j.requested_by`;
const SORTS: Record<string, string> = { createdAt: 'j.created_at', state: 'j.state', list: 'j.list' };

async function denied(db: Database, user: Requester, detail: Record<string, unknown>, message: string): Promise<never> {
  await db.transaction((tx) => appendAudit(tx, { userId: user.id, action: 'ACCESS_DENIED', entityType: 'download', result: 'DENIED', ip: user.ip, userAgent: user.userAgent, detail }));
  throw new HttpProblem(403, 'auth.forbidden', message);
}

/** A job the user may see: their own, or any for an administrator; others' are "not found". */
async function findVisible(db: Database, id: number, user: SessionUser): Promise<JobWithName> {
  const [row] = await db.query<JobWithName & Record<string, unknown>>(`${SELECT_JOB} WHERE j.id = $1`, [id]);
  if (!row || (row.requested_by !== user.id && !isAdministrator(user))) throw new NotFoundError('download');
  return row;
}

export const exportService = {
  async list(db: Database, filter: { page: number; pageSize: number; sort: string; state?: string }, user: SessionUser) {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (!isAdministrator(user)) where.push(`j.requested_by = ${param(user.id)}`);
    if (filter.state) where.push(`j.state = ${param(filter.state)}`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = filter.sort
      .split(',')
      .map((key) => `${SORTS[key.replace(/^-/, '')]} ${key.startsWith('-') ? 'DESC' : 'ASC'}`)
      .concat('j.id DESC')
      .join(', ');
    const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM export_jobs j ${whereSql}`, [...params]);
    const rows = await db.query<JobWithName & Record<string, unknown>>(
      `${SELECT_JOB} ${whereSql} ORDER BY ${order} LIMIT ${param(filter.pageSize)} OFFSET ${param((filter.page - 1) * filter.pageSize)}`,
      params,
    );
    return { items: rows.map(present), total: count!.total, page: filter.page, pageSize: filter.pageSize };
  },

  get: async (db: Database, id: number, user: SessionUser) => present(await findVisible(db, id, user)),

  /**
   * Queues an export after the checks a list read would make: the right to read that list, its filters
   * as the list's own query accepts them, and a reason when the list holds health data.
   */
  async create(db: Database, input: components['schemas']['DownloadInput'], user: Requester): Promise<Download> {
    const list = EXPORT_LISTS[input.list];
    const op = listOperation(list.operationId);
    if (!op.permission || !user.permissions.includes(op.permission)) {
      await denied(db, user, { list: input.list, permission: op.permission }, `Exporting this list needs the permission ${op.permission}.`);
    }
    const filters = Object.fromEntries(Object.entries(input.filters ?? {}).filter(([key]) => key !== 'page' && key !== 'pageSize'));
    try {
      op.validateParams({}, { ...filters, ...list.fixedFilters });
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      throw new HttpProblem(400, error.code, error.detail, error.errors?.map((e) => ({ ...e, path: e.path.replace(/^query/, 'body/filters') })));
    }
    // A column the list's rows do not have would come out blank: the request is wrong, not the file.
    const known = exportableColumns(list);
    const unknown = input.columns.flatMap((column, index) => (known.has(column.field) ? [] : [{ index, field: column.field }]));
    if (unknown.length) {
      throw new HttpProblem(
        400,
        'request.invalid',
        `Unknown columns for the list ${input.list}: ${unknown.map((c) => c.field).join(', ')}.`,
        unknown.map(({ index, field }) => ({ path: `body/columns/${index}/field`, keyword: 'unknownColumn', params: { field } })),
      );
    }
    const reason = input.reason?.trim() || null;
    if (list.healthData && !reason) {
      throw new BusinessRuleError('download.reasonRequired', 'This list holds health data: say why it is exported.', [{ path: 'body/reason', keyword: 'reasonRequired' }]);
    }
    const id = await db.transaction(async (tx) => {
      // Counted under a lock of the requester, so simultaneous requests cannot all slip under the cap.
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [QUEUE_CAP_LOCK, user.id]);
      const [waiting] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM export_jobs WHERE requested_by = $1 AND state IN ('queued', 'running')`, [user.id]);
      if (waiting!.n >= MAX_QUEUED_PER_USER) {
        throw new HttpProblem(429, 'download.tooManyQueued', `You already have ${MAX_QUEUED_PER_USER} exports queued or running; wait for one to finish.`, undefined, {
          'Retry-After': String(QUEUE_RETRY_SECONDS),
        });
      }
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO export_jobs (list, format, filters, columns, reason, contains_health_data, requested_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [input.list, input.format, JSON.stringify(filters), JSON.stringify(input.columns), reason, list.healthData, user.id],
      );
      await appendAudit(tx, {
        userId: user.id,
        action: 'CREATE',
        entityType: 'download',
        entityId: row!.id,
        result: 'ALLOWED',
        ip: user.ip,
        userAgent: user.userAgent,
        detail: { list: input.list, format: input.format, filters, reason, healthData: list.healthData },
      });
      return row!.id;
    });
    return exportService.get(db, id, user);
  },

  /** The finished file to its requester or an administrator, each download audited; 410 once expired. */
  async download(db: Database, files: FileStore, id: number, user: Requester) {
    const [row] = await db.query<JobWithName & Record<string, unknown>>(`${SELECT_JOB} WHERE j.id = $1`, [id]);
    if (!row) throw new NotFoundError('download');
    if (row.requested_by !== user.id && !isAdministrator(user)) {
      await denied(db, user, { downloadId: id }, 'Only the person who asked for the export, or an administrator, downloads it.');
    }
    const expired = row.state === 'expired' || (row.expires_at !== null && new Date(row.expires_at) <= new Date());
    if (expired) throw new HttpProblem(410, 'download.expired', 'The export expired (exports are kept 7 days); ask for it again.');
    if (row.state !== 'completed' || !row.storage_key) {
      throw new StateConflictError('download.notReady', 'The export has not finished.', [{ path: 'path/id', keyword: 'notReady', params: { state: row.state } }]);
    }
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE export_jobs SET download_count = download_count + 1, last_downloaded_at = now() WHERE id = $1`, [id]);
      await appendAudit(tx, {
        userId: user.id,
        action: 'DOWNLOAD',
        entityType: 'download',
        entityId: id,
        result: 'ALLOWED',
        ip: user.ip,
        userAgent: user.userAgent,
        detail: { list: row.list, rows: row.rows_done, healthData: row.contains_health_data, reason: row.reason },
      });
    });
    const type = row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return { stream: files.stream(row.storage_key), type, size: Number(row.size_bytes), fileName: row.file_name ?? `export-${id}.${row.format}` };
  },

  /** Deletes the files of exports past their expiry (the daily scheduler). */
  async expire(db: Database, files: FileStore, id: number): Promise<void> {
    const key = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ storage_key: string | null }>(
        `UPDATE export_jobs j SET state = 'expired', storage_key = NULL FROM (SELECT id, storage_key FROM export_jobs WHERE id = $1 FOR UPDATE) old
          WHERE j.id = old.id AND j.state = 'completed' AND j.expires_at <= now() RETURNING old.storage_key`,
        [id],
      );
      return row?.storage_key ?? null;
    });
    if (key) await files.remove(key);
  },
};

/** Completed exports past their expiry. */
export const expiredExports = async (db: Database): Promise<number[]> =>
  (await db.query<{ id: number }>(`SELECT id FROM export_jobs WHERE state = 'completed' AND expires_at <= now() ORDER BY id`)).map((row) => row.id);
