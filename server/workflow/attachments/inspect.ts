import path from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { BusinessRuleError, InvalidInputError } from '../../errors.ts';

/** R21: at most 15 MB. */
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;

/** R21: pdf, jpg or png, told apart by their first bytes rather than by the name. */
const SIGNATURES: [mime: Mime, bytes: number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];
export type Mime = 'application/pdf' | 'image/png' | 'image/jpeg';
const EXTENSIONS: Record<Mime, string[]> = { 'application/pdf': ['.pdf'], 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };

export const sniff = (bytes: Uint8Array): Mime | null => SIGNATURES.find(([, signature]) => signature.every((b, i) => bytes[i] === b))?.[0] ?? null;

async function pdfOpens(bytes: Uint8Array) {
  // Loaded on the first PDF, not at start: pdf.js is most of the server's import time (about 0.7 s).
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, stopAtErrors: true, verbosity: 0 });
  try {
    const document = await task.promise;
    if (document.numPages < 1) return false;
    for (let page = 1; page <= document.numPages; page++) await document.getPage(page);
    return true;
  } catch {
    return false;
  } finally {
    await task.destroy();
  }
}

function imageDecodes(mime: Mime, bytes: Uint8Array) {
  try {
    if (mime === 'image/png') PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    // A 15 MB jpeg of a scanned form is well under 60 megapixels; the caps keep a crafted one from exhausting memory.
    else jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: 60, maxMemoryUsageInMB: 320 });
    return true;
  } catch {
    return false;
  }
}

/** Whether the file is really what its first bytes claim: a PDF that opens with its pages, an image that decodes. */
export const fileOpens = (mime: Mime, bytes: Uint8Array): Promise<boolean> =>
  mime === 'application/pdf' ? pdfOpens(bytes) : Promise.resolve(imageDecodes(mime, bytes));

/**
 * The name shown and sent back: the last path segment only, without control, bidirectional or other
 * invisible format characters, at most 120 characters, ending in the extension of what the file is.
 */
export function displayName(given: string, mime: Mime): string {
  const base = given.split(/[/\\]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/^[\s.]+|[\s.]+$/g, '');
  const extension = path.extname(clean).toLowerCase();
  const stem = (EXTENSIONS[mime].includes(extension) ? clean.slice(0, -extension.length) : clean) || 'documento';
  const suffix = EXTENSIONS[mime].includes(extension) ? extension : EXTENSIONS[mime][0];
  return [...stem].slice(0, 120 - suffix.length).join('').trimEnd() + suffix;
}

/**
 * R21 for any uploaded file (a record's document, a message's file): present, 1 byte to 15 MB, a pdf, png
 * or jpeg by its first bytes that really opens. Answers its bytes, type and the name to store. `at` is where a
 * refusal points: the form's field, or one file of several under it.
 */
export async function inspectUpload(file: unknown, at = 'body/file'): Promise<{ bytes: Uint8Array; mime: Mime; name: string }> {
  if (!(file instanceof File)) throw new InvalidInputError('request.invalid', 'The form needs a file.', [{ path: at, keyword: 'type' }]);
  if (file.size === 0 || file.size > MAX_ATTACHMENT_BYTES) {
    throw new BusinessRuleError('attachment.size', 'A file must have content and at most 15 MB.', [{ path: at, keyword: 'maxSize', params: { limit: MAX_ATTACHMENT_BYTES } }]);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mime = sniff(bytes);
  if (!mime) throw new BusinessRuleError('attachment.type', 'Only pdf, jpg and png files are accepted.', [{ path: at, keyword: 'mime' }]);
  if (!(await fileOpens(mime, bytes))) {
    throw new BusinessRuleError('attachment.unreadable', 'The file is damaged or is not the pdf, jpg or png it claims to be.', [{ path: at, keyword: 'content' }]);
  }
  return { bytes, mime, name: displayName(file.name, mime) };
}
