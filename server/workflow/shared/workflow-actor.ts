import type { AnyStateMachine } from 'xstate';
import { eventPermission, eventPermitted } from '@core/workflows/event-permissions.ts';
import { workflowOf } from '@core/workflows/index.ts';
import { appendAudit } from '../../audit.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { HttpProblem } from '../../http/problem.ts';
import { actor } from '../../http/types.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from './actor.ts';
import { auditWorkflowRead } from './audit.ts';
import type { EventOf } from './define-workflow.ts';
import { machineEvent } from './machine-event.ts';
import type { WorkflowEntity } from './history.ts';

/** The signed-in user of a workflow operation, with where the request came from (for the audit rows). */
export const requestActor = (request: { user: SessionUser | null; ip: string; userAgent: string }): Actor & { id: number } => ({
  ...actor(request),
  ip: request.ip,
  userAgent: request.userAgent,
});

/** A read of part of a record holding patient data (its history, its liquidation), audited like the record. */
export const auditPartRead = (db: Database, entity: WorkflowEntity, request: { user: SessionUser | null; ip: string; userAgent: string }, id: number, part: string) =>
  auditWorkflowRead(db, entity, requestActor(request), 'VIEW', id, { part });

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

/**
 * Refuses with 403 an event the user's rights do not allow (each event may ask for its own permission on
 * top of the operation's: approving and paying are different people's work, research 2.12), audited as
 * a denied access like any other missing permission.
 */
export async function requireEventPermission(
  db: Database,
  machine: AnyStateMachine,
  entity: WorkflowEntity,
  type: string,
  request: { user: SessionUser | null; ip: string; userAgent: string },
): Promise<void> {
  const user = requestActor(request);
  const { permissions } = workflowOf(machine);
  if (eventPermitted(permissions, type, user.permissions)) return;
  const permission = eventPermission(permissions, type);
  await db.transaction((tx) =>
    appendAudit(tx, { userId: user.id, action: 'ACCESS_DENIED', entityType: entity, result: 'DENIED', ip: user.ip, userAgent: user.userAgent, detail: { event: type, permission } }),
  );
  throw new HttpProblem(403, 'auth.forbidden', `The event ${type} needs the permission ${permission}.`);
}

/** A manual rejection names a code of the rejection reason catalog (Configuraciones, research 2.7), else 400. */
export async function requireCatalogReason(db: Database, code: string): Promise<void> {
  const [known] = await db.query<{ code: string }>('SELECT code FROM reason_codes WHERE code = $1', [code]);
  if (!known) throw new HttpProblem(400, 'request.invalid', `reasonCode: ${code} is not in the rejection reason catalog.`, [{ path: 'reasonCode', keyword: 'enum' }]);
}
