import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Queryable } from '../db/database.ts';

export interface ExportJobRow {
  id: number;
  list: string;
  format: 'csv' | 'xlsx';
  filters: Record<string, string>;
  columns: Array<{ field: string; label: string }>;
  state: string;
  reason: string | null;
  contains_health_data: boolean;
  requested_by: number;
  attempts: number;
  claim_token: string | null;
  rows_done: number;
  rows_total: number | null;
  size_bytes: number | string | null;
  storage_key: string | null;
  file_name: string | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date | null;
  download_count: number;
  last_downloaded_at: Date | null;
}

/** A job taken this many times without finishing (its process died each time) fails instead of looping. */
export const MAX_ATTEMPTS = 3;

/** How long a claim holds without news from its process; each page written renews it. */
export const leaseSeconds = () => Number(process.env.EXPORT_LEASE_SECONDS ?? 30);

/** What a worker holds while it runs a job: only the holder of the latest claim may write the job's progress or finish it. */
export interface Claim {
  job: ExportJobRow;
  token: string;
}

/**
 * Takes the oldest queued job, or a running one whose lease lapsed (its process died mid-job), in one
 * statement: FOR UPDATE SKIP LOCKED lets every process claim at once without two taking the same job.
 */
export async function claimNext(db: Queryable): Promise<Claim | null> {
  const token = randomUUID();
  const [job] = await db.query<ExportJobRow & Record<string, unknown>>(
    `UPDATE export_jobs SET state = 'running', attempts = attempts + 1, claim_token = $1, claimed_by = $3,
       lease_until = now() + make_interval(secs => $2), started_at = coalesce(started_at, now()), rows_done = 0
     WHERE id = (
       SELECT id FROM export_jobs
        WHERE state = 'queued' OR (state = 'running' AND lease_until < now())
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [token, leaseSeconds(), `${os.hostname()}:${process.pid}`],
  );
  return job ? { job, token } : null;
}

/** Progress of the claim's holder, renewing its lease; false when another process has taken the job since (stop). */
export async function reportProgress(db: Queryable, claim: Claim, rowsDone: number, rowsTotal: number | null): Promise<boolean> {
  const rows = await db.query(
    `UPDATE export_jobs SET rows_done = $3, rows_total = $4, lease_until = now() + make_interval(secs => $5)
      WHERE id = $1 AND claim_token = $2 AND state = 'running' RETURNING id`,
    [claim.job.id, claim.token, rowsDone, rowsTotal, leaseSeconds()],
  );
  return rows.length === 1;
}

/** Finishes the job once: false when the claim is no longer the latest (the caller then removes its file). */
export async function complete(db: Queryable, claim: Claim, result: { rows: number; sizeBytes: number; storageKey: string; fileName: string }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE export_jobs SET state = 'completed', rows_done = $3, rows_total = $3, size_bytes = $4, storage_key = $5, file_name = $6,
        finished_at = now(), expires_at = now() + interval '7 days', claim_token = NULL, lease_until = NULL
      WHERE id = $1 AND claim_token = $2 AND state = 'running' RETURNING id`,
    [claim.job.id, claim.token, result.rows, result.sizeBytes, result.storageKey, result.fileName],
  );
  return rows.length === 1;
}

export async function fail(db: Queryable, claim: Claim, error: string): Promise<void> {
  await db.query(
    `UPDATE export_jobs SET state = 'failed', error = $3, finished_at = now(), claim_token = NULL, lease_until = NULL
      WHERE id = $1 AND claim_token = $2 AND state = 'running'`,
    [claim.job.id, claim.token, error],
  );
}
