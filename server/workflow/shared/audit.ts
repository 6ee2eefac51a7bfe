import { appendAudit, recordAudit, type AuditAction } from '../../audit.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Actor } from './actor.ts';
import type { WorkflowEntity } from './history.ts';

/** An allowed read or change of a workflow record by `actor`, in the caller's transaction. */
export const auditWorkflow = (tx: Queryable, entity: WorkflowEntity, actor: Actor, action: AuditAction, entityId?: number, detail?: Record<string, unknown>) =>
  appendAudit(tx, { userId: actor.id, action, entityType: entity, entityId, result: 'ALLOWED', ip: actor.ip, userAgent: actor.userAgent, detail });

/** An allowed read of a workflow record by `actor`, outside any transaction (group-committed with other reads). */
export const auditWorkflowRead = (db: Database, entity: WorkflowEntity, actor: Actor, action: AuditAction, entityId?: number, detail?: Record<string, unknown>) =>
  recordAudit(db, { userId: actor.id, action, entityType: entity, entityId, result: 'ALLOWED', ip: actor.ip, userAgent: actor.userAgent, detail });
