import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dental-lock-'));

describe('embedded database directory lock', () => {
  it('refuses a second server on the same directory with a clear message', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const pid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'server.lock'), String(pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
