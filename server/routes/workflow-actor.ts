import type { AnyStateMachine } from 'xstate';
import type { SessionUser } from '../auth/sessions.ts';
import { HttpProblem } from '../http/problem.ts';
import { actor } from '../http/types.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import { auditWorkflow } from '../workflow/shared/audit.ts';
import type { EventOf } from '../workflow/shared/define-workflow.ts';
import { machineEvent } from '../workflow/shared/machine-event.ts';
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

/**
 * A client's workflow event with the version of the record it was decided on, from the body's
 * `version` or an `If-Match` ETag. An event without one could act on a state its sender never saw
 * (two supervisors assigning at once would both win), so it is refused with 428.
 */
export function versionedEvent<M extends AnyStateMachine>(request: { body: { type: string; version?: number }; header: (name: string) => string | undefined }) {
  const { event, version } = machineEvent<M>(request.body);
  const tagged = request.header('if-match')?.trim().match(/^(?:W\/)?"([1-9][0-9]{0,9})"$/)?.[1];
  const expected = version ?? (tagged === undefined ? undefined : Number(tagged));
  if (expected === undefined) {
    throw new HttpProblem(428, 'request.versionRequired', 'Send the version of the record the event is based on, as `version` in the body or as If-Match.');
  }
  return { event: event as EventOf<M>, version: expected };
}
