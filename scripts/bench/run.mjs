// `npm run bench`: builds the app, starts a server on a fresh embedded database and measures
// what docs/benchmarks.md reports: API latency, the browser rows (browser.mjs), a restart's time (start.mjs) and the
// request path (path.mjs). Not a test:
// numbers vary with the machine, so they are printed, never asserted, and each part writes its latest tables into
// docs/benchmarks.md (report.mjs; BENCH_WRITE=0 only prints).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { conditions, table, writeSection } from './report.mjs';

// The million-patient benchmark (PostgreSQL, API only) is a run of its own: scale.mjs.
if (process.argv.includes('--scale') || process.env.BENCH_SCALE === '1') {
  await import('./scale.mjs');
  process.exit(process.exitCode ?? 0);
}

/**
 * Writing a payment run's bank file for 10,000 payments (issue 26) on PGlite and on PostgreSQL: time and peak memory,
 * written to docs/benchmarks.md. Part of every run (BENCH_PAYMENTS_FILE=0 skips); `--payments` runs only it.
 */
function paymentFileBench() {
  const rows = [];
  let failed = 0;
  for (const args of [[], ['--postgres']]) {
    const run = spawnSync('npx', ['tsx', 'scripts/bench/payment-file.ts', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    process.stdout.write(run.stdout ?? '');
    failed ||= run.status ?? 1;
    const line = (run.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_PAYMENTS '));
    if (!line) continue;
    const r = JSON.parse(line.slice('BENCH_PAYMENTS '.length));
    rows.push([r.kind, r.count, `${r.fileMb} MB`, `${r.seconds} s`, `${r.peakRssMb} MB (+${r.rssGrowthMb})`, `${r.peakHeapMb} MB (+${r.heapGrowthMb})`, r.schema]);
  }
  if (rows.length)
    writeSection(
      'payments',
      `${conditions('a payment run of 10,000 approved claims, its pain.001 written by the server (streamed, 500 transfers a read)')}\n\n` +
        table(['database', 'payments', 'file', 'time', 'peak RSS (growth)', 'peak heap (growth)', 'schema'], rows),
    );
  return failed;
}

if (process.argv.includes('--payments')) process.exit(paymentFileBench());

const PORT = Number(process.env.BENCH_PORT ?? 8191);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-bench-'));

spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
const server = spawn('npx', ['tsx', 'server/main.ts'], { env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir }, stdio: ['ignore', fs.openSync(path.join(dataDir, 'server.log'), 'w'), fs.openSync(path.join(dataDir, 'server.log'), 'a')], detached: true });
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function latency(label, request, runs = 300) {
  for (let i = 0; i < 20; i++) await request(i); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await request(i);
    if (!response.ok) throw new Error(`${label}: ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  const result = { label, p50: at(0.5), p95: at(0.95), runs };
  console.log(`${label}: p50 ${result.p50} ms, p95 ${result.p95} ms (${runs} sequential requests)`);
  return result;
}

try {
  await waitForServer();
  const signIn = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }) });
  const { authorisation } = await signIn.json();
  const auth = { authorization: `Bearer ${authorisation.token}` };
  const sorts = ['name', '-code', 'country', '-updatedAt'];
  const api = [];
  api.push({ ...(await latency('GET /api/insurers (page, sort, search)', (i) => fetch(`${base}/api/insurers?page=${(i % 3) + 1}&pageSize=10&sort=${sorts[i % 4]}${i % 2 ? '&q=dent' : ''}`, { headers: auth }))), budget: '≤ 50 ms p95' });
  api.push({ ...(await latency('GET /api/me', () => fetch(`${base}/api/me`, { headers: auth }))), budget: '—' });
  // Last: spawnSync blocks this process, so no keep-alive connection may be left waiting behind it.
  api.push({ ...(await latency('POST /api/login (scrypt N=2^15)', () => fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'supervisor@demo.local', password: 'demo1234' }) }), 30)), budget: '—' });
  writeSection(
    'api',
    `${conditions('fresh embedded database (PGlite, Kysely) with the demo data; sequential requests')}\n\n` +
      table(['measure', 'p50', 'p95', 'requests', 'budget'], api.map((r) => [r.label, `${r.p50} ms`, `${r.p95} ms`, r.runs, r.budget])),
  );
  // The browser rows: log-in weight and Lighthouse, sign-in → dashboard, menu click → content (BENCH_BROWSER=0 skips).
  if (process.env.BENCH_BROWSER !== '0') spawnSync(process.execPath, ['scripts/bench/browser.mjs'], { stdio: 'inherit', env: { ...process.env, BENCH_BROWSER_BASE: base } });
  // A restart's time on an embedded database already migrated (BENCH_START=0 skips).
  if (process.env.BENCH_START !== '0') spawnSync(process.execPath, ['scripts/bench/start.mjs'], { stdio: 'inherit' });
  // The speed table of issue 12: full path against the bare handler, 200 staff without pause, a real office.
  if (process.env.BENCH_PATH !== '0') spawnSync(process.execPath, ['scripts/bench/path.mjs'], { stdio: 'inherit' });
  if (process.env.BENCH_PAYMENTS_FILE !== '0') paymentFileBench();
} catch (error) {
  console.error(error, fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8'));
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
