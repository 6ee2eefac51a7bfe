import { contentDisposition } from '../workflow/attachments/presenter.ts';
import type { Deps, HandlersOf } from '../http/types.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { exportService } from './service.ts';
import { actor } from '../http/types.ts';
import { appendAudit } from '../audit.ts';
import { StateConflictError } from '../errors.ts';
import { requestActor } from '../workflow/shared/workflow-actor.ts';
import { reimbursementService } from '../workflow/reimbursement/service.ts';

export function exportHandlers({ db, files, today }: Deps): HandlersOf<'listDownloads' | 'createDownload' | 'getDownload' | 'downloadExport' | 'downloadLiquidationSummary'> {
  const requester = (request: { user: SessionUser | null; ip: string; userAgent: string }) => ({ ...actor(request), ip: request.ip, userAgent: request.userAgent });
  return {
    async listDownloads(request) {
      return { status: 200, body: await exportService.list(db, request.query, actor(request)) };
    },
    async createDownload(request) {
      const job = await exportService.create(db, request.body, requester(request));
      return { status: 202, body: job, headers: { Location: `/api/downloads/${job.id}` } };
    },
    async getDownload(request) {
      return { status: 200, body: await exportService.get(db, request.params.id, actor(request)) };
    },
    async downloadExport(request) {
      const file = await exportService.download(db, files, request.params.id, requester(request));
      return {
        status: 200,
        body: file.stream,
        headers: { 'Content-Type': file.type, 'Content-Length': String(file.size), 'Content-Disposition': contentDisposition(file.fileName) },
      };
    },
    async downloadLiquidationSummary(request) {
      const user = requester(request);
      const reimbursement = await reimbursementService.get(db, request.params.id, requestActor(request), today());
      if (reimbursement.lines.every((line) => line.allowedCents === null)) {
        throw new StateConflictError('reimbursement.notLiquidated', 'The reimbursement has not been liquidated yet.', [{ path: 'path/id', keyword: 'notLiquidated', params: { state: reimbursement.state } }]);
      }
      // Loaded on the first liquidation asked for: pdf-lib and its font kit are a third of a second at start.
      const { renderLiquidationPdf } = await import('./liquidation-pdf.ts');
      const { bytes, language } = await renderLiquidationPdf(reimbursement, request.user!.locale);
      await db.transaction((tx) =>
        appendAudit(tx, {
          userId: user.id,
          action: 'DOWNLOAD',
          entityType: 'reimbursement',
          entityId: reimbursement.id,
          result: 'ALLOWED',
          ip: user.ip,
          userAgent: user.userAgent,
          detail: { document: 'liquidationSummary', folio: reimbursement.folio, language },
        }),
      );
      return {
        status: 200,
        body: bytes,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(bytes.byteLength),
          'Content-Language': language,
          'Content-Disposition': contentDisposition(`liquidacion-${reimbursement.folio}.pdf`),
        },
      };
    },
  };
}
