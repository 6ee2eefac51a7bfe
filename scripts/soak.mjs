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

const PORT = Number(process.env.SOAK_PORT ?? 8192);
const base = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const CRASHES = Number(process.env.SOAK_CRASHES ?? 20);
const PASSWORD = 'demo1234';
const STAFF = ['admin@demo.local', 'supervisor@demo.local', 'verificador@demo.local', 'analista@demo.local', 'auditor@demo.local', 'tesoreria@demo.local', 'consulta@demo.local'];
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

const stopped = (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', resolve)));

async function json(method, pathname, token, body) {
  const started = performance.now();
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - started };
}

async function signIn(email) {
  const { status, body } = await json('POST', '/api/login', null, { email, password: PASSWORD });
  if (status !== 200) throw new Error(`sign-in of ${email} answered ${status}`);
  return body.authorisation.token;
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
const ms = (value) => `${Math.round(value)} ms`;

/** Part 1: each virtual user loops over a realistic mix until the time is up. */
async function officeMix() {
  const tokens = Object.fromEntries(await Promise.all(STAFF.map(async (email) => [email, await signIn(email)])));
  const admin = tokens['admin@demo.local'];
  const latencies = { read: [], write: [] };
  let errors = 0;
  let serial = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const reads = [
    (t) => json('GET', '/api/insurers?page=1&pageSize=20&sort=name', t),
    (t) => json('GET', '/api/insurers?q=seg', t),
    (t) => json('GET', '/api/verifications?group=open&pageSize=25', t),
    (t) => json('GET', '/api/reimbursements?pageSize=25', t),
    (t) => json('GET', '/api/me', t),
  ];
  async function user(index) {
    const token = tokens[STAFF[index % STAFF.length]];
    for (let turn = 0; Date.now() < deadline; turn++) {
      let result;
      if (turn % 10 === 3) {
        const code = `SK${index}-${serial++}`.slice(0, 16);
        result = await json('POST', '/api/insurers', admin, { code, name: `Soak ${code}`, country: 'ES', currency: 'EUR' });
        if (result.status === 201) {
          const updated = await json('PUT', `/api/insurers/${result.body.id}`, admin, { ...result.body, name: `Soak ${code} bis`, id: undefined, createdAt: undefined, updatedAt: undefined });
          latencies.write.push(updated.ms);
          if (updated.status >= 500) errors++;
        }
        latencies.write.push(result.ms);
      } else {
        result = await reads[turn % reads.length](token);
        latencies.read.push(result.ms);
      }
      if (result.status >= 500) errors++;
    }
  }
  await Promise.all(Array.from({ length: USERS }, (_, i) => user(i)));
  const all = [...latencies.read, ...latencies.write].sort((a, b) => a - b);
  const writes = latencies.write.sort((a, b) => a - b);
  if (errors) failed = true;
  console.log(
    `office mix: ${USERS} users, ${SECONDS} s, ${all.length} requests (${Math.round(all.length / SECONDS)}/s), ` +
      `p50 ${ms(quantile(all, 0.5))}, p95 ${ms(quantile(all, 0.95))}, p99 ${ms(quantile(all, 0.99))}, max ${ms(all.at(-1))}; ` +
      `writes ${writes.length}, p95 ${ms(quantile(writes, 0.95))}, max ${ms(writes.at(-1))}; 5xx ${errors}`,
  );
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
