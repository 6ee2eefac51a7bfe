import type { components } from '../../openapi/schema';
import { appendAudit } from '../audit.ts';
import type { Queryable } from '../db/database.ts';
import type { FileStore } from '../files.ts';
import { displayName, fileOpens, MAX_ATTACHMENT_BYTES, sniff, type Mime } from '../workflow/attachments/inspect.ts';
import { insertAttachment } from '../workflow/attachments/repository.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import type { ResourceReader } from './input.ts';

type DocumentType = components['schemas']['DocumentType'];

/** The panel's document types; a practice names one in `supportingInfo.code` (system below), else it is OTHER. */
export const DOCUMENT_TYPE_SYSTEM = 'urn:dental-backoffice:document-type';
const DOCUMENT_TYPES: readonly DocumentType[] = ['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'TREATMENT_PLAN', 'XRAY_INITIAL', 'XRAY_FINAL', 'PRESCRIPTION', 'PAYMENT_RECEIPT', 'OTHER_INSURER_EOB', 'PRIOR_AUTHORIZATION', 'IDENTIFICATION', 'LAB_BREAKDOWN', 'OTHER'];
const CLINICAL: readonly DocumentType[] = ['DENTAL_REPORT', 'TREATMENT_PLAN', 'XRAY_INITIAL', 'XRAY_FINAL', 'PRESCRIPTION'];

export interface ClaimDocument {
  documentType: DocumentType;
  fileName: string;
  mime: Mime;
  bytes: Uint8Array;
}

/**
 * A claim's attachments: each `supportingInfo` with a `valueAttachment` carrying its file inline (`data`, base64)
 * is one of the claim's documents, held to the panel's own rule for uploads (R21: pdf, png or jpeg by its first
 * bytes, that opens, at most 15 MB) and to its `contentType`. A link (`url`) is refused: the server fetches nothing.
 */
export async function readSupportingInfo(reader: ResourceReader): Promise<ClaimDocument[]> {
  const out: ClaimDocument[] = [];
  const entries = reader.array('supportingInfo', false, 20);
  for (const [i] of entries.entries()) {
    const at = `supportingInfo.${i}.valueAttachment`;
    const attachment = reader.at(at) as { contentType?: unknown; data?: unknown; title?: unknown; url?: unknown } | undefined;
    if (attachment === undefined) continue;
    if (typeof attachment.data !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(attachment.data)) {
      reader.fail('required', 'The file inline as base64 in data (a url is not fetched).', reader.where(`${at}.data`));
      continue;
    }
    const bytes = new Uint8Array(Buffer.from(attachment.data, 'base64'));
    const mime = sniff(bytes);
    if (bytes.length === 0 || bytes.length > MAX_ATTACHMENT_BYTES || !mime || !(await fileOpens(mime, bytes))) {
      reader.fail('value', 'A pdf, png or jpeg file that opens, at most 15 MB.', reader.where(`${at}.data`));
      continue;
    }
    if (attachment.contentType !== mime) reader.fail('code-invalid', `The data is ${mime}.`, reader.where(`${at}.contentType`));
    const codes = (reader.at(`supportingInfo.${i}.code.coding`) as { system?: string; code?: string }[] | undefined) ?? [];
    const named = codes.find((c) => c?.system === DOCUMENT_TYPE_SYSTEM)?.code;
    if (named !== undefined && !DOCUMENT_TYPES.includes(named as DocumentType)) reader.fail('code-invalid', `One of: ${DOCUMENT_TYPES.join(', ')}.`, reader.where(`supportingInfo.${i}.code`));
    const title = typeof attachment.title === 'string' ? attachment.title : '';
    out.push({ documentType: (named as DocumentType | undefined) ?? 'OTHER', fileName: displayName(title, mime), mime, bytes });
  }
  return out;
}

/** Stores the files first (a refused claim removes them again, see `discard`), so the claim's transaction only writes rows. */
export async function putFiles(files: FileStore, documents: ClaimDocument[]) {
  const stored = [];
  for (const document of documents) stored.push({ ...document, ...(await files.put(document.bytes)) });
  return stored;
}

export type StoredDocument = Awaited<ReturnType<typeof putFiles>>[number];

export const discard = (files: FileStore, stored: StoredDocument[]) => Promise.all(stored.map((s) => files.remove(s.key)));

/**
 * The claim's documents as the attachments of its reimbursement (or of its pre-authorisation's verification),
 * uploaded by the client's user and audited as an upload. A file the record already holds (the same bytes, sent
 * again with a question that answers the verification already open) is not attached twice: answers those left
 * unattached, for the caller to remove from the store.
 */
export async function attachDocuments(tx: Queryable, owner: { type: 'reimbursement' | 'verification'; id: number }, stored: StoredDocument[], actor: Actor & { id: number }): Promise<StoredDocument[]> {
  const held = new Set((await tx.query<{ sha256: string }>('SELECT sha256 FROM attachments WHERE owner_type = $1 AND owner_id = $2', [owner.type, owner.id])).map((r) => r.sha256));
  const unattached: StoredDocument[] = [];
  for (const document of stored) {
    if (held.has(document.sha256)) {
      unattached.push(document);
      continue;
    }
    held.add(document.sha256);
    const row = await insertAttachment(tx, {
      owner_type: owner.type,
      owner_id: owner.id,
      document_type: document.documentType,
      file_name: document.fileName,
      mime: document.mime,
      size_bytes: document.bytes.length,
      sha256: document.sha256,
      storage_key: document.key,
      clinical: CLINICAL.includes(document.documentType),
      uploaded_by: actor.id,
    });
    await appendAudit(tx, { userId: actor.id, action: 'CREATE', entityType: 'attachment', entityId: row.id, result: 'ALLOWED', ip: actor.ip, detail: { ownerType: owner.type, ownerId: owner.id, sha256: document.sha256, source: 'Claim.supportingInfo' } });
  }
  return unattached;
}
