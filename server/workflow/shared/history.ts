import type { Queryable } from '../../db/database.ts';

export type WorkflowEntity = 'verification' | 'reimbursement' | 'orthodontic_plan' | 'orthodontic_installment' | 'policy' | 'patient' | 'announcement' | 'payment_run';

export async function appendHistory(
  tx: Queryable,
  entry: { entity: WorkflowEntity; id: number; event: string; from: string | null; to: string; actorId: number | null; payload?: Record<string, unknown>; on: string },
): Promise<void> {
  await tx.kysely
    .insertInto('workflow_history')
    .values({
      entity_type: entry.entity,
      entity_id: entry.id,
      event: entry.event,
      from_state: entry.from,
      to_state: entry.to,
      actor_id: entry.actorId,
      payload: entry.payload && Object.keys(entry.payload).length ? JSON.stringify(entry.payload) : null,
      // The server's business date, which a suspension or cancellation takes effect on (migration 025).
      on_date: entry.on,
    })
    .execute();
}

/** The history rows of one record (or, for a plan, of the plan and its instalments), oldest first. */
export function historyQuery(db: Queryable) {
  return db.kysely
    .selectFrom('workflow_history')
    .leftJoin('users', 'users.id', 'workflow_history.actor_id')
    .select([
      'workflow_history.id',
      'workflow_history.entity_type',
      'workflow_history.entity_id',
      'workflow_history.event',
      'workflow_history.from_state',
      'workflow_history.to_state',
      'workflow_history.actor_id',
      'users.name as actor_name',
      'workflow_history.payload',
      // Generated timestamps select as their column type (schema.ts nests ColumnType in Generated).
      'workflow_history.at',
    ])
    .orderBy('workflow_history.id');
}

type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyQuery>['execute']>>[number];

export const presentHistory = (r: HistoryRow) => ({
  id: Number(r.id),
  event: r.event,
  fromState: r.from_state,
  toState: r.to_state,
  actorId: r.actor_id,
  actorName: r.actor_name,
  // The contract leaves the payload's keys open (they are the event's own fields).
  payload: r.payload as Record<string, never> | null,
  at: new Date(r.at).toISOString(),
});

export async function readHistory(db: Queryable, entity: WorkflowEntity, id: number) {
  const rows = await historyQuery(db).where('workflow_history.entity_type', '=', entity).where('workflow_history.entity_id', '=', id).execute();
  return rows.map(presentHistory);
}
