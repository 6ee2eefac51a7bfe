// The request path measured side by side (`npm run bench`, or `node scripts/bench/path.mjs` alone):
// the insurers list (20 rows) through the full path against a bare Hono handler running the same
// query on the same database in the same process, plus each stage alone, in interleaved rounds;
// then the 200-staff mixes. On PGlite (fresh, in memory) and, when BENCH_DATABASE_URL names an
// empty database, on PostgreSQL. Figures are printed with the load average, never asserted.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { describeMix, signIn, staffMix } from './mix.mjs';

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

function startServer(database) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/path-server.ts'], {
    env: { ...process.env, PORT: String(PORT), BENCH_DATABASE: database, DATABASE_URL: '' },
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
  let done = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(`${base}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
      await response.arrayBuffer();
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  return done / SECONDS;
}

const ROUTES = [
  ['bare handler', '/bare/list'],
  ['+ session', '/bare/auth'],
  ['+ audit row', '/bare/audit'],
  ['full path', '/api/insurers?page=1&pageSize=20&sort=name'],
];

async function ratio(label, token) {
  for (const [, pathname] of ROUTES) await throughput(pathname, token); // warm-up
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const rates = [];
    const order = round % 2 ? [...ROUTES.keys()].reverse() : [...ROUTES.keys()];
    for (const i of order) rates[i] = await throughput(ROUTES[i][1], token);
    rounds.push(rates);
    console.log(
      `${label} round ${round + 1} (load ${load()}): ` +
        ROUTES.map(([name], i) => `${name} ${Math.round(rates[i])}/s`).join(', ') +
        ` → full/bare ${(rates[3] / rates[0]).toFixed(2)}×`,
    );
  }
  const mean = (i) => rounds.reduce((sum, r) => sum + r[i], 0) / rounds.length;
  const ratios = rounds.map((r) => r[3] / r[0]).sort((x, y) => x - y);
  const median = (ratios[(ratios.length - 1) >> 1] + ratios[ratios.length >> 1]) / 2;
  console.log(
    `${label} GET /api/insurers (20 rows), ${CONNECTIONS} clients: full ${Math.round(mean(3))}/s vs bare ${Math.round(mean(0))}/s = ${(mean(3) / mean(0)).toFixed(2)}×; ` +
      `median of ${ROUNDS} rounds ${median.toFixed(2)}× (range ${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)}; goal ≥ 0.70×)`,
  );
}

async function measure(label, database) {
  const server = await startServer(database);
  try {
    const token = await signIn(base, 'admin@demo.local');
    if (parts.has('ratio')) await ratio(label, token);
    if (parts.has('load')) {
      console.log(`${label} ${describeMix('200 staff, no think time', await staffMix({ base, seconds: MIX_SECONDS, tag: `L${Date.now() % 1000}` }))} (load ${load()}; goal: none over 2 s)`);
    }
    if (parts.has('office')) {
      console.log(`${label} ${describeMix('office, 1 request / 5 s each', await staffMix({ base, seconds: MIX_SECONDS, periodMs: 5000, tag: `O${Date.now() % 1000}` }))} (load ${load()}; goal p95 ≤ 50 ms, p99 ≤ 150 ms)`);
    }
  } finally {
    process.kill(-server.pid, 'SIGTERM');
  }
}

const databases = new Set((process.env.BENCH_PATH_DATABASES ?? 'pglite,postgres').split(','));
if (databases.has('pglite')) await measure('PGlite', 'memory://');
if (!databases.has('postgres')) process.exit(0);
if (process.env.BENCH_DATABASE_URL) await measure('PostgreSQL', process.env.BENCH_DATABASE_URL);
else console.log('PostgreSQL: set BENCH_DATABASE_URL to an empty database to measure it too');
process.exit(0);
