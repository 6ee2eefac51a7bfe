import { appendAudit, type AuditEntry } from '../audit.ts';
import { BusinessRuleError, NotFoundError } from '../errors.ts';
import { actor, type Deps, type HandlersOf, type RequestContext } from '../http/types.ts';
import { inspectUpload } from '../workflow/attachments/inspect.ts';
import { contentDisposition } from '../workflow/attachments/presenter.ts';
import { attachmentsOfConversation, findMessageAttachment, type StoredFile } from './attachments.ts';
import { requireParticipant, sendMessage } from './conversations.ts';

type Ops = 'listMessageAttachments' | 'sendMessageAttachment' | 'downloadMessageAttachment';

/** Files one message may carry; together they stay within the upload's 15 MB. */
export const MAX_MESSAGE_FILES = 10;

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

    /**
     * Checks every file, stores them, then writes the message, its files' rows and audit rows. Nothing is kept when
     * any file is refused or the message cannot be written.
     */
    async sendMessageAttachment(request) {
      const user = actor(request);
      const conversationId = request.params.id;
      // The cheap refusal before the files are parsed; the closed check is repeated under the conversation's lock.
      await requireParticipant(db, user, conversationId);
      const given = Array.isArray(request.body.file) ? request.body.file : [request.body.file];
      if (given.length > MAX_MESSAGE_FILES) {
        throw new BusinessRuleError('attachment.tooMany', `A message carries at most ${MAX_MESSAGE_FILES} files.`, [
          { path: 'body/file', keyword: 'maxItems', params: { limit: MAX_MESSAGE_FILES } },
        ]);
      }
      const inspected = [];
      for (const [index, file] of given.entries()) inspected.push(await inspectUpload(file, given.length > 1 ? `body/file/${index}` : 'body/file'));
      const text = request.body.body?.trim() ? request.body.body : '';
      const stored: StoredFile[] = [];
      try {
        for (const { bytes, mime, name } of inspected) stored.push({ ...(await files.put(bytes)), name, mime, size: bytes.length });
        const message = await db.transaction(async (tx) => {
          const sent = await sendMessage(tx, user, conversationId, text, stored);
          const who = { userId: user.id, result: 'ALLOWED' as const, ip: request.ip, userAgent: request.userAgent };
          const attachmentIds = sent.attachments.map((file) => file.id);
          await appendAudit(tx, { ...who, action: 'CREATE', entityType: 'message', entityId: sent.id, detail: { conversationId, attachmentIds } });
          for (const file of sent.attachments) {
            await appendAudit(tx, {
              ...who,
              action: 'CREATE',
              entityType: 'messageAttachment',
              entityId: file.id,
              detail: { conversationId, messageId: sent.id, sha256: file.sha256, mime: file.mime, sizeBytes: file.sizeBytes },
            });
          }
          return sent;
        });
        return { status: 201, body: message, headers: { Location: `/api/message-attachments/${message.attachments[0].id}/content` } };
      } catch (error) {
        await Promise.all(stored.map((file) => files.remove(file.key)));
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
