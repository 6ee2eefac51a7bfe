import os from 'node:os';
import type { Database } from './db/database.ts';
import { repeatEvery } from './repeat.ts';

/** A job every API process runs on a short period; each period ("slot") runs in one process only. */
export interface TimerJob {
  name: string;
  /** Does the work of one slot; answers how many records it moved. */
  run: (db: Database) => Promise<number>;
}

/**
 * Claims `slot` of `job` for this process: the first process to insert the (job, slot) row runs it,
 * the others find the row and skip. A slot whose process died half-way is simply covered by the next
 * slot (the jobs look for everything due, not for what fell in their own slot).
 */
export async function claimSlot(db: Database, job: string, slot: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO timer_runs (job, slot, claimed_by) VALUES ($1, $2, $3) ON CONFLICT (job, slot) DO NOTHING RETURNING job`,
    [job, slot.toISOString(), `${os.hostname()}:${process.pid}`],
  );
  return rows.length === 1;
}

/** Runs the job's slot if this process claims it first; answers what it moved, or null when another process had it. */
export async function runSlot(db: Database, job: TimerJob, slot: Date): Promise<number | null> {
  if (!(await claimSlot(db, job.name, slot))) return null;
  const sent = await job.run(db);
  await db.query(`UPDATE timer_runs SET finished_at = now(), events_sent = $3 WHERE job = $1 AND slot = $2`, [job.name, slot.toISOString(), sent]);
  // A minute job leaves 1,440 rows a day: a day of them is enough to see which process ran what.
  await db.query(`DELETE FROM timer_runs WHERE job = $1 AND slot < now() - interval '1 day'`, [job.name]);
  return sent;
}

/** The start of the period `now` falls in: every process computes the same slot for the same moment. */
export const slotOf = (now: number, everyMs: number) => new Date(Math.floor(now / everyMs) * everyMs);

/** Runs `job` at every period in this process; the slot claim keeps each period to one process. */
export function startTimerJob(db: Database, job: TimerJob, everyMs: number): () => Promise<void> {
  return repeatEvery(`Timer job ${job.name}`, everyMs, () => runSlot(db, job, slotOf(Date.now(), everyMs)));
}
