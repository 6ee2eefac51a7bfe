import { sql, type SqlBool } from 'kysely';
import type { Database, Queryable } from '../db/database.ts';
import { listOf, matchesText } from '../db/list-query.ts';
import { BusinessRuleError, InvalidInputError, NotFoundError, StaleVersionError } from '../errors.ts';
import type { components } from '../../openapi/schema';
import { describeEntities, ENTITY_KINDS, entityKey, readableKinds, requireReadableRecord, type EntityType } from './entities.ts';

type Note = components['schemas']['Note'];

/** How long the author may still change a note's text (research 2.9); after that it is append-only. */
export const NOTE_EDIT_WINDOW_MINUTES = 15;

export interface NoteReader {
  id: number;
  permissions: string[];
}

type NoteRow = {
  id: number;
  entity_type: EntityType;
  entity_id: number;
  text: string;
  visibility: 'internal' | 'private';
  pinned: boolean;
  author_id: number;
  author_name: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  editable_until: Date | null;
};

const EDIT_WINDOW = sql.raw(`interval '${NOTE_EDIT_WINDOW_MINUTES} minutes'`);

/**
 * The notes a reader may see, with their author and, for the reader's own recent ones, until when the text
 * may change (judged by the database's clock, the same for every API process): internal notes and the
 * reader's private ones, on kinds of record the reader may read.
 */
function visibleNotes(db: Queryable, reader: NoteReader) {
  return db.kysely
    .selectFrom('notes as n')
    .innerJoin('users as u', 'u.id', 'n.author_id')
    .select((eb) => [
      'n.id',
      eb.ref('n.entity_type').$castTo<EntityType>().as('entity_type'),
      'n.entity_id',
      'n.text',
      eb.ref('n.visibility').$castTo<NoteRow['visibility']>().as('visibility'),
      eb.ref('n.pinned').$castTo<boolean>().as('pinned'),
      'n.author_id',
      'u.name as author_name',
      eb.ref('n.version').$castTo<number>().as('version'),
      eb.ref('n.created_at').$castTo<Date>().as('created_at'),
      eb.ref('n.updated_at').$castTo<Date>().as('updated_at'),
      sql<Date | null>`CASE WHEN n.author_id = ${reader.id} AND n.created_at + ${EDIT_WINDOW} > now() THEN n.created_at + ${EDIT_WINDOW} END`.as('editable_until'),
    ])
    .where(sql<SqlBool>`n.entity_type = ANY(${readableKinds(reader.permissions)}::text[])`)
    .where(sql<SqlBool>`(n.visibility = 'internal' OR n.author_id = ${reader.id})`);
}

async function present(db: Queryable, rows: NoteRow[]): Promise<Note[]> {
  const refs = await describeEntities(db, rows.map((row) => ({ type: row.entity_type, id: row.entity_id })));
  return rows.map((row) => {
    const ref = refs.get(entityKey(row.entity_type, row.entity_id));
    return {
      id: row.id,
      entityType: row.entity_type,
      entityId: row.entity_id,
      entityLabel: ref?.label ?? `#${row.entity_id}`,
      link: ref?.link ?? ENTITY_KINDS[row.entity_type].link({ id: row.entity_id }),
      text: row.text,
      visibility: row.visibility,
      pinned: row.pinned,
      author: { id: row.author_id, name: row.author_name },
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      editableUntil: row.editable_until && new Date(row.editable_until).toISOString(),
      version: row.version,
    };
  });
}

export interface NoteListQuery {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
  entityType?: EntityType;
  entityId?: number;
  scope?: 'mine' | 'related';
}

// "Records I work on": those I have noted, verifications assigned to or created by me, reimbursements I created, approved or paid.
const worksOn = (readerId: number) => sql<SqlBool>`(
  EXISTS (SELECT 1 FROM notes mine WHERE mine.author_id = ${readerId} AND mine.entity_type = n.entity_type AND mine.entity_id = n.entity_id)
  OR (n.entity_type = 'verification' AND EXISTS (SELECT 1 FROM verifications v WHERE v.id = n.entity_id AND (v.assignee_id = ${readerId} OR v.created_by = ${readerId})))
  OR (n.entity_type = 'reimbursement' AND EXISTS (SELECT 1 FROM reimbursements r WHERE r.id = n.entity_id AND ${readerId} IN (r.created_by, r.approved_by, r.paid_by)))
)`;

const NOTE_SORT = { createdAt: sql.ref('n.created_at'), updatedAt: sql.ref('n.updated_at'), pinned: sql.ref('n.pinned') };

/** A page of notes through the lists' shared paging (sort keys, bounded count, keyset walks for exports). */
export async function listNotes(db: Database, reader: NoteReader, query: NoteListQuery) {
  if ((query.entityType === undefined) !== (query.entityId === undefined)) {
    throw new InvalidInputError('request.invalid', 'entityType and entityId go together.', [
      { path: `query/${query.entityType === undefined ? 'entityType' : 'entityId'}`, keyword: 'required' },
    ]);
  }
  let notes = visibleNotes(db, reader);
  const onRecord = query.entityType !== undefined && query.entityId !== undefined;
  if (onRecord) {
    await requireReadableRecord(db, reader, query.entityType!, query.entityId!);
    notes = notes.where('n.entity_type', '=', query.entityType!).where('n.entity_id', '=', query.entityId!);
  } else if (query.scope === 'mine') notes = notes.where('n.author_id', '=', reader.id);
  else if (query.scope === 'related') notes = notes.where('n.author_id', '<>', reader.id).where(worksOn(reader.id));
  else notes = notes.where(sql<SqlBool>`(n.author_id = ${reader.id} OR ${worksOn(reader.id)})`);
  if (query.q?.trim()) notes = notes.where(matchesText(query.q.trim(), [sql.ref('n.text')]));
  const { rows, ...total } = await listOf(notes, query, NOTE_SORT, sql.ref('n.id'), { joinsKeepRows: true });
  return { items: await present(db, rows), ...total, page: query.page, pageSize: query.pageSize };
}

async function loadVisible(db: Queryable, reader: NoteReader, id: number): Promise<NoteRow> {
  const row = await visibleNotes(db, reader).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('note');
  return row;
}

export async function getNote(db: Queryable, reader: NoteReader, id: number): Promise<Note> {
  return (await present(db, [await loadVisible(db, reader, id)]))[0];
}

export interface NoteInput {
  entityType: EntityType;
  entityId: number;
  text: string;
  visibility?: 'internal' | 'private';
  pinned?: boolean;
}

export async function createNote(tx: Queryable, author: NoteReader, input: NoteInput): Promise<number> {
  await requireReadableRecord(tx, author, input.entityType, input.entityId);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO notes (entity_type, entity_id, text, visibility, pinned, author_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [input.entityType, input.entityId, input.text, input.visibility ?? 'internal', input.pinned ?? false, author.id],
  );
  return row.id;
}

/**
 * Changes a note. The text only by its author inside the window; pinning by anyone who sees the note.
 * The window is checked again in the UPDATE itself, so a request that arrives at the last second cannot
 * slip past it.
 */
export async function updateNote(tx: Queryable, editor: NoteReader, id: number, change: { text?: string; pinned?: boolean; version: number }) {
  const current = await loadVisible(tx, editor, id);
  if (change.text !== undefined && change.text !== current.text) {
    if (current.author_id !== editor.id) throw new BusinessRuleError('note.notAuthor', 'Only the author may change the text of a note.');
    if (!current.editable_until) {
      throw new BusinessRuleError('note.editWindowClosed', `A note can be changed for ${NOTE_EDIT_WINDOW_MINUTES} minutes after it is written; add a new note instead.`);
    }
  }
  const textChange = change.text !== undefined && change.text !== current.text;
  const rows = await tx.query<{ id: number }>(
    `UPDATE notes SET text = coalesce($3, text), pinned = coalesce($4, pinned), version = version + 1, updated_at = now()
     WHERE id = $1 AND version = $2
       AND ($5::boolean IS FALSE OR created_at + interval '${NOTE_EDIT_WINDOW_MINUTES} minutes' > now())
     RETURNING id`,
    [id, change.version, textChange ? change.text : null, change.pinned ?? null, textChange],
  );
  if (!rows.length) {
    const [now] = await tx.query<{ version: number; open: boolean }>(
      `SELECT version, created_at + interval '${NOTE_EDIT_WINDOW_MINUTES} minutes' > now() AS open FROM notes WHERE id = $1`,
      [id],
    );
    if (now.version !== change.version) throw new StaleVersionError('note', now.version);
    throw new BusinessRuleError('note.editWindowClosed', `A note can be changed for ${NOTE_EDIT_WINDOW_MINUTES} minutes after it is written; add a new note instead.`);
  }
  return { before: { text: current.text, pinned: current.pinned }, textChanged: textChange };
}
