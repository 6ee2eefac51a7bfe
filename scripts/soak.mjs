// `npm run soak`: the server under an office's worst day, on the embedded database (or on
// DATABASE_URL when set). Three parts, one summary line each:
//   1. 200 staff without think time for SOAK_SECONDS (60): reads, searches, creates and updates;
//   2. SOAK_CRASHES (20) kill -9 cycles in the middle of a write burst: every acknowledged write
//      must be there after the restart;
//   3. the audit chain verified after all of it (`npm run audit:verify`).
// Not a test: the latencies depend on the machine. It exits 1 when a write was lost, a request
// answered 5xx or the chain is broken.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeMix, request, signIn as signInAt, staffMix } from './bench/mix.mjs';

const PORT = Number(process.env.SOAK_PORT ?? 8192);
const base = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const CRASHES = Number(process.env.SOAK_CRASHES ?? 20);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-soak-'));
const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir };
let failed = false;

function start() {
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', log, log] });
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
if (!process.env.DATABASE_URL) fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
