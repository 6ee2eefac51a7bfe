import { contentDisposition } from '../workflow/attachments/presenter.ts';
import type { Deps, HandlersOf } from '../http/types.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { exportService } from './service.ts';
import { actor } from '../http/types.ts';

export function exportHandlers({ db, files }: Deps): HandlersOf<'listDownloads' | 'createDownload' | 'getDownload' | 'downloadExport'> {
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
  };
}
