import type { operations } from '../../../openapi/schema';
import { appendAudit } from '../../audit.ts';
import type { Database } from '../../db/database.ts';
import { BusinessRuleError, NotFoundError, StateConflictError } from '../../errors.ts';
import type { FileStore } from '../../files.ts';
import type { Actor } from '../shared/actor.ts';
import { presentAttachment } from './presenter.ts';
import { inspectUpload } from './inspect.ts';
import { acceptsDocuments } from './owners.ts';
import { attachmentsOf, findAttachment, insertAttachment, ownerState, type AttachmentRow, type Owner } from './repository.ts';

type Upload = operations['uploadAttachment']['requestBody']['content']['multipart/form-data'];

/** Documents attached to verifications, reimbursements and orthodontic plans. */
export function attachmentService(db: Database, files: FileStore) {
  return {
    list: async (ownerType: Owner, ownerId: number) => (await attachmentsOf(db, ownerType, ownerId)).map(presentAttachment),

    /** Stores the file, then its record and audit row; nothing half-stored when the record cannot be written. */
    async upload({ ownerType, ownerId, documentType, clinical, file }: Upload, actor: Actor & { id: number }) {
      const { bytes, mime, name } = await inspectUpload(file);
      const owner = Number(ownerId);
      const stored = await files.put(bytes);
      try {
        const row = await db.transaction(async (tx) => {
          // Locked with the owner, so the owner cannot close between the check and the insert.
          const state = await ownerState(tx, ownerType, owner);
          if (state === undefined) throw new BusinessRuleError('attachment.ownerUnknown', `No such ${ownerType}.`, [{ path: 'body/ownerId', keyword: 'exists' }]);
          if (!acceptsDocuments(ownerType, state)) throw new StateConflictError('attachment.ownerClosed', `The ${ownerType} takes no documents in its state ${state}.`);
          const created = await insertAttachment(tx, {
            owner_type: ownerType,
            owner_id: owner,
            document_type: documentType,
            file_name: name,
            mime,
            size_bytes: bytes.length,
            sha256: stored.sha256,
            storage_key: stored.key,
            clinical: clinical === 'true',
            uploaded_by: actor.id,
          });
          await appendAudit(tx, { userId: actor.id, action: 'CREATE', entityType: 'attachment', entityId: created.id, result: 'ALLOWED', ip: actor.ip, detail: { ownerType, ownerId: owner, sha256: stored.sha256 } });
          return created;
        });
        return presentAttachment(row);
      } catch (error) {
        await files.remove(stored.key);
        throw error;
      }
    },

    /** An attachment's record, to check the reader's right to its owner before sending the file. */
    async find(id: number) {
      const row = await findAttachment(db, id);
      if (!row) throw new NotFoundError('attachment');
      return row;
    },

    /** The stored file, its download audited. */
    async download(row: AttachmentRow, actor: Actor) {
      await db.transaction((tx) => appendAudit(tx, { userId: actor.id, action: 'DOWNLOAD', entityType: 'attachment', entityId: row.id, result: 'ALLOWED', ip: actor.ip, userAgent: actor.userAgent }));
      return files.stream(row.storage_key);
    },
  };
}
