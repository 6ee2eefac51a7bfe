import { sql, type SqlBool } from 'kysely';
import type { Database, Queryable } from '../db/database.ts';
import { likePattern, listOf, matchesText } from '../db/list-query.ts';
import { BusinessRuleError, NotFoundError, StateConflictError } from '../errors.ts';
import type { components } from '../../openapi/schema';
import { describeEntities, entityKey, readableKinds, requireReadableRecord, type EntityType } from '../notes/entities.ts';
import { attachmentsOfMessages, insertMessageAttachment, type StoredFile } from './attachments.ts';
import { emitUserEvents } from './events.ts';

type Summary = components['schemas']['ConversationSummary'];
type Conversation = components['schemas']['Conversation'];
type Message = components['schemas']['Message'];

export interface Member {
  id: number;
  permissions: string[];
}

/** At most this many messages come with a conversation (the latest). */
const MESSAGES_SHOWN = 500;

type SummaryRow = {
  id: number;
  subject: string;
  entity_type: EntityType | null;
  entity_id: number | null;
  created_by: number;
  created_by_name: string;
  last_message_at: Date;
  participants: { id: number; name: string }[];
  unread: number;
  closed_at: Date | null;
  closed_by: number | null;
  closed_by_name: string | null;
};

/** How many of the conversation's messages from others the member has not read. */
const unreadIn = (memberId: number) => sql<number>`(SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.author_id <> ${memberId}
  AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_id = ${memberId}))`;

/** Conversations as their member sees them: participants, creator, who closed it and the member's unread count. */
function summaries(db: Queryable, member: Member) {
  return db.kysely
    .selectFrom('conversations as c')
    .innerJoin('users as cu', 'cu.id', 'c.created_by')
    .select((eb) => [
      'c.id',
      'c.subject',
      eb.ref('c.entity_type').$castTo<EntityType | null>().as('entity_type'),
      'c.entity_id',
      'c.created_by',
      'cu.name as created_by_name',
      eb.ref('c.last_message_at').$castTo<Date>().as('last_message_at'),
      sql<SummaryRow['participants']>`(SELECT json_agg(json_build_object('id', u.id, 'name', u.name) ORDER BY u.name, u.id)
        FROM conversation_participants pp JOIN users u ON u.id = pp.user_id WHERE pp.conversation_id = c.id)`.as('participants'),
      unreadIn(member.id).as('unread'),
      eb.ref('c.closed_at').$castTo<Date | null>().as('closed_at'),
      'c.closed_by',
      sql<string | null>`(SELECT name FROM users WHERE id = c.closed_by)`.as('closed_by_name'),
    ]);
}

async function presentSummaries(db: Queryable, member: Member, rows: SummaryRow[]): Promise<Summary[]> {
  // The linked record's screen is offered only to whoever may read that kind of record.
  const readable = new Set(readableKinds(member.permissions));
  const refs = await describeEntities(
    db,
    rows.filter((row) => row.entity_type && readable.has(row.entity_type)).map((row) => ({ type: row.entity_type!, id: row.entity_id! })),
  );
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    entityType: row.entity_type,
    entityId: row.entity_id,
    link: row.entity_type ? (refs.get(entityKey(row.entity_type, row.entity_id!))?.link ?? null) : null,
    participants: row.participants,
    lastMessageAt: new Date(row.last_message_at).toISOString(),
    unread: row.unread,
    createdBy: { id: row.created_by, name: row.created_by_name },
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    closedBy: row.closed_by ? { id: row.closed_by, name: row.closed_by_name! } : null,
  }));
}

const CONVERSATION_SORT = { lastMessageAt: sql.ref('c.last_message_at'), createdAt: sql.ref('c.created_at'), subject: sql.ref('c.subject') };

/** A page of the member's conversations through the lists' shared paging (sort keys, bounded count, keyset walks). */
export async function listConversations(db: Database, member: Member, query: { page: number; pageSize: number; sort: string; q?: string; unread?: boolean }) {
  let conversations = summaries(db, member).where(sql<SqlBool>`EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id AND p.user_id = ${member.id})`);
  if (query.q?.trim()) conversations = conversations.where(matchesText(query.q.trim(), [sql.ref('c.subject')]));
  if (query.unread) conversations = conversations.where(sql<SqlBool>`${unreadIn(member.id)} > 0`);
  const { rows, ...total } = await listOf(conversations, query, CONVERSATION_SORT, sql.ref('c.id'), { joinsKeepRows: true });
  return { items: await presentSummaries(db, member, rows), ...total, page: query.page, pageSize: query.pageSize };
}

/** Only participants see a conversation; to anyone else it does not exist. */
export async function requireParticipant(db: Queryable, member: Member, conversationId: number) {
  const rows = await db.query('SELECT 1 FROM conversation_participants WHERE conversation_id = $1 AND user_id = $2', [conversationId, member.id]);
  if (!rows.length) throw new NotFoundError('conversation');
}

const participantsOf = async (db: Queryable, conversationId: number) =>
  (await db.query<{ user_id: number }>('SELECT user_id FROM conversation_participants WHERE conversation_id = $1', [conversationId])).map((r) => r.user_id);

export async function getConversation(db: Queryable, member: Member, id: number): Promise<Conversation> {
  await requireParticipant(db, member, id);
  const row = await summaries(db, member).where('c.id', '=', id).executeTakeFirstOrThrow();
  const messages = await db.query<{ id: number; author_id: number; author_name: string; body: string; created_at: Date; read_by: { userId: number; readAt: string }[] }>(
    `SELECT * FROM (
       SELECT m.id, m.author_id, u.name AS author_name, m.body, m.created_at,
         coalesce((SELECT json_agg(json_build_object('userId', r.user_id, 'readAt', r.read_at) ORDER BY r.read_at, r.user_id)
                   FROM message_reads r WHERE r.message_id = m.id), '[]') AS read_by
       FROM messages m JOIN users u ON u.id = m.author_id WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT ${MESSAGES_SHOWN}
     ) latest ORDER BY id`,
    [id],
  );
  const [summary] = await presentSummaries(db, member, [row]);
  const files = await attachmentsOfMessages(db, messages.map((m) => m.id));
  return {
    ...summary,
    messages: messages.map(
      (m): Message => ({
        id: m.id,
        conversationId: id,
        author: { id: m.author_id, name: m.author_name },
        body: m.body,
        createdAt: new Date(m.created_at).toISOString(),
        readBy: m.read_by.map((r) => ({ userId: r.userId, readAt: new Date(r.readAt).toISOString() })),
        attachments: files.get(m.id) ?? [],
      }),
    ),
  };
}

/** Active users whose roles let them read messages, but the sender. */
const RECIPIENTS = `SELECT u.id, u.name FROM users u WHERE u.active AND u.id <> $1 AND EXISTS (
  SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.permission = 'messages:read')`;

export async function listRecipients(db: Queryable, member: Member, q?: string) {
  const params: unknown[] = [member.id];
  let filter = '';
  if (q?.trim()) {
    params.push(likePattern(q.trim()));
    filter = ` AND (search_fold(u.name) LIKE search_fold($2) OR search_fold(u.email) LIKE search_fold($2))`;
  }
  return db.query<{ id: number; name: string }>(`${RECIPIENTS}${filter} ORDER BY u.name, u.id LIMIT 50`, params);
}

export interface ConversationInput {
  subject: string;
  participantIds: number[];
  entityType?: EntityType;
  entityId?: number;
  body: string;
}

async function addMessage(tx: Queryable, member: Member, conversationId: number, body: string): Promise<number> {
  const [message] = await tx.query<{ id: number }>('INSERT INTO messages (conversation_id, author_id, body) VALUES ($1, $2, $3) RETURNING id', [
    conversationId,
    member.id,
    body,
  ]);
  const others = (await participantsOf(tx, conversationId)).filter((id) => id !== member.id);
  await emitUserEvents(tx, others, { kind: 'message', conversationId, messageId: message.id });
  return message.id;
}

export async function createConversation(tx: Queryable, member: Member, input: ConversationInput): Promise<number> {
  const others = input.participantIds.filter((id) => id !== member.id);
  if (!others.length) {
    throw new BusinessRuleError('conversation.needsParticipants', 'A conversation needs at least one other participant.', [
      { path: 'body/participantIds', keyword: 'minItems' },
    ]);
  }
  const allowed = new Set((await tx.query<{ id: number }>(`${RECIPIENTS} AND u.id = ANY($2::int[])`, [member.id, others])).map((r) => r.id));
  const unknown = input.participantIds.map((id, index) => ({ id, index })).filter(({ id }) => id !== member.id && !allowed.has(id));
  if (unknown.length) {
    throw new BusinessRuleError(
      'conversation.unknownParticipant',
      'Some participants are not active users who can read messages.',
      unknown.map(({ id, index }) => ({ path: `body/participantIds/${index}`, keyword: 'recipient', params: { id } })),
    );
  }
  if (input.entityType && input.entityId) await requireReadableRecord(tx, member, input.entityType, input.entityId);
  const [conversation] = await tx.query<{ id: number }>(
    'INSERT INTO conversations (subject, entity_type, entity_id, created_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.subject.trim(), input.entityType ?? null, input.entityId ?? null, member.id],
  );
  await tx.query('INSERT INTO conversation_participants (conversation_id, user_id) SELECT $1, u FROM unnest($2::int[]) AS u', [
    conversation.id,
    [member.id, ...others],
  ]);
  await addMessage(tx, member, conversation.id, input.body);
  return conversation.id;
}

/** Adds a message, with a file already stored when it carries one (its row goes in with the message, before anyone is told). */
export async function sendMessage(tx: Queryable, member: Member, conversationId: number, body: string, files: StoredFile[] = []): Promise<Message> {
  await requireParticipant(tx, member, conversationId);
  // The conversation row's lock orders concurrent sends (and a closing); its time orders the user's list.
  const [at] = await tx.query<{ last_message_at: Date }>('UPDATE conversations SET last_message_at = now() WHERE id = $1 AND closed_at IS NULL RETURNING last_message_at', [
    conversationId,
  ]);
  if (!at) throw new StateConflictError('conversation.closed', 'The conversation is closed: it takes no new messages.', [{ path: 'path/id', keyword: 'closed' }]);
  const id = await addMessage(tx, member, conversationId, body);
  const attachments = [];
  // One after another, so the files' ids keep the order they were sent in.
  for (const file of files) attachments.push(await insertMessageAttachment(tx, member, conversationId, id, file));
  const [author] = await tx.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [member.id]);
  return { id, conversationId, author: { id: member.id, name: author.name }, body, createdAt: new Date(at.last_message_at).toISOString(), readBy: [], attachments };
}

export async function unreadOf(db: Queryable, userId: number) {
  const [row] = await db.query<{ unread: number; conversations: number }>(
    `SELECT count(*)::int AS unread, count(DISTINCT m.conversation_id)::int AS conversations
     FROM conversation_participants p JOIN messages m ON m.conversation_id = p.conversation_id
     WHERE p.user_id = $1 AND m.author_id <> $1 AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_id = $1)`,
    [userId],
  );
  return row;
}

/** Read receipts for the user's unread messages up to one; every participant hears of it (their ticks, the reader's other tabs). */
export async function markRead(tx: Queryable, member: Member, conversationId: number, upToMessageId: number) {
  await requireParticipant(tx, member, conversationId);
  const marked = await tx.query<{ message_id: number }>(
    `INSERT INTO message_reads (message_id, user_id)
     SELECT m.id, $2 FROM messages m WHERE m.conversation_id = $1 AND m.id <= $3 AND m.author_id <> $2
     ON CONFLICT DO NOTHING RETURNING message_id`,
    [conversationId, member.id, upToMessageId],
  );
  if (marked.length) await emitUserEvents(tx, await participantsOf(tx, conversationId), { kind: 'read', conversationId });
  return { marked: marked.length, unread: (await unreadOf(tx, member.id)).unread };
}

/** Closes the conversation for everyone in it, once; answers whether this call closed it. */
export async function closeConversation(tx: Queryable, member: Member, conversationId: number): Promise<boolean> {
  await requireParticipant(tx, member, conversationId);
  const closed = await tx.query('UPDATE conversations SET closed_at = now(), closed_by = $2 WHERE id = $1 AND closed_at IS NULL RETURNING id', [conversationId, member.id]);
  if (!closed.length) return false;
  await emitUserEvents(tx, (await participantsOf(tx, conversationId)).filter((id) => id !== member.id), { kind: 'closed', conversationId });
  return true;
}
