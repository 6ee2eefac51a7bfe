import type { Queryable } from '../db/database.ts';

export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  priority: 'low' | 'normal' | 'medium' | 'high';
  audience: 'everyone' | 'roles' | 'users' | 'insurer';
  audience_roles: string[];
  audience_user_ids: number[];
  audience_insurer_id: number | null;
  audience_insurer_name: string | null;
  requires_acknowledgement: boolean;
  blocking: boolean;
  publish_from: Date;
  publish_until: Date | null;
  state: string;
  body_version: number;
  author_id: number | null;
  author_name: string | null;
  published_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export const SELECT_ANNOUNCEMENT = `SELECT a.*, u.name AS author_name, i.name AS audience_insurer_name
  FROM announcements a LEFT JOIN users u ON u.id = a.author_id LEFT JOIN insurers i ON i.id = a.audience_insurer_id`;

/**
 * True when user `$n` is in the announcement's audience: everyone, one of their roles, named, or on
 * the staff of the insurer; never its author, who wrote it and is not asked to read or acknowledge it (nor blocked
 * by it). `param` is the placeholder of the user's id.
 */
export const inAudience = (param: string) => `(a.author_id IS DISTINCT FROM ${param} AND (a.audience = 'everyone'
  OR (a.audience = 'roles' AND a.audience_roles && ARRAY(SELECT r.code FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${param}))
  OR (a.audience = 'users' AND ${param} = ANY (a.audience_user_ids))
  OR (a.audience = 'insurer' AND EXISTS (SELECT 1 FROM user_insurers ui WHERE ui.user_id = ${param} AND ui.insurer_id = a.audience_insurer_id))))`;

/** Published and within its window now. */
export const LIVE = `a.state = 'published' AND a.publish_from <= now() AND (a.publish_until IS NULL OR a.publish_until > now())`;

export async function findAnnouncement(q: Queryable, id: number, lock = false): Promise<AnnouncementRow | undefined> {
  // FOR UPDATE cannot lock the nullable side of the outer joins: the announcement row is locked first.
  if (lock) await q.query('SELECT id FROM announcements WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await q.query<AnnouncementRow & Record<string, unknown>>(`${SELECT_ANNOUNCEMENT} WHERE a.id = $1`, [id]);
  return row;
}

export interface AnnouncementColumns {
  title: string;
  body: string;
  priority: AnnouncementRow['priority'];
  audience: AnnouncementRow['audience'];
  audience_roles: string[];
  audience_user_ids: number[];
  audience_insurer_id: number | null;
  requires_acknowledgement: boolean;
  blocking: boolean;
  publish_from: string;
  publish_until: string | null;
}

export async function insertAnnouncement(tx: Queryable, columns: AnnouncementColumns, authorId: number): Promise<number> {
  const row = await tx.kysely
    .insertInto('announcements')
    .values({ ...columns, author_id: authorId, state: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function writeAnnouncement(tx: Queryable, id: number, columns: Partial<AnnouncementColumns>, bumpVersion: boolean): Promise<void> {
  await tx.query(
    `UPDATE announcements SET title = $2, body = $3, priority = $4, audience = $5, audience_roles = $6, audience_user_ids = $7,
       audience_insurer_id = $8, requires_acknowledgement = $9, blocking = $10, publish_from = $11, publish_until = $12,
       version = version + $13, updated_at = now() WHERE id = $1`,
    [
      id,
      columns.title,
      columns.body,
      columns.priority,
      columns.audience,
      columns.audience_roles,
      columns.audience_user_ids,
      columns.audience_insurer_id,
      columns.requires_acknowledgement,
      columns.blocking,
      columns.publish_from,
      columns.publish_until,
      bumpVersion ? 1 : 0,
    ],
  );
}

/** My read and acknowledgement of the current versions of `ids`. */
export async function readsOf(q: Queryable, userId: number, ids: number[]): Promise<Map<number, { read_at: Date; acknowledged_at: Date | null }>> {
  if (!ids.length) return new Map();
  const rows = await q.query<{ announcement_id: number; read_at: Date; acknowledged_at: Date | null }>(
    `SELECT r.announcement_id, r.read_at, r.acknowledged_at FROM announcement_reads r JOIN announcements a ON a.id = r.announcement_id AND a.body_version = r.body_version
     WHERE r.user_id = $1 AND r.announcement_id = ANY ($2::int[])`,
    [userId, ids],
  );
  return new Map(rows.map((row) => [row.announcement_id, row]));
}
