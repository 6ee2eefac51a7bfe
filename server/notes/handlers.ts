import { appendAudit } from '../audit.ts';
import { HttpProblem } from '../http/problem.ts';
import { ENTITY_KINDS, readableKinds } from './entities.ts';
import { actor, type Deps, type HandlersOf } from '../http/types.ts';
import { createNote, getNote, listNotes, updateNote } from './notes.ts';

/** Notas: notes on any record (research 2.9). Their text never goes into the audit row, only which note and record. */
export const notesHandlers = ({ db }: Deps): HandlersOf<'listNotes' | 'createNote' | 'updateNote'> => ({
  async listNotes(request) {
    const user = actor(request);
    const { entityType } = request.query;
    if (entityType && !readableKinds(user.permissions).includes(entityType)) {
      throw new HttpProblem(403, 'auth.forbidden', `This needs the permission ${ENTITY_KINDS[entityType].readPermission}.`);
    }
    return { status: 200, body: await listNotes(db, user, request.query) };
  },
  async createNote(request) {
    const user = actor(request);
    const note = await db.transaction(async (tx) => {
      const id = await createNote(tx, user, request.body);
      await appendAudit(tx, {
        userId: user.id,
        action: 'CREATE',
        entityType: 'note',
        entityId: id,
        result: 'ALLOWED',
        ip: request.ip,
        userAgent: request.userAgent,
        detail: { on: request.body.entityType, onId: request.body.entityId, visibility: request.body.visibility ?? 'internal' },
      });
      return getNote(tx, user, id);
    });
    return { status: 201, body: note };
  },
  async updateNote(request) {
    const user = actor(request);
    const note = await db.transaction(async (tx) => {
      const { textChanged } = await updateNote(tx, user, request.params.id, request.body);
      await appendAudit(tx, {
        userId: user.id,
        action: 'UPDATE',
        entityType: 'note',
        entityId: request.params.id,
        result: 'ALLOWED',
        ip: request.ip,
        userAgent: request.userAgent,
        detail: { textChanged, ...(request.body.pinned === undefined ? {} : { pinned: request.body.pinned }) },
      });
      return getNote(tx, user, request.params.id);
    });
    return { status: 200, body: note, headers: { ETag: `"${note.version}"` } };
  },
});
