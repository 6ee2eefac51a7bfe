import type { Deps, HandlersOf, RequestContext } from '../../http/types.ts';
import { HttpProblem } from '../../http/problem.ts';
import { operationPermission } from '../../http/permissions.ts';
import { OWNERS } from './owners.ts';
import { contentDisposition } from './presenter.ts';
import type { Owner } from './repository.ts';
import { attachmentService } from './service.ts';
import { appendAudit } from '../../audit.ts';
import { requestActor } from '../shared/workflow-actor.ts';

export function attachmentHandlers({ db, files }: Deps): HandlersOf<'listAttachments' | 'uploadAttachment' | 'downloadAttachment'> {
  const service = attachmentService(db, files);

  /** The attachment right is not enough: the owner's own right decides (a verifier reads no reimbursement's documents). */
  async function requireOwnerRead(request: RequestContext, ownerType: Owner) {
    const permission = operationPermission(OWNERS[ownerType].readOperation);
    const { id: userId, ip, userAgent } = requestActor(request);
    if (request.user?.permissions.includes(permission)) return;
    await db.transaction((tx) =>
      appendAudit(tx, { userId, action: 'ACCESS_DENIED', entityType: 'attachment', result: 'DENIED', ip, userAgent, detail: { ownerType, permission } }),
    );
    throw new HttpProblem(403, 'auth.forbidden', `This needs the permission ${permission}.`);
  }

  return {
    async listAttachments(request) {
      const { ownerType, ownerId } = request.query;
      await requireOwnerRead(request, ownerType);
      const items = await service.list(ownerType, ownerId);
      const { id: userId, ip, userAgent } = requestActor(request);
      const detail = { ownerType, ownerId, ids: items.map((item) => item.id) };
      await db.transaction((tx) => appendAudit(tx, { userId, action: 'LIST', entityType: 'attachment', result: 'ALLOWED', ip, userAgent, detail }));
      return { status: 200, body: { items } };
    },

    async uploadAttachment(request) {
      await requireOwnerRead(request, request.body.ownerType);
      const attachment = await service.upload(request.body, requestActor(request));
      return { status: 201, body: attachment, headers: { Location: `/api/attachments/${attachment.id}/content` } };
    },

    async downloadAttachment(request) {
      const row = await service.find(request.params.id);
      await requireOwnerRead(request, row.owner_type);
      const stream = await service.download(row, requestActor(request));
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
