import { appendAudit } from '../audit.ts';
import { HttpProblem, notFound } from '../http/problem.ts';
import { actor, type Deps, type Handlers } from '../http/types.ts';

/** R21: at most 15 MB, pdf, jpg or png, told apart by their first bytes rather than by the name. */
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;
const SIGNATURES: [mime: string, bytes: number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];
const sniff = (bytes: Uint8Array) => SIGNATURES.find(([, signature]) => signature.every((b, i) => bytes[i] === b))?.[0] ?? null;

const OWNER_TABLES = { verification: 'verifications', reimbursement: 'reimbursements', orthodontic_plan: 'orthodontic_plans' } as const;

type Row = { id: number; owner_type: string; owner_id: number; document_type: string; file_name: string; mime: string; size_bytes: number; sha256: string; storage_key: string; clinical: boolean; uploaded_by: number; uploaded_at: Date };
const toAttachment = (r: Row) => ({
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

export function attachmentHandlers({ db, files }: Deps): Handlers {
  return {
    async listAttachments(request) {
      const rows = await db.query<Row>('SELECT * FROM attachments WHERE owner_type = $1 AND owner_id = $2 ORDER BY id DESC', [request.query.ownerType, request.query.ownerId]);
      return { status: 200, body: { items: rows.map(toAttachment) } };
    },

    async uploadAttachment(request) {
      const { ownerType, ownerId, documentType, clinical, file } = request.body as Record<string, unknown>;
      if (!(file instanceof File)) throw new HttpProblem(400, 'request.invalid', 'The form needs a file.', [{ path: 'body/file', keyword: 'type' }]);
      if (file.size === 0 || file.size > MAX_ATTACHMENT_BYTES) {
        throw new HttpProblem(422, 'attachment.size', 'A file must have content and at most 15 MB.', [{ path: 'body/file', keyword: 'maxSize', params: { limit: MAX_ATTACHMENT_BYTES } }]);
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const mime = sniff(bytes);
      if (!mime) throw new HttpProblem(422, 'attachment.type', 'Only pdf, jpg and png files are accepted.', [{ path: 'body/file', keyword: 'mime' }]);
      const table = OWNER_TABLES[ownerType as keyof typeof OWNER_TABLES];
      if (!(await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [Number(ownerId)])).length) {
        throw new HttpProblem(422, 'attachment.ownerUnknown', `No such ${ownerType}.`, [{ path: 'body/ownerId', keyword: 'exists' }]);
      }
      const stored = await files.put(bytes);
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx.query<Row>(
            `INSERT INTO attachments (owner_type, owner_id, document_type, file_name, mime, size_bytes, sha256, storage_key, clinical, uploaded_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
            [ownerType, Number(ownerId), documentType, file.name.slice(0, 200) || 'documento', mime, bytes.length, stored.sha256, stored.key, clinical === 'true', actor(request).id],
          );
          await appendAudit(tx, { userId: actor(request).id, action: 'CREATE', entityType: 'attachment', entityId: created.id, result: 'ALLOWED', ip: request.ip, detail: { ownerType, ownerId: Number(ownerId), sha256: stored.sha256 } });
          return created;
        });
        return { status: 201, body: toAttachment(row), headers: { Location: `/api/attachments/${row.id}/content` } };
      } catch (error) {
        // Nothing half-stored: the file goes when its record could not be written.
        await files.remove(stored.key);
        throw error;
      }
    },

    async downloadAttachment(request) {
      const [row] = await db.query<Row>('SELECT * FROM attachments WHERE id = $1', [request.params.id]);
      if (!row) throw notFound('attachment');
      await db.transaction((tx) =>
        appendAudit(tx, { userId: actor(request).id, action: 'DOWNLOAD', entityType: 'attachment', entityId: row.id, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent }),
      );
      const asciiName = row.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return {
        status: 200,
        body: files.stream(row.storage_key),
        headers: {
          'Content-Type': row.mime,
          'Content-Length': String(row.size_bytes),
          'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
          'X-Content-SHA256': row.sha256,
        },
      };
    },
  };
}
