import type { SessionUser } from '../auth/sessions.ts';
import { actor } from '../http/types.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import { auditWorkflow } from '../workflow/shared/audit.ts';
import type { WorkflowEntity } from '../workflow/shared/history.ts';

/** The signed-in user of a workflow operation, with where the request came from (for the audit rows). */
export const requestActor = (request: { user: SessionUser | null; ip: string; userAgent: string }): Actor & { id: number } => ({
  ...actor(request),
  ip: request.ip,
  userAgent: request.userAgent,
});

/** A read of part of a record holding patient data (its history, its liquidation), audited like the record. */
export const auditPartRead = (db: Database, entity: WorkflowEntity, request: { user: SessionUser | null; ip: string; userAgent: string }, id: number, part: string) =>
  db.transaction((tx) => auditWorkflow(tx, entity, requestActor(request), 'VIEW', id, { part }));
