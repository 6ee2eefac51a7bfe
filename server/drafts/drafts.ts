import { sql } from 'kysely';
import type { Queryable } from '../db/database.ts';

/** One user's drafts of guided flows; every query is keyed by the owner, so nobody reads another's. */
export interface DraftKey {
  userId: number;
  flow: string;
  key: string;
}

const present = (row: { flow: string; record_key: string; snapshot: unknown; updated_at: Date | string }) => ({
  flow: row.flow,
  key: row.record_key,
  // The contract keeps the snapshot's keys open: it is the flow's own persisted state.
  snapshot: row.snapshot as Record<string, never>,
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function readDraft(q: Queryable, { userId, flow, key }: DraftKey) {
  const row = await q.kysely
    .selectFrom('flow_drafts')
    .select(['flow', 'record_key', 'snapshot', 'updated_at'])
    .where('user_id', '=', userId)
    .where('flow', '=', flow)
    .where('record_key', '=', key)
    .executeTakeFirst();
  return row && present(row);
}

export async function writeDraft(q: Queryable, { userId, flow, key }: DraftKey, snapshot: object) {
  const json = JSON.stringify(snapshot);
  const row = await q.kysely
    .insertInto('flow_drafts')
    .values({ user_id: userId, flow, record_key: key, snapshot: json })
    .onConflict((oc) => oc.columns(['user_id', 'flow', 'record_key']).doUpdateSet({ snapshot: json, updated_at: sql`now()` }))
    .returning(['flow', 'record_key', 'snapshot', 'updated_at'])
    .executeTakeFirstOrThrow();
  return present(row);
}

export async function deleteDraft(q: Queryable, { userId, flow, key }: DraftKey) {
  await q.kysely.deleteFrom('flow_drafts').where('user_id', '=', userId).where('flow', '=', flow).where('record_key', '=', key).execute();
}
