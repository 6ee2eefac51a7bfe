// `npm run bench`: builds the app, starts a server on a fresh embedded database and measures
// what the README reports: first-page JavaScript weight and API latency. Not a test: numbers
// vary with the machine, so they are printed, never asserted.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

// The million-patient benchmark (PostgreSQL, API only) is a run of its own: scale.mjs.
if (process.argv.includes('--scale') || process.env.BENCH_SCALE === '1') {
  await import('./scale.mjs');
  process.exit(process.exitCode ?? 0);
}

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

async function firstPageWeight(pathname) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const page = await (await browser.newContext()).newPage();
  const sizes = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) sizes.push(zlib.gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
  await browser.close();
  return { files: sizes.length, kib: sizes.reduce((a, b) => a + b, 0) / 1024 };
}

/** Lighthouse's mobile run (simulated slow 4G, 4x CPU), fetched from the npm registry on first use. */
function lighthouse(pathname) {
  const out = path.join(dataDir, 'lighthouse.json');
  const run = spawnSync(
    'npx',
    ['--yes', 'lighthouse@13.5.0', `${base}${pathname}`, '--quiet', '--only-categories=performance,accessibility,best-practices', '--output=json', `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: 'ignore' },
  );
  if (run.status !== 0) return 'Lighthouse did not run';
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const scores = Object.values(report.categories).map((c) => `${c.id} ${Math.round(c.score * 100)}`).join(', ');
  const audit = (id) => report.audits[id].displayValue;
  return `Lighthouse mobile ${pathname}: ${scores}; FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}`;
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
  return `${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${runs} sequential requests)`;
}

try {
  await waitForServer();
  const login = await firstPageWeight('/log-in');
  console.log(`log-in page: ${login.kib.toFixed(1)} KiB of gzipped JavaScript in ${login.files} files (budget 150)`);
  const signIn = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }) });
  const { authorisation } = await signIn.json();
  const auth = { authorization: `Bearer ${authorisation.token}` };
  const sorts = ['name', '-code', 'country', '-updatedAt'];
  console.log(await latency('GET /api/insurers (page, sort, search)', (i) => fetch(`${base}/api/insurers?page=${(i % 3) + 1}&pageSize=10&sort=${sorts[i % 4]}${i % 2 ? '&q=dent' : ''}`, { headers: auth })));
  console.log(await latency('GET /api/me', () => fetch(`${base}/api/me`, { headers: auth })));
  // Last: spawnSync blocks this process, so no keep-alive connection may be left waiting behind it.
  const scrypt = await latency('POST /api/login (scrypt)', () => fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'supervisor@demo.local', password: 'demo1234' }) }), 30);
  console.log(scrypt);
  if (process.env.BENCH_LIGHTHOUSE !== '0') console.log(lighthouse('/log-in'));
  // The speed table of issue 12: full path against the bare handler, 200 staff without pause, a real office.
  if (process.env.BENCH_PATH !== '0') spawnSync(process.execPath, ['scripts/bench/path.mjs'], { stdio: 'inherit' });
} catch (error) {
  console.error(error, fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8'));
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
