import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Two processes on one PGlite directory silently lose each other's writes, so the server holds an
 * exclusive lock on the directory while it runs. The lock is a listening socket in Linux's abstract
 * namespace, named after the directory: binding it is atomic, and the kernel releases it the moment
 * its holder dies, even by kill -9. So a restart never meets a stale lock, and nothing depends on
 * process ids (a container's server is always process 1). `server.lock` only tells a reader who holds it.
 */
export async function lockDataDir(dir: string): Promise<() => void> {
  fs.mkdirSync(dir, { recursive: true });
  const { dev, ino } = fs.statSync(dir);
  const name = createHash('sha256').update(`${dev}:${ino}:${fs.realpathSync(dir)}`).digest('hex').slice(0, 32);
  const server = net.createServer();
  const address = await lockAddress(dir, name);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new DataDirLockedError(
      `The data directory ${dir} is in use by another server${holder(dir)}. ` +
        'Stop that server first, or start this one with another DATA_DIR.',
    );
  }
  server.unref();
  const file = path.join(dir, 'server.lock');
  fs.writeFileSync(file, `${process.pid}\n`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    fs.rmSync(file, { force: true });
    server.close();
  };
}

/**
 * The abstract namespace exists on Linux only (the platform the panel is deployed on). Elsewhere a
 * socket file in the directory stands in; one that accepts no connection was left by a dead holder.
 */
async function lockAddress(dir: string, name: string) {
  if (process.platform === 'linux') return `\0dental-panel-${name}`;
  const file = path.join(dir, 'server.sock');
  if (fs.existsSync(file) && !(await socketAnswers(file))) fs.rmSync(file, { force: true });
  return file;
}

const socketAnswers = (file: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(file, () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });

function holder(dir: string) {
  try {
    const pid = fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').trim();
    return pid ? ` (process ${pid})` : '';
  } catch {
    return '';
  }
}
