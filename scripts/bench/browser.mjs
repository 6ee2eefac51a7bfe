// The three browser rows of issue 12's speed table, in Debian's chromium against the built app and
// a real server: the log-in page's Lighthouse mobile run, sign-in click → dashboard content, and a
// menu click → content on a screen already visited. Printed, never asserted (shared, noisy machine).
//
//   node scripts/bench/browser.mjs            builds into a temporary directory, starts its own server
//   BENCH_BROWSER_BASE=http://127.0.0.1:9171  measures a server already running instead
//   BENCH_BROWSER_RUNS=5                      sign-in runs and menu rounds
//   BENCH_LIGHTHOUSE=0 / BENCH_LIGHTHOUSE_RUNS=3
//   BENCH_BROWSER_DETAIL=1                    also prints each run's waterfall and long tasks
// A whole run (Lighthouse included) writes its table into docs/benchmarks.md (section browser; report.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { firstPageWeight, lighthouseRuns } from './browser-lighthouse.mjs';
import { installWatcher, watchNextClick } from './browser-watch.mjs';
import { conditions, table, writeIfWhole } from './report.mjs';

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const DETAIL = process.env.BENCH_BROWSER_DETAIL === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };
/** Menu entries whose screens are lists: [menu label, the screen's heading]. */
const MENU = [
  ['Doctores', 'Doctores'],
  ['Pacientes', 'Pacientes'],
  ['Titulares', 'Titulares'],
  ['Aseguradoras', 'Aseguradoras'],
];

const ownServer = !process.env.BENCH_BROWSER_BASE;
const PORT = Number(process.env.BENCH_BROWSER_PORT ?? 9171);
const base = process.env.BENCH_BROWSER_BASE ?? `http://127.0.0.1:${PORT}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-bench-browser-'));
let server = null;

function startServer() {
  const dist = process.env.BENCH_DIST ?? path.join(work, 'dist');
  if (!process.env.BENCH_DIST) {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const log = fs.openSync(path.join(work, 'server.log'), 'w');
  server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), DIST_DIR: dist },
    stdio: ['ignore', log, log],
    detached: true,
  });
}
const stop = () => {
  if (!server) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
  server = null;
};
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const range = (xs) => (xs.length ? `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}` : '—');
const ms = (x) => (x == null ? '—' : `${Math.round(x)} ms`);
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

function printWaterfall(result) {
  for (const r of result.resources) console.log(`      ${String(Math.round(r.start)).padStart(5)}–${String(Math.round(r.end)).padEnd(5)} ${r.name}`);
  if (result.longTasks.length) console.log(`      long tasks: ${result.longTasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(', ')} ms`);
}

/** Fresh browser context, log-in page, credentials typed like a person (40 ms a key), then the click. */
async function signInRun(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
  await installWatcher(context);
  const page = await context.newPage();
  await page.goto(`${base}/log-in`);
  await page.getByLabel('Correo electrónico').pressSequentially(ADMIN.email, { delay: 40 });
  await page.getByLabel('Contraseña').pressSequentially(ADMIN.password, { delay: 40 });
  const result = await watchNextClick(
    page,
    {
      shell: { selector: '[data-testid="side-nav"]' },
      welcome: { selector: 'main h1', text: 'Panel' },
      content: { selector: '[data-testid^="dashboard-section-"]' },
      spinner: { selector: '.ui-loading' },
      pageSpinner: { selector: '.ui-loading[data-cover="page"]' },
      // Neither the log-in card, nor the signed-in layout, nor its outline (plain-CSS skeleton).
      blank: { none: ['.pub-card', '[data-testid="side-nav"]', '.shell-skeleton'] },
      skeleton: { selector: '.shell-skeleton' },
    },
    () => page.getByRole('button', { name: 'Ingresar' }).click(),
  );
  await context.close();
  return result;
}

/** One signed-in page; each menu screen visited once, then RUNS rounds of clicks on screens already visited. */
async function menuRuns(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
  await installWatcher(context);
  const page = await context.newPage();
  await page.goto(`${base}/log-in`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.locator('[data-testid^="dashboard-section-"]').first().waitFor();
  const nav = page.getByTestId('side-nav').getByRole('navigation');
  const click = (label) => async () => nav.getByRole('link', { name: label, exact: true }).click();
  const probes = (heading) => ({
    content: { selector: 'main tbody tr[data-index]', withHeading: heading },
    spinner: { selector: 'main .ui-loading, main .chakra-spinner' },
    skeleton: { selector: 'main .chakra-skeleton' },
  });
  const first = [];
  for (const [label, heading] of MENU) first.push({ label, ...(await watchNextClick(page, probes(heading), click(label))) });
  const again = [];
  for (let round = 0; round < RUNS; round++) {
    for (const [label, heading] of MENU) again.push({ label, ...(await watchNextClick(page, probes(heading), click(label))) });
  }
  await context.close();
  return { first, again };
}

function reportSignIn(runs) {
  const pick = (name) => runs.map((r) => r.first[name]).filter((x) => x != null);
  console.log(
    `sign-in click → dashboard content (admin, ${runs.length} runs): content ${ms(median(pick('content')))} (${range(pick('content'))}), ` +
      `shell ${ms(median(pick('shell')))} (${range(pick('shell'))}); full-page spinner in ${runs.filter((r) => r.first.pageSpinner != null).length}/${runs.length}, ` +
      `blank page in ${runs.filter((r) => r.first.blank != null).length}/${runs.length} (longest ${ms(Math.max(0, ...runs.map((r) => r.longest.blank ?? 0)))}), ` +
      `any spinner in ${runs.filter((r) => r.first.spinner != null).length}/${runs.length} (goal ≤ 500 ms, no blank page)`,
  );
  if (DETAIL) runs.forEach((r, i) => (console.log(`    run ${i + 1}: ${JSON.stringify(r.first)} longest ${JSON.stringify(r.longest)}`), printWaterfall(r)));
  return (
    `${ms(median(pick('content')))} median of ${runs.length} (${range(pick('content'))} ms), the layout from ${ms(median(pick('shell')))}; ` +
    `blank page ${runs.filter((r) => r.first.blank != null).length}/${runs.length}, full-page spinner ${runs.filter((r) => r.first.pageSpinner != null).length}/${runs.length}`
  );
}

function reportMenu({ first, again }) {
  const content = again.map((r) => r.first.content).filter((x) => x != null);
  const spinners = again.filter((r) => r.first.spinner != null);
  const spun = spinners.map((r) => r.longest.spinner ?? 0);
  console.log(
    `menu click → content, screen already visited (${again.length} clicks over ${MENU.length} lists): content ${ms(median(content))} (${range(content)}); ` +
      `spinner in ${spinners.length}/${again.length}${spinners.length ? ` for ${range(spun)} ms` : ''}; ` +
      `first visits ${range(first.map((r) => r.first.content).filter((x) => x != null))} ms (goal: no spinner, ≤ 100 ms)`,
  );
  if (DETAIL) [...first.map((r) => ({ ...r, label: `${r.label} (first)` })), ...again].forEach((r) => (console.log(`    ${r.label}: ${JSON.stringify(r.first)} longest ${JSON.stringify(r.longest)}`), printWaterfall(r)));
  return `${ms(median(content))} median of ${again.length} (${range(content)} ms), spinner ${spinners.length}/${again.length}`;
}

try {
  if (ownServer) startServer();
  await waitForServer();
  console.log(`browser rows against ${base} (load average ${load()})`);
  const loadBefore = load();
  const weight = await firstPageWeight(base, '/log-in', CHROMIUM);
  console.log(`log-in page: ${weight.kib.toFixed(1)} KiB of gzipped JavaScript in ${weight.files} files (budget 150)`);
  const lighthouse = process.env.BENCH_LIGHTHOUSE !== '0' ? lighthouseRuns(base, '/log-in', Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3), CHROMIUM, work, DETAIL) : { text: null, cell: null };
  if (lighthouse.text) console.log(lighthouse.text);
  const rows = [
    ['log-in page JavaScript', `${weight.kib.toFixed(1)} KiB gzipped in ${weight.files} files`, '≤ 150 KiB'],
    ['log-in page, Lighthouse 13.5 mobile', lighthouse.cell, 'LCP ≤ 1.6 s, score ≥ 95'],
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const signIns = [];
    for (let i = 0; i < RUNS; i++) signIns.push(await signInRun(browser));
    rows.push(['sign-in click → dashboard content', reportSignIn(signIns), '≤ 500 ms, no blank page']);
    rows.push(['menu click → content, screen already visited', reportMenu(await menuRuns(browser)), 'no spinner, ≤ 100 ms']);
  } finally {
    await browser.close();
  }
  console.log(`(load average after: ${load()})`);
  writeIfWhole('browser', lighthouse.cell != null, 'Lighthouse skipped or failed', () =>
    `${conditions(`load average ${loadBefore} before (1, 5, 15 min); Debian's chromium against ${ownServer ? 'a build and server of its own' : 'the bench server'}`)}\n\n` +
      table(['measure', 'result', 'goal'], rows),
  );
} catch (error) {
  console.error(error);
  if (ownServer && fs.existsSync(path.join(work, 'server.log'))) console.error(fs.readFileSync(path.join(work, 'server.log'), 'utf8').slice(-4000));
  process.exitCode = 1;
} finally {
  stop();
  fs.rmSync(work, { recursive: true, force: true });
}
