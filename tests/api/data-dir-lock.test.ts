import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock.ts';
import { tempDir } from '../support/temp-dir.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

const lockDir = () => tempDir('dental-lock-');
const lockModule = path.resolve('server/db/data-dir-lock.ts');

/** A separate process that takes the lock, says so on stdout, and holds it until killed or stdin closes. */
function holderProcess(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(lockModule)});
      try {
        await m.lockDataDir(${JSON.stringify(dir)});
        console.log('locked');
        process.stdin.resume();
        process.stdin.on('end', () => process.exit(0));
      } catch (error) {
        console.log(error instanceof m.DataDirLockedError ? 'refused' : 'error ' + error.message);
      }`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const outcome = new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', () => resolve(out.trim()));
  });
  return { child, outcome };
}

describe('embedded database directory lock', () => {
  it('refuses a second server on the same directory with a clear message naming the holder', async () => {
    const dir = lockDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(new RegExp(`in use by another server \\(process ${process.pid}\\)`));
    release();
    (await lockDataDir(dir))();
  });

  it('is free again the moment its holder is killed with SIGKILL, whatever pid its lock file names', async () => {
    const dir = lockDir();
    const { child, outcome } = holderProcess(dir);
    expect(await outcome).toBe('locked');
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    // A container's server is process 1 before and after its restart: the file's pid decides nothing.
    fs.writeFileSync(path.join(dir, 'server.lock'), '1\n');
    const release = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('lets exactly one of two processes starting together take a directory with a stale lock file', { timeout: hangLimit(120_000) }, async () => {
    for (let trial = 0; trial < 8; trial++) {
      const dir = lockDir();
      fs.writeFileSync(path.join(dir, 'server.lock'), '1\n');
      const racers = [holderProcess(dir), holderProcess(dir)];
      const outcomes = await Promise.all(racers.map((r) => r.outcome));
      expect(outcomes.sort()).toEqual(['locked', 'refused']);
      for (const r of racers) r.child.stdin.end();
    }
  });

  it('refuses one of two simultaneous takers in the same process', async () => {
    const dir = lockDir();
    const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    for (const r of results) if (r.status === 'fulfilled') r.value();
  });
});
