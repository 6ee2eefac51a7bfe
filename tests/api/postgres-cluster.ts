import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { TestServer } from './helpers.ts';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasPostgres = fs.existsSync(path.join(PG_BIN, 'initdb'));
/** In CI the production database is not optional: a block on PostgreSQL runs there and fails when it is missing. */
const inCI = ['true', '1'].includes(process.env.CI ?? '');
export const describeOnPostgres = describe.skipIf(!hasPostgres && !inCI);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** A throw-away PostgreSQL server (initdb refuses root, so as root it runs as the postgres user). */
export async function startPostgres(): Promise<{ url: string; stop: () => void; pause: () => void; resume: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:', dir]);
  const run = (bin: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(PG_BIN, bin), asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args] : args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const start = () => run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE dental');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/dental`,
    // A database outage: the server stops as a restart does (open connections terminated), until resume.
    pause: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A test server on its own throw-away PostgreSQL for the enclosing describe block; read `.server` inside tests. */
export function usePostgresServer() {
  const handle = {} as { server: TestServer; cluster: Awaited<ReturnType<typeof startPostgres>> };
  let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
  beforeAll(async () => {
    cluster = await startPostgres();
    handle.cluster = cluster;
    handle.server = await TestServer.start({}, cluster.url);
  }, 120_000);
  afterAll(async () => {
    await handle.server?.close();
    cluster?.stop();
  });
  return handle;
}
