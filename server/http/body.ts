import type { Context } from 'hono';
import { HttpProblem } from './problem.ts';

/** JSON bodies: every form of the panel fits many times over. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** 15 MB per file (R21) plus the form's own overhead. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024 + 64 * 1024;

/**
 * Nesting no form of the panel comes near; deeper JSON is refused before it is parsed, because every
 * later step (text checks, schema validation, handlers) walks values recursively.
 */
export const MAX_JSON_DEPTH = 64;

const tooLarge = () => new HttpProblem(413, 'request.tooLarge', 'The body is too large.');

/**
 * The request's bytes, read as they arrive and abandoned at the first byte over the limit, so a huge
 * or endless (chunked) body costs at most `maxBytes` of memory and gets its 413 at once. A declared
 * Content-Length over the limit is refused before reading anything.
 */
async function readLimited(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(c.req.header('content-length') ?? 0) > maxBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw new HttpProblem(415, 'request.unsupportedMediaType', 'Send the body as application/json.');
  const bytes = await readLimited(c, MAX_JSON_BYTES);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformedJson();
  }
  if (nestingExceeds(text, MAX_JSON_DEPTH)) {
    throw new HttpProblem(400, 'request.tooDeep', `The body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`, [
      { path: 'body', keyword: 'maxDepth', params: { limit: MAX_JSON_DEPTH } },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw malformedJson();
  }
}

const malformedJson = () => new HttpProblem(400, 'request.malformedJson', 'The body is not valid JSON.', [{ path: 'body', keyword: 'json' }]);

/** Whether JSON text opens more than `limit` objects or arrays inside one another: one pass, no recursion, strings skipped. */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // a backslash escapes the next character, a quote included
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/**
 * Uploads: the form's text fields as strings and its files as File objects, within the size limit. A field
 * sent more than once (several files under one name) comes as an array in the order sent, never the last only.
 */
export async function readMultipart(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpProblem(415, 'request.unsupportedMediaType', 'Send the upload as multipart/form-data.');
  const bytes = await readLimited(c, MAX_UPLOAD_BYTES);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpProblem(400, 'request.malformedForm', 'The upload is not a valid multipart form.', [{ path: 'body', keyword: 'multipart' }]);
  }
  const fields: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length > 1 ? values : values[0];
  }
  return fields;
}
