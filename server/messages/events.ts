import type { Queryable } from '../db/database.ts';

/** The NOTIFY channel every API process listens on; the payload is the comma-separated user ids. */
export const USER_EVENTS_CHANNEL = 'user_events';

export type UserEventKind = 'message' | 'read' | 'closed';

export interface UserEvent {
  seq: number;
  kind: UserEventKind;
  conversationId: number;
  messageId: number | null;
  /** What a recipient may read anyway (research 2.10: never the message's text): for a toast naming who wrote, on what. */
  subject: string;
  senderName: string | null;
}

/**
 * Records one event for each user inside the caller's transaction. Each user's head row is locked
 * until commit (users in id order, so two writers never wait on each other in a circle), which makes
 * every user's sequence commit in order: a reader that has seen n will see n + 1 next, never later.
 * The NOTIFY is delivered at commit, so a woken listener always finds the rows.
 */
export async function emitUserEvents(tx: Queryable, userIds: number[], event: { kind: UserEventKind; conversationId: number; messageId?: number }) {
  const users = [...new Set(userIds)].sort((a, b) => a - b);
  if (!users.length) return;
  const heads = await tx.query<{ user_id: number; seq: number }>(
    `INSERT INTO user_event_heads AS h (user_id, last_seq) SELECT u, 1 FROM unnest($1::int[]) AS u ORDER BY u
     ON CONFLICT (user_id) DO UPDATE SET last_seq = h.last_seq + 1
     RETURNING user_id, last_seq::float8 AS seq`,
    [users],
  );
  await tx.query(
    `INSERT INTO user_events (user_id, seq, kind, conversation_id, message_id)
     SELECT u, s, $3, $4, $5 FROM unnest($1::int[], $2::bigint[]) AS e(u, s)`,
    [heads.map((h) => h.user_id), heads.map((h) => h.seq), event.kind, event.conversationId, event.messageId ?? null],
  );
  await tx.query('SELECT pg_notify($1, $2)', [USER_EVENTS_CHANNEL, users.join(',')]);
}

/** The user's events after `after`, in order, at most `limit`. */
export async function eventsAfter(db: Queryable, userId: number, after: number, limit: number): Promise<UserEvent[]> {
  const rows = await db.query<{ seq: number; kind: UserEventKind; conversation_id: number; message_id: number | null; subject: string; sender_name: string | null }>(
    `SELECT e.seq::float8 AS seq, e.kind, e.conversation_id, e.message_id, c.subject, u.name AS sender_name
     FROM user_events e
     JOIN conversations c ON c.id = e.conversation_id
     LEFT JOIN messages m ON m.id = e.message_id
     LEFT JOIN users u ON u.id = m.author_id
     WHERE e.user_id = $1 AND e.seq > $2 ORDER BY e.seq LIMIT $3`,
    [userId, after, limit],
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    kind: row.kind,
    conversationId: row.conversation_id,
    messageId: row.message_id,
    subject: row.subject,
    senderName: row.sender_name,
  }));
}

/** The number of the user's latest event (0 before the first): where a stream without Last-Event-ID starts. */
export async function latestEvent(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ seq: number }>(`SELECT coalesce((SELECT last_seq FROM user_event_heads WHERE user_id = $1), 0)::float8 AS seq`, [userId]);
  return Number(row.seq);
}

/** How long a user's stream events are kept for a client resuming with Last-Event-ID. */
export const STREAM_EVENTS_KEPT_DAYS = 7;

/** The users who have stream events older than `days`. */
export async function usersWithStreamEventsBefore(db: Queryable, days: number): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(`SELECT DISTINCT user_id FROM user_events WHERE created_at < now() - make_interval(days => $1)`, [days]);
  return rows.map((row) => row.user_id);
}

/** Deletes one user's stream events older than `days` (the head keeps the numbering going). */
export async function purgeStreamEvents(db: Queryable, userId: number, days: number): Promise<void> {
  await db.query(`DELETE FROM user_events WHERE user_id = $1 AND created_at < now() - make_interval(days => $2)`, [userId, days]);
}
