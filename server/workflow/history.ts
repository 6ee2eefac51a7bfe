import type { Queryable } from '../db/database.ts';

export type WorkflowEntity = 'verification' | 'reimbursement' | 'orthodontic_plan' | 'orthodontic_installment';

export async function appendHistory(
  tx: Queryable,
  entry: { entity: WorkflowEntity; id: number; event: string; from: string | null; to: string; actorId: number | null; payload?: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `INSERT INTO workflow_history (entity_type, entity_id, event, from_state, to_state, actor_id, payload) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [entry.entity, entry.id, entry.event, entry.from, entry.to, entry.actorId, entry.payload && Object.keys(entry.payload).length ? JSON.stringify(entry.payload) : null],
  );
}

export async function readHistory(db: Queryable, entity: WorkflowEntity, id: number) {
  const rows = await db.query<{ id: string; event: string; from_state: string | null; to_state: string; actor_id: number | null; actor_name: string | null; payload: Record<string, unknown> | null; at: Date }>(
    `SELECT h.id, h.event, h.from_state, h.to_state, h.actor_id, u.name AS actor_name, h.payload, h.at
       FROM workflow_history h LEFT JOIN users u ON u.id = h.actor_id
      WHERE h.entity_type = $1 AND h.entity_id = $2 ORDER BY h.id`,
    [entity, id],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    event: r.event,
    fromState: r.from_state,
    toState: r.to_state,
    actorId: r.actor_id,
    actorName: r.actor_name,
    payload: r.payload,
    at: new Date(r.at).toISOString(),
  }));
}
