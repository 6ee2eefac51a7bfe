import type { components } from '../../../openapi/schema';
import type { AttachmentRow } from './repository.ts';

export const presentAttachment = (r: AttachmentRow): components['schemas']['Attachment'] => ({
  id: r.id,
  ownerType: r.owner_type,
  ownerId: r.owner_id,
  documentType: r.document_type,
  fileName: r.file_name,
  mime: r.mime,
  sizeBytes: r.size_bytes,
  sha256: r.sha256,
  clinical: r.clinical,
  uploadedBy: r.uploaded_by,
  uploadedAt: new Date(r.uploaded_at).toISOString(),
});

/** `Content-Disposition` with an ASCII fallback name and the exact UTF-8 one. */
export function contentDisposition(fileName: string): string {
  const asciiName = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
