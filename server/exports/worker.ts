import { loadUser } from '../auth/sessions.ts';
import { logUnexpected } from '../http/log-unexpected.ts';
import { repeatEvery } from '../repeat.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Deps, Handlers } from '../http/types.ts';
import { appendAudit } from '../audit.ts';
import { EXPORT_LISTS, listOperation, type ExportList } from './lists.ts';
import { exportPresenter, listSeparator } from './presentation.ts';
import { linePresenter } from './line-rows.ts';
import { claimNext, complete, fail, MAX_ATTEMPTS, reportProgress, type Claim } from './queue.ts';
import { readNextPage, type KeysetWalk } from '../db/keyset.ts';
import { csvWriter, xlsxWriter, type RowWriter } from './writers.ts';

const pageSize = () => Math.min(100, Number(process.env.EXPORT_PAGE_SIZE ?? 100));
/** A pause between pages so a long export leaves the database to the people using the panel. */
const pagePause = () => Number(process.env.EXPORT_PAGE_PAUSE_MS ?? 0);

class ClaimLost extends Error {}

type ListPage = { items: Record<string, unknown>[]; total: number; totalIsLowerBound?: boolean };

/** Runs one claimed job to its end: every page of the list through its own operation, as the requester. */
async function run({ db, files }: Deps, handlers: Handlers, claim: Claim): Promise<void> {
  const { job } = claim;
  if (job.attempts > MAX_ATTEMPTS) return fail(db, claim, 'export.tooManyAttempts');
  const list = EXPORT_LISTS[job.list as ExportList];
  const user = await loadUser(db, job.requested_by);
  const op = listOperation(list.operationId);
  // Rights are those of the requester now: one who lost them meanwhile gets nothing.
  if (!user?.active || !op.permission || !user.permissions.includes(op.permission)) return fail(db, claim, 'export.requesterLostAccess');

  const fileName = `${job.list}-${job.id}.${job.format}`;
  const { key, stream } = files.create();
  const headings = job.columns.map((c) => c.label);
  // Values as the requester's screen shows them, in the language saved in her profile (the header's choice).
  const present = exportPresenter(list, user.locale);
  // A claims export by line writes each claim's lines; any other, one row per item.
  const rowsOf = list.rows === 'lines' ? linePresenter(user.locale) : (item: Record<string, unknown>, columns: string[]) => [present(item, columns)];
  const fields = job.columns.map((c) => c.field);
  const writer: RowWriter = job.format === 'csv' ? csvWriter(stream, headings, listSeparator(user.locale)) : xlsxWriter(stream, headings, job.list);
  let rows = 0;
  try {
    // Page by keyset: the list's query continues after the last row read instead of skipping the rows before.
    const walk: KeysetWalk = { after: null };
    const { query } = op.validateParams({}, { ...job.filters, ...list.fixedFilters, page: '1', pageSize: String(pageSize()) });
    let page = 1;
    for (;;) {
      const reply = await readNextPage(walk, () =>
        handlers[list.operationId]!({ params: {}, query: { ...query, page }, body: undefined, user, token: null, ip: 'export', userAgent: `export job ${job.id}`, header: () => undefined }),
      );
      if (reply.status !== 200) throw new Error(`${list.operationId} answered ${reply.status}`);
      const { items, total, totalIsLowerBound } = reply.body as ListPage;
      for (const item of items) for (const row of rowsOf(item, fields)) await writer.row(row);
      rows += items.length;
      if (!(await reportProgress(db, claim, rows, totalIsLowerBound ? null : total))) throw new ClaimLost();
      if (items.length < pageSize()) break;
      // A list that pages by number only (short ones, like the announcements) leaves the walk untouched: read its next page.
      if (walk.after === null) page++;
      if (pagePause()) await new Promise((resolve) => setTimeout(resolve, pagePause()));
    }
    await writer.finish();
    const sizeBytes = await files.size(key);
    // The completion and its audit row commit together: a job is never done without its record, nor recorded twice.
    const completed = await db.transaction(async (tx) => {
      if (!(await complete(tx, claim, { rows, sizeBytes, storageKey: key, fileName }))) return false;
      await appendAudit(tx, { userId: job.requested_by, action: 'CREATE', entityType: 'download', entityId: job.id, result: 'ALLOWED', detail: { list: job.list, rows, format: job.format } });
      return true;
    });
    if (!completed) throw new ClaimLost();
  } catch (error) {
    writer.abort();
    await files.remove(key);
    if (error instanceof ClaimLost) return;
    if (error instanceof HttpProblem) return fail(db, claim, error.code);
    logUnexpected(`Export job ${job.id}`, error);
    await fail(db, claim, 'export.unexpected');
  }
}

/** Claims and runs queued jobs until none is left; answers how many it ran. */
export async function runQueuedExports(deps: Deps, handlers: Handlers): Promise<number> {
  let ran = 0;
  for (let claim = await claimNext(deps.db); claim; claim = await claimNext(deps.db)) {
    await run(deps, handlers, claim);
    ran++;
  }
  return ran;
}

/** Polls the queue (every process does; SKIP LOCKED shares the work). */
export function startExportWorker(deps: Deps, handlers: Handlers, everyMs = Number(process.env.EXPORT_POLL_MS ?? 2000)): () => Promise<void> {
  return repeatEvery('Export worker', everyMs, () => runQueuedExports(deps, handlers));
}
