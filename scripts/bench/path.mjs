// The request path measured side by side (`npm run bench`, or `node scripts/bench/path.mjs` alone):
// the insurers list (20 rows) through the full path against a bare Hono handler running the same
// query on the same database in the same process, plus each stage alone, in interleaved rounds;
// then the 200-staff mixes. On PGlite (fresh, in memory) and, when BENCH_DATABASE_URL names an
// empty database, on PostgreSQL. Figures are printed with the load average, never asserted; a run of all
// three parts writes each database's table into docs/benchmarks.md (sections path-pglite, path-postgres; report.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeMix, signIn, staffMix } from './mix.mjs';
import { conditions, table, writeIfWhole } from './report.mjs';

const PORT = Number(process.env.BENCH_PATH_PORT ?? 9160);
const base = `http://127.0.0.1:${PORT}`;
// Short rounds, many of them, in alternating order: on a shared machine the load drifts within
// seconds, and the median of the rounds' ratios is steadier than the ratio of long runs.
const SECONDS = Number(process.env.BENCH_PATH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_PATH_ROUNDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_PATH_CONNECTIONS ?? 16);
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 60);
const parts = new Set((process.env.BENCH_PATH_PARTS ?? 'ratio,load,office').split(','));

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const load1 = () => os.loadavg()[0].toFixed(1);

const FLOOR_PORT = PORT + 1;
const floorBase = `http://127.0.0.1:${FLOOR_PORT}`;
const floorDump = path.join(os.tmpdir(), `dental-floor-${process.pid}.tar`);

function startServer(database, script = 'scripts/bench/path-server.ts', port = PORT) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port), BENCH_DATABASE: database, DATABASE_URL: '', BENCH_FLOOR_DUMP: floorDump },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`the bench server stopped (${code})`)));
  });
}

/** Requests per second that CONNECTIONS clients without pause get through in SECONDS. */
async function throughput(pathname, token) {
  const deadline = performance.now() + SECONDS * 1000;
  const url = pathname.startsWith('http') ? pathname : `${base}${pathname}`;
  let done = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
      await response.arrayBuffer();
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  return done / SECONDS;
}

// The full path last; the outside floor (another process, PGlite on its event loop) is the issue's yardstick.
const ROUTES = [
  ['bare handler', '/bare/list'],
  ['+ session', '/bare/auth'],
  ['+ audit row', '/bare/audit'],
  ['outside floor', `${floorBase}/floor/list`],
  ['full path', '/api/insurers?page=1&pageSize=20&sort=name'],
];

async function ratio(label, token, routes) {
  const FULL = routes.length - 1;
  const FLOOR = routes.findIndex(([name]) => name === 'outside floor');
  for (const [, pathname] of routes) await throughput(pathname, token); // warm-up
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const rates = [];
    const order = round % 2 ? [...routes.keys()].reverse() : [...routes.keys()];
    for (const i of order) rates[i] = await throughput(routes[i][1], token);
    rounds.push(rates);
    console.log(
      `${label} round ${round + 1} (load ${load()}): ` +
        routes.map(([name], i) => `${name} ${Math.round(rates[i])}/s`).join(', ') +
        ` → full/bare ${(rates[FULL] / rates[0]).toFixed(2)}×` + (FLOOR < 0 ? '' : `, full/floor ${(rates[FULL] / rates[FLOOR]).toFixed(2)}×`),
    );
  }
  const mean = (i) => rounds.reduce((sum, r) => sum + r[i], 0) / rounds.length;
  /** Full path against route `i`: mean of the rounds' rates, and the median and range of the rounds' ratios. */
  const against = (i, name) => {
    const ratios = rounds.map((r) => r[FULL] / r[i]).sort((x, y) => x - y);
    const median = (ratios[(ratios.length - 1) >> 1] + ratios[ratios.length >> 1]) / 2;
    console.log(
      `${label} GET /api/insurers (20 rows), ${CONNECTIONS} clients: full ${Math.round(mean(FULL))}/s vs ${name} ${Math.round(mean(i))}/s = ${(mean(FULL) / mean(i)).toFixed(2)}×; ` +
        `median of ${ROUNDS} rounds ${median.toFixed(2)}× (range ${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)}; goal ≥ 0.70×)`,
    );
    return (
      `${(mean(FULL) / mean(i)).toFixed(2)}× / ${median.toFixed(2)}× (${Math.round(mean(FULL))} vs ${Math.round(mean(i))}/s; ` +
      `${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} clients, range ${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)})`
    );
  };
  const stages = routes.slice(0, 3).map(([name], i) => `${name} ${Math.round(mean(i))}/s`).join(', ');
  return { bare: against(0, 'bare'), floor: FLOOR < 0 ? null : against(FLOOR, 'outside floor'), stages };
}

const time = (value) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
/** A mix's figures in one table cell. */
const mixCell = (r) =>
  `${Math.round(r.all.count / r.elapsed)} req/s, p50 ${time(r.all.p50)}, p95 ${time(r.all.p95)}, p99 ${time(r.all.p99)}, max ${time(r.all.max)}, ` +
  `${r.all.over2s} of ${r.all.count} over 2 s; writes p95 ${time(r.write.p95)}, max ${time(r.write.max)}; 5xx ${r.errors}`;

async function measure(label, database, section) {
  const server = await startServer(database);
  // The outside floor reads a dump of the embedded database; PostgreSQL has no dump, so it is measured on PGlite only.
  const floor = fs.existsSync(floorDump) ? await startServer('', 'scripts/bench/floor-server.ts', FLOOR_PORT) : null;
  const rows = [];
  try {
    const token = await signIn(base, 'admin@demo.local');
    if (parts.has('ratio')) {
      const before = load1();
      const routes = floor ? ROUTES : ROUTES.filter(([name]) => name !== 'outside floor');
      const result = await ratio(label, token, routes);
      const load = `${before}–${load1()}`;
      if (floor) rows.push(['`GET /api/insurers` full path vs the outside floor (mean / median)', result.floor, load, '≥ 0.70×']);
      rows.push(['`GET /api/insurers` full path vs bare handler in the server (mean / median)', result.bare, load, '—']);
      rows.push(['each stage alone in the server (mean)', result.stages, load, '—']);
    }
    if (parts.has('load')) {
      const before = load1();
      const result = await staffMix({ base, seconds: MIX_SECONDS, tag: `L${Date.now() % 1000}` });
      console.log(`${label} ${describeMix('200 staff, no think time', result)} (load ${load()}; goal: none over 2 s)`);
      rows.push([`200 staff, no think time (${MIX_SECONDS} s)`, mixCell(result), `${before}–${load1()}`, 'none over 2 s']);
    }
    if (parts.has('office')) {
      const before = load1();
      const result = await staffMix({ base, seconds: MIX_SECONDS, periodMs: 5000, tag: `O${Date.now() % 1000}` });
      console.log(`${label} ${describeMix('office, 1 request / 5 s each', result)} (load ${load()}; goal p95 ≤ 50 ms, p99 ≤ 150 ms)`);
      rows.push([`real office, 200 staff × 1 request / 5 s (${MIX_SECONDS} s)`, mixCell(result), `${before}–${load1()}`, 'p95 ≤ 50 ms, p99 ≤ 150 ms']);
    }
  } finally {
    process.kill(-server.pid, 'SIGTERM');
    if (floor) process.kill(-floor.pid, 'SIGTERM');
    fs.rmSync(floorDump, { force: true });
  }
  writeIfWhole(section, ['ratio', 'load', 'office'].every((part) => parts.has(part)), 'BENCH_PATH_PARTS picked only some parts', () =>
    `${conditions(`${label}, \`node scripts/bench/path.mjs\`; 1-minute load average at each part's start and end`)}\n\n` + table(['measure', 'result', 'load', 'goal'], rows),
  );
}

const databases = new Set((process.env.BENCH_PATH_DATABASES ?? 'pglite,postgres').split(','));
if (databases.has('pglite')) await measure('PGlite', 'memory://', 'path-pglite');
if (!databases.has('postgres')) process.exit(0);
if (process.env.BENCH_DATABASE_URL) await measure('PostgreSQL', process.env.BENCH_DATABASE_URL, 'path-postgres');
else console.log('PostgreSQL: set BENCH_DATABASE_URL to an empty database to measure it too');
process.exit(0);
