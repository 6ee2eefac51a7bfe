import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * Attachment contents in a directory (the default; production may point FILES_DIR at a mounted
 * S3-compatible store). Keys are random, so a file name never becomes a path.
 */
export function fileStore(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(dir, key);
  };
  return {
    dir,
    async put(bytes: Uint8Array): Promise<{ key: string; sha256: string }> {
      const key = randomUUID();
      await fs.promises.writeFile(pathOf(key), bytes, { flag: 'wx' });
      return { key, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    /** A new file written as a stream (exports), under a fresh key. */
    create(): { key: string; stream: fs.WriteStream } {
      const key = randomUUID();
      return { key, stream: fs.createWriteStream(pathOf(key), { flags: 'wx' }) };
    },
    async size(key: string): Promise<number> {
      return (await fs.promises.stat(pathOf(key))).size;
    },
    stream(key: string): ReadableStream {
      return Readable.toWeb(fs.createReadStream(pathOf(key))) as ReadableStream;
    },
    async remove(key: string): Promise<void> {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}
export type FileStore = ReturnType<typeof fileStore>;
