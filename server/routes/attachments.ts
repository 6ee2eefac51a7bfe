import type { Deps, HandlersOf } from '../http/types.ts';
import { contentDisposition } from '../workflow/attachments/presenter.ts';
import { attachmentService } from '../workflow/attachments/service.ts';
import { appendAudit } from '../audit.ts';
import { requestActor } from './workflow-actor.ts';

export function attachmentHandlers({ db, files }: Deps): HandlersOf<'listAttachments' | 'uploadAttachment' | 'downloadAttachment'> {
  const service = attachmentService(db, files);
  return {
    async listAttachments(request) {
      const { ownerType, ownerId } = request.query;
      const items = await service.list(ownerType, ownerId);
      const { id: userId, ip, userAgent } = requestActor(request);
      const detail = { ownerType, ownerId, ids: items.map((item) => item.id) };
      await db.transaction((tx) => appendAudit(tx, { userId, action: 'LIST', entityType: 'attachment', result: 'ALLOWED', ip, userAgent, detail }));
      return { status: 200, body: { items } };
    },

    async uploadAttachment(request) {
      const attachment = await service.upload(request.body, requestActor(request));
      return { status: 201, body: attachment, headers: { Location: `/api/attachments/${attachment.id}/content` } };
    },

    async downloadAttachment(request) {
      const { row, stream } = await service.download(request.params.id, requestActor(request));
      return {
        status: 200,
        body: stream,
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
