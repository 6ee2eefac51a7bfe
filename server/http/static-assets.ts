import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';

type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const ENCODE: Record<Exclude<Encoding, 'identity'>, (bytes: Buffer) => Promise<Buffer>> = {
  // Quality 9 compresses the whole build in about 1.5 s, once per server; 11 would take 8 s for 9 % less.
  br: (bytes) => brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => gzip(bytes, { level: 9 }),
};

/** The best encoding the request accepts (brotli, then gzip), by its Accept-Encoding header. */
export function chooseEncoding(header: string | undefined): Encoding {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * The build's hashed files (`dist/assets`, whose names change with their content), answered from memory: each file is
 * read, and compressed for each encoding asked, once per server, then kept. Per request this spares the reading,
 * the compressing and the streams that serving from disk cost (about half a second of the server's processor for
 * each first page load, measured in docs/qa.md). A name that is not in the build is a 404, not the page.
 */
export function staticAssets(assetsDir: string): MiddlewareHandler {
  const names = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []);
  const kept = new Map<string, Promise<Buffer>>();
  const bytesOf = (name: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding}:${name}`;
    let bytes = kept.get(key);
    if (!bytes) {
      bytes = encoding === 'identity' ? fs.promises.readFile(path.join(assetsDir, name)) : bytesOf(name, 'identity').then(ENCODE[encoding]);
      // A failed read is not remembered: the next request tries again.
      bytes.catch(() => kept.delete(key));
      kept.set(key, bytes);
    }
    return bytes;
  };
  return async (c) => {
    const name = c.req.path.slice(c.req.path.lastIndexOf('/') + 1);
    if (!names.has(name) || c.req.path !== `/assets/${name}`) return c.notFound();
    const type = getMimeType(name) ?? 'application/octet-stream';
    const encoding = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ? chooseEncoding(c.req.header('Accept-Encoding')) : 'identity';
    const body = await bytesOf(name, encoding);
    c.header('Content-Type', type);
    c.header('Content-Length', String(body.length));
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') c.header('Content-Encoding', encoding);
    return c.body(body as Uint8Array<ArrayBuffer>);
  };
}
