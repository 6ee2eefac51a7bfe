// `npm run soak`: the server under an office's worst day, on the embedded database (or on
// DATABASE_URL when set). Three parts, one summary line each:
//   1. 200 staff without think time for SOAK_SECONDS (60): reads, searches, creates and updates;
//   2. SOAK_CRASHES (20) kill -9 cycles in the middle of a write burst: every acknowledged write
//      must be there after the restart;
//   3. the audit chain verified after all of it (`npm run audit:verify`);
//   4. SOAK_PG_RESTARTS (3) PostgreSQL restarts under a write burst, on a PostgreSQL server of the soak's own
//      (PG_BIN's binaries; said and skipped when they are missing): the API process must stay up, answer 503 with
//      Retry-After while the database is away and nothing else, and keep every acknowledged write.
// Not a test: the latencies depend on the machine. It exits 1 when a write was lost, a request
// answered another 5xx, the API process ended or the chain is broken.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describeMix, request, signIn as signInAt, staffMix } from './bench/mix.mjs';
import { hasPostgres, PG_BIN, startPostgresCluster } from './postgres-cluster.ts';

const PORT = Number(process.env.SOAK_PORT ?? 8192);
const base = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const CRASHES = Number(process.env.SOAK_CRASHES ?? 20);
const PG_RESTARTS = Number(process.env.SOAK_PG_RESTARTS ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-soak-'));
const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir };
let failed = false;

function start(extra = {}) {
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...env, ...extra }, stdio: ['ignore', log, log] });
}

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not start; see ${path.join(dataDir, 'server.log')}`);
}

const signIn = (email) => signInAt(base, email);
const stopped = (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', resolve)));

const json = (method, pathname, token, body) => request(base, method, pathname, token, body);

/** Part 1: 200 staff without think time (scripts/bench/mix.mjs). */
async function officeMix() {
  const result = await staffMix({ base, users: USERS, seconds: SECONDS, tag: 'SK' });
  if (result.errors) failed = true;
  console.log(describeMix('office mix', result));
}

/** Part 2: writes in flight, kill -9 at a random moment, restart, look for every acknowledged write. */
async function crashes() {
  let acknowledged = 0;
  let present = 0;
  for (let cycle = 0; cycle < CRASHES; cycle++) {
    const server = start();
    await waitForServer();
    const token = await signIn('admin@demo.local');
    const codes = [];
    let stop = false;
    const writer = async (lane) => {
      for (let n = 0; !stop; n++) {
        const code = `CR${cycle}-${lane}-${n}`.slice(0, 16);
        try {
          const { status } = await json('POST', '/api/insurers', token, { code, name: `Crash ${code}`, country: 'CL', currency: 'CLP' });
          if (status === 201) codes.push(code);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const lanes = Array.from({ length: 8 }, (_, lane) => writer(lane));
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
    server.kill('SIGKILL');
    stop = true;
    await stopped(server);
    await Promise.all(lanes);

    const again = start();
    await waitForServer();
    const check = await signIn('admin@demo.local');
    for (const code of codes) if ((await json('GET', `/api/insurers?q=${encodeURIComponent(code)}`, check)).body.items.some((i) => i.code === code)) present++;
    acknowledged += codes.length;
    again.kill('SIGTERM');
    await stopped(again);
  }
  if (present !== acknowledged) failed = true;
  console.log(`crashes: ${CRASHES} kill -9 cycles, ${acknowledged} writes acknowledged, ${present} present after restart${present === acknowledged ? '' : ' — WRITES LOST'}`);
}

function auditChain() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/audit-verify-cli.ts'], { env, encoding: 'utf8' });
  if (result.status !== 0) failed = true;
  console.log(`audit: ${(result.stdout + result.stderr).trim().split('\n').at(-1)}`);
}

/**
 * Part 4: eight lanes of writes while PostgreSQL stops as a restart does (`pg_ctl stop -m fast`) and comes back a
 * second later, PG_RESTARTS times, the same API process throughout. A 503 window runs from a restart's first 503
 * to the next acknowledged write.
 */
async function postgresRestarts() {
  if (!PG_RESTARTS) return;
  if (!hasPostgres) {
    console.log(`postgres restarts: not run, PostgreSQL is not installed (no initdb in ${PG_BIN}; set PG_BIN)`);
    return;
  }
  const cluster = await startPostgresCluster();
  const server = start({ DATABASE_URL: cluster.adminUrl, SEED_DEMO: '1' });
  try {
    await waitForServer();
    const token = await signIn('admin@demo.local');
    const codes = [];
    const others = new Map();
    let noRetryAfter = 0;
    let outageFrom = null;
    let longest = 0;
    let stop = false;
    const writer = async (lane) => {
      for (let n = 0; !stop; n++) {
        const code = `PG${lane}-${n}`;
        const response = await fetch(`${base}/api/insurers`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code, name: `Restart ${code}`, country: 'CL', currency: 'CLP' }),
        }).catch(() => null);
        const status = response?.status ?? 'no answer';
        await response?.arrayBuffer();
        if (status === 201) {
          codes.push(code);
          if (outageFrom !== null) longest = Math.max(longest, performance.now() - outageFrom);
          outageFrom = null;
        } else if (status === 503) {
          outageFrom ??= performance.now();
          if (!response.headers.get('retry-after')) noRetryAfter++;
          await new Promise((resolve) => setTimeout(resolve, 50));
        } else others.set(status, (others.get(status) ?? 0) + 1);
      }
    };
    const lanes = Array.from({ length: 8 }, (_, lane) => writer(lane));
    for (let restart = 0; restart < PG_RESTARTS; restart++) {
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1000));
      cluster.pause();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      cluster.resume();
      const written = codes.length;
      while (codes.length === written) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stop = true;
    await Promise.all(lanes);
    const alive = server.exitCode === null && server.signalCode === null;
    const client = new pg.Client({ connectionString: cluster.adminUrl });
    await client.connect();
    const { rows } = await client.query("SELECT code FROM insurers WHERE code LIKE 'PG%'").finally(() => client.end());
    const stored = new Set(rows.map((row) => row.code));
    const present = codes.filter((code) => stored.has(code)).length;
    const otherText = [...others].map(([status, count]) => `${count} × ${status}`).join(', ');
    if (present !== codes.length || others.size || noRetryAfter || !alive) failed = true;
    console.log(
      `postgres restarts: ${PG_RESTARTS} (pg_ctl stop -m fast, 1 s down), ${codes.length} writes acknowledged, ${present} present` +
        `${present === codes.length ? '' : ' — WRITES LOST'}; longest 503 window ${(longest / 1000).toFixed(2)} s` +
        `${noRetryAfter ? `, ${noRetryAfter} 503 without Retry-After` : ''}; other answers: ${otherText || 'none'}; ` +
        `API process ${alive ? 'up throughout' : 'ENDED'}`,
    );
  } finally {
    server.kill('SIGTERM');
    await stopped(server);
    cluster.stop();
  }
}

const server = start();
try {
  await waitForServer();
  await officeMix();
} finally {
  server.kill('SIGTERM');
  await stopped(server);
}
await crashes();
auditChain();
await postgresRestarts();
if (!process.env.DATABASE_URL) fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
