// Runs commands as named phases, one after another, stopping at the first that fails, and prints how long
// each took. `npm test` runs the suite's phases through it; .ci/run adds its own (install, Node 24) to the
// same table through PHASES_FILE.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Appends one phase's line (`name<TAB>seconds<TAB>exit code`) to PHASES_FILE, when set. */
export function recordPhase(name, seconds, status) {
  if (process.env.PHASES_FILE) fs.appendFileSync(process.env.PHASES_FILE, `${name}\t${seconds.toFixed(1)}\t${status}\n`);
}

/** The table of PHASES_FILE's lines (or of `lines`), minutes per phase and the total. */
export function phaseTable(lines) {
  const rows = lines.map((line) => line.split('\t')).map(([name, seconds, status]) => ({ name, seconds: Number(seconds), status }));
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  const width = Math.max(5, ...rows.map((row) => row.name.length));
  const line = (name, seconds, note = '') => `${name.padEnd(width)}  ${(seconds / 60).toFixed(1).padStart(6)} min${note}`;
  return [
    `${'phase'.padEnd(width)}  ${'time'.padStart(10)}`,
    ...rows.map((row) => line(row.name, row.seconds, row.status === '0' ? '' : `  (failed, exit ${row.status})`)),
    line('total', total),
  ].join('\n');
}

/** Runs [name, command, args] phases in order; exits with the first failure's code. */
export function runPhases(phases) {
  const done = [];
  let failed = 0;
  for (const [name, command, args] of phases) {
    console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
    const start = performance.now();
    const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
    const seconds = (performance.now() - start) / 1000;
    const code = status ?? (signal ? 1 : 0);
    done.push(`${name}\t${seconds.toFixed(1)}\t${code}`);
    recordPhase(name, seconds, code);
    if (code !== 0) {
      failed = code;
      break;
    }
  }
  if (!process.env.PHASES_FILE) console.log(`\n${phaseTable(done)}`);
  process.exit(failed);
}
