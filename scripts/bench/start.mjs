// A restart's time (issue 25 item 9): `npm start` on an embedded database already migrated and seeded,
// after a kill -9, until /api/health answers 200; BENCH_START_RUNS (5) restarts, each phase's share from the
// server's own start line. The first start (migrations and demo seed into an empty directory) is timed once
// for comparison. Run by `npm run bench` (BENCH_START=0 skips) or alone; writes the section `start`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { conditions, table, writeSection } from './report.mjs';

const PORT = Number(process.env.BENCH_START_PORT ?? 9172);
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-start-'));

/** Starts `npm start`, waits for health, kills the whole group with SIGKILL; the wall time and the start line's phases. */
async function startOnce() {
  const from = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}):\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - from;
    const phases = output.match(/Started in (\d+) ms since the process's code began \((.*)\)\./);
    return { ms, inServer: Number(phases?.[1]), phases: phases?.[2] ?? '' };
  } finally {
    // scripts/start.mjs runs the server in a process group of its own: the crash is the listener's kill -9.
    const listener = spawnSync('ss', ['-ltnpH', `sport = :${PORT}`], { encoding: 'utf8' }).stdout.match(/pid=(\d+)/)?.[1];
    if (listener) process.kill(Number(listener), 'SIGKILL');
    process.kill(-child.pid, 'SIGKILL');
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', resolve)));
    while (spawnSync('ss', ['-ltnH', `sport = :${PORT}`], { encoding: 'utf8' }).stdout.trim()) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
try {
  const first = await startOnce();
  console.log(`first start (migrate and seed an empty directory): ${seconds(first.ms)} (${first.phases})`);
  const restarts = [];
  for (let run = 0; run < RUNS; run++) {
    const restart = await startOnce();
    restarts.push(restart);
    console.log(`restart ${run + 1} after kill -9: ${seconds(restart.ms)}; in the server ${seconds(restart.inServer)} (${restart.phases})`);
  }
  const sorted = [...restarts].sort((a, b) => a.ms - b.ms);
  const median = sorted[(sorted.length - 1) >> 1];
  writeSection(
    'start',
    `${conditions(`\`node scripts/bench/start.mjs\`: \`npm start\` on the embedded database until \`/api/health\` answers, ${RUNS} restarts after kill -9`)}\n\n` +
      table(
        ['measure', 'result', 'goal'],
        [
          ['restart of a migrated database, median', `**${seconds(median.ms)}** (range ${seconds(sorted[0].ms)}–${seconds(sorted.at(-1).ms)})`, '≤ 5 s quiet'],
          ['its phases in the server (median run)', `${seconds(median.inServer)}: ${median.phases}`, '—'],
          ['first start: migrations and demo seed', seconds(first.ms), '—'],
        ],
      ),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
