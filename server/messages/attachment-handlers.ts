import { appendAudit, type AuditEntry } from '../audit.ts';
import { NotFoundError } from '../domain/errors.ts';
import { actor, type Deps, type HandlersOf, type RequestContext } from '../http/types.ts';
import { inspectUpload } from '../workflow/attachments/inspect.ts';
import { contentDisposition } from '../workflow/attachments/presenter.ts';
import { attachmentsOfConversation, findMessageAttachment } from './attachments.ts';
import { requireParticipant, sendMessage } from './conversations.ts';

type Ops = 'listMessageAttachments' | 'sendMessageAttachment' | 'downloadMessageAttachment';

/**
 * Files on messages: the checks of a record's documents (R21), for the conversation's participants only. To
 * anyone else a conversation and its files do not exist (404), and a refused download is audited.
 */
export function messageAttachmentHandlers({ db, files }: Deps): HandlersOf<Ops> {
  const audit = (request: RequestContext, entry: Omit<AuditEntry, 'userId' | 'ip' | 'userAgent' | 'result'> & { result?: AuditEntry['result'] }) =>
    db.transaction((tx) => appendAudit(tx, { result: 'ALLOWED', ...entry, userId: actor(request).id, ip: request.ip, userAgent: request.userAgent }));

  return {
    async listMessageAttachments(request) {
      const user = actor(request);
      await requireParticipant(db, user, request.params.id);
      const items = await attachmentsOfConversation(db, request.params.id);
      await audit(request, { action: 'LIST', entityType: 'messageAttachment', detail: { conversationId: request.params.id, ids: items.map((item) => item.id) } });
      return { status: 200, body: { items } };
    },

    /** Stores the file, then the message, its file's row and audit rows; nothing half-stored when the message cannot be written. */
    async sendMessageAttachment(request) {
      const user = actor(request);
      const conversationId = request.params.id;
      // The cheap refusal before the file is parsed; the closed check is repeated under the conversation's lock.
      await requireParticipant(db, user, conversationId);
      const { bytes, mime, name } = await inspectUpload(request.body.file);
      const text = request.body.body?.trim() ? request.body.body : '';
      const stored = await files.put(bytes);
      try {
        const message = await db.transaction(async (tx) => {
          const sent = await sendMessage(tx, user, conversationId, text, { ...stored, name, mime, size: bytes.length });
          const [file] = sent.attachments;
          const who = { userId: user.id, result: 'ALLOWED' as const, ip: request.ip, userAgent: request.userAgent };
          await appendAudit(tx, { ...who, action: 'CREATE', entityType: 'message', entityId: sent.id, detail: { conversationId, attachmentId: file.id } });
          await appendAudit(tx, { ...who, action: 'CREATE', entityType: 'messageAttachment', entityId: file.id, detail: { conversationId, messageId: sent.id, sha256: file.sha256, mime, sizeBytes: file.sizeBytes } });
          return sent;
        });
        return { status: 201, body: message, headers: { Location: `/api/message-attachments/${message.attachments[0].id}/content` } };
      } catch (error) {
        await files.remove(stored.key);
        throw error;
      }
    },

    async downloadMessageAttachment(request) {
      const row = await findMessageAttachment(db, actor(request), request.params.id);
      if (!row.participant) {
        await audit(request, { action: 'ACCESS_DENIED', entityType: 'messageAttachment', entityId: row.id, result: 'DENIED', detail: { conversationId: row.conversation_id } });
        throw new NotFoundError('messageAttachment');
      }
      await audit(request, { action: 'DOWNLOAD', entityType: 'messageAttachment', entityId: row.id, detail: { conversationId: row.conversation_id } });
      return {
        status: 200,
        body: files.stream(row.storage_key),
        headers: {
          'Content-Type': row.mime,
          'Content-Length': String(row.size_bytes),
          'Content-Disposition': contentDisposition(row.file_name),
          'X-Content-SHA256': row.sha256,
        },
      };
    },
  };
}
