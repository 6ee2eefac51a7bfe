import { sql } from 'kysely';
import type { Database } from './db/database.ts';
import { DomainError } from './errors.ts';
import { SYSTEM } from './workflow/shared/actor.ts';
import { verificationsToExpire } from './workflow/verification/repository.ts';
import { verificationWorkflow } from './workflow/verification/service.ts';
import { installmentWorkflow } from './workflow/orthodontic/installment-workflow.ts';
import { installmentsFallingDue, plansWithScheduleFinished } from './workflow/orthodontic/repository.ts';
import { planWorkflow, plansWithLifetimeReached } from './workflow/orthodontic/service.ts';
import { policiesToExpire } from './workflow/policy/repository.ts';
import { policyWorkflow } from './workflow/policy/service.ts';
import { curePeriodsEnded } from './workflow/reimbursement/repository.ts';
import { reimbursementWorkflow } from './workflow/reimbursement/service.ts';
import { repeatEvery } from './repeat.ts';
import type { FileStore } from './files.ts';
import { exportService, expiredExports } from './exports/service.ts';
import { purgeStreamEvents, STREAM_EVENTS_KEPT_DAYS, usersWithStreamEventsBefore } from './messages/events.ts';
import { clientsWithOldCalls, pruneCalls } from './fhir/clients.ts';

/** A run that started this long ago without finishing is taken to have died and may be resumed. */
const STALE_RUN_MINUTES = 15;

/** What some jobs need besides the database (the export files). */
export interface SchedulerContext {
  files?: FileStore;
}

interface Job {
  name: string;
  /** Records due for the job on `today`, claimed so two servers never take the same one. */
  due: (db: Database, today: string) => Promise<number[]>;
  send: (db: Database, id: number, today: string, context: SchedulerContext) => Promise<void>;
}

/** Time-driven events of the workflows (research 3.1–3.3); each one the machine refuses is simply skipped. */
export const JOBS: Job[] = [
  {
    name: 'verification.expire',
    due: verificationsToExpire,
    send: (db, id, today) => db.transaction(async (tx) => void (await verificationWorkflow.send(tx, id, { type: 'EXPIRE' }, { actor: SYSTEM, today }))),
  },
  {
    name: 'policy.expire',
    due: policiesToExpire,
    send: (db, id, today) => db.transaction(async (tx) => void (await policyWorkflow.send(tx, id, { type: 'EXPIRE' }, { actor: SYSTEM, today }))),
  },
  {
    name: 'reimbursement.curePeriodEnded',
    due: curePeriodsEnded,
    send: (db, id, today) => db.transaction(async (tx) => void (await reimbursementWorkflow.send(tx, id, { type: 'CURE_PERIOD_ENDED' }, { actor: SYSTEM, today }))),
  },
  // Orthodontic instalments due today become claimable, or skipped with the engine's reason (04, 07, 31).
  {
    name: 'orthodontic.installmentsFallDue',
    due: installmentsFallingDue,
    send: (db, id, today) => db.transaction(async (tx) => void (await installmentWorkflow.send(tx, id, { type: 'FALL_DUE' }, { actor: SYSTEM, today }))),
  },
  // Before the schedule check: a plan whose lifetime maximum is used up is exhausted, not completed.
  {
    name: 'orthodontic.lifetimeReached',
    due: (db) => plansWithLifetimeReached(db),
    send: (db, id, today) => db.transaction(async (tx) => void (await planWorkflow.send(tx, id, { type: 'LIFETIME_MAXIMUM_REACHED' }, { actor: SYSTEM, today }))),
  },
  {
    name: 'orthodontic.scheduleFinished',
    due: (db) => plansWithScheduleFinished(db),
    send: (db, id, today) => db.transaction(async (tx) => void (await planWorkflow.send(tx, id, { type: 'SCHEDULE_FINISHED' }, { actor: SYSTEM, today }))),
  },
  // Live-stream events are for reconnecting clients; a week later nobody resumes from them.
  {
    name: 'messages.purgeStreamEvents',
    due: (db) => usersWithStreamEventsBefore(db, STREAM_EVENTS_KEPT_DAYS),
    send: (db, userId) => purgeStreamEvents(db, userId, STREAM_EVENTS_KEPT_DAYS),
  },
  // An integration client's calls are kept 90 days (issue 27): the screen shows the last ones, the audit log keeps all.
  {
    name: 'integrations.pruneCalls',
    due: (db, today) => clientsWithOldCalls(db, today),
    send: (db, clientId, today) => pruneCalls(db, clientId, today),
  },
  // Exports are kept 7 days (R22): then the file goes and the job says so.
  {
    name: 'downloads.expire',
    due: (db) => expiredExports(db),
    send: async (db, id, _today, { files }) => {
      if (files) await exportService.expire(db, files, id);
    },
  },
];

/**
 * Runs each job once per day, idempotently: a row per (job, day) is claimed first, so a second
 * server or a restart the same day does nothing, and a run that died half-way is resumed.
 * Answers how many events each job sent.
 */
export async function runDailyJobs(db: Database, today: string, context: SchedulerContext = {}): Promise<Record<string, number>> {
  const sent: Record<string, number> = {};
  for (const job of JOBS) {
    const claimed = await db.kysely
      .insertInto('scheduled_runs')
      .values({ job: job.name, run_on: today })
      .onConflict((conflict) =>
        conflict
          .columns(['job', 'run_on'])
          .doUpdateSet({ started_at: sql`now()` })
          .where('scheduled_runs.finished_at', 'is', null)
          .where(sql`scheduled_runs.started_at`, '<', sql`now() - make_interval(mins => ${STALE_RUN_MINUTES})`),
      )
      .returning('job')
      .execute();
    if (!claimed.length) continue;
    let count = 0;
    for (const id of await job.due(db, today)) {
      try {
        await job.send(db, id, today, context);
        count++;
      } catch (error) {
        // Refused (already moved on, or not due by the machine's own rule): nothing to do for it.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    await db.kysely
      .updateTable('scheduled_runs')
      .set({ finished_at: sql`now()`, events_sent: count })
      .where('job', '=', job.name)
      .where(sql`run_on`, '=', sql`${today}::date`)
      .execute();
    sent[job.name] = count;
  }
  return sent;
}

/** Runs the daily jobs now and then every hour (the date changes at midnight; the claim keeps it once a day). */
export function startScheduler(db: Database, today: () => string, context: SchedulerContext = {}, everyMs = 60 * 60 * 1000): () => Promise<void> {
  return repeatEvery('Scheduled jobs', everyMs, () => runDailyJobs(db, today(), context));
}
