// A PostgreSQL server of one's own, from Debian's binaries (PG_BIN): the tests' run server and the ones tests
// restart, and the soak's (scripts/soak.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasPostgres = fs.existsSync(path.join(PG_BIN, 'initdb'));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Runs a PostgreSQL binary (initdb refuses root, so as root it runs as the postgres user). */
function runPg(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : path.join(PG_BIN, bin), asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args] : args, { stdio: 'pipe' });
}

/**
 * A PostgreSQL server of its own in `dir` (created when missing), for tests that stop or restart it.
 * Answers the URL of its `postgres` database and how to stop it. `durable: false` skips flushing each commit to the
 * disk (fsync off): for a throw-away test server, where a commit then costs 0.08 ms instead of 1.1 ms here; commits
 * still reach the operating system, so stopping or killing the server loses nothing, only a machine crash would.
 */
export async function startPostgresCluster(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-pg-')), { durable = true } = {}): Promise<PostgresCluster> {
  fs.mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:', dir]);
  const data = path.join(dir, 'data');
  runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const start = () => runPg('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durable ? '' : ' -c fsync=off'}`, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // A database outage: the server stops as a restart does (open connections terminated), until resume.
    pause: () => runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop: () => stopPostgresCluster(dir),
  };
}

export interface PostgresCluster {
  adminUrl: string;
  pause: () => void;
  resume: () => void;
  stop: () => void;
}

/** Stops the server `startPostgresCluster` started in `dir` and removes it. */
export function stopPostgresCluster(dir: string) {
  if (fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) runPg('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
  fs.rmSync(dir, { recursive: true, force: true });
}
