import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database.ts';
import { NotFoundError } from '../errors.ts';
import type { Member } from './conversations.ts';

type MessageAttachment = components['schemas']['MessageAttachment'];

export type MessageAttachmentRow = {
  id: number;
  conversation_id: number;
  message_id: number;
  file_name: string;
  mime: MessageAttachment['mime'];
  size_bytes: number;
  sha256: string;
  storage_key: string;
  uploaded_by: number;
  uploaded_by_name: string;
  uploaded_at: Date;
};

const COLUMNS = `a.id, a.conversation_id, a.message_id, a.file_name, a.mime, a.size_bytes, a.sha256, a.storage_key, a.uploaded_by,
  u.name AS uploaded_by_name, a.uploaded_at`;
const FROM = 'message_attachments a JOIN users u ON u.id = a.uploaded_by';
const SELECT = `SELECT ${COLUMNS} FROM ${FROM}`;

export const presentMessageAttachment = (row: MessageAttachmentRow): MessageAttachment => ({
  id: row.id,
  conversationId: row.conversation_id,
  messageId: row.message_id,
  fileName: row.file_name,
  mime: row.mime,
  sizeBytes: row.size_bytes,
  sha256: row.sha256,
  uploadedBy: { id: row.uploaded_by, name: row.uploaded_by_name },
  uploadedAt: new Date(row.uploaded_at).toISOString(),
});

/** The files of many messages at once, by message id. */
export async function attachmentsOfMessages(db: Queryable, messageIds: number[]): Promise<Map<number, MessageAttachment[]>> {
  const byMessage = new Map<number, MessageAttachment[]>();
  if (!messageIds.length) return byMessage;
  const rows = await db.query<MessageAttachmentRow>(`${SELECT} WHERE a.message_id = ANY($1::int[]) ORDER BY a.id`, [messageIds]);
  for (const row of rows) byMessage.set(row.message_id, [...(byMessage.get(row.message_id) ?? []), presentMessageAttachment(row)]);
  return byMessage;
}

/** A conversation's files, newest first (the caller has checked the reader takes part). */
export const attachmentsOfConversation = async (db: Queryable, conversationId: number) =>
  (await db.query<MessageAttachmentRow>(`${SELECT} WHERE a.conversation_id = $1 ORDER BY a.id DESC`, [conversationId])).map(presentMessageAttachment);

export interface StoredFile {
  key: string;
  sha256: string;
  name: string;
  mime: MessageAttachment['mime'];
  size: number;
}

export async function insertMessageAttachment(tx: Queryable, member: Member, conversationId: number, messageId: number, file: StoredFile): Promise<MessageAttachment> {
  const [{ id }] = await tx.query<{ id: number }>(
    `INSERT INTO message_attachments (message_id, conversation_id, file_name, mime, size_bytes, sha256, storage_key, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [messageId, conversationId, file.name, file.mime, file.size, file.sha256, file.key, member.id],
  );
  const [row] = await tx.query<MessageAttachmentRow>(`${SELECT} WHERE a.id = $1`, [id]);
  return presentMessageAttachment(row);
}

/**
 * A file and whether the reader takes part in its conversation. A file that does not exist is 404 here;
 * one of someone else's conversation is answered 404 by the caller too, after its refusal is audited.
 */
export async function findMessageAttachment(db: Queryable, member: Member, id: number) {
  const [row] = await db.query<MessageAttachmentRow & { participant: boolean }>(
    `SELECT ${COLUMNS}, EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = a.conversation_id AND p.user_id = $2) AS participant
     FROM ${FROM} WHERE a.id = $1`,
    [id, member.id],
  );
  if (!row) throw new NotFoundError('messageAttachment');
  return row;
}
