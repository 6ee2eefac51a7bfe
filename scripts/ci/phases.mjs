// Runs commands as named phases and prints how long each took. `npm test` runs the suite's phases through it in
// two lanes side by side; .ci/run adds its own (install, Node 24) to the same table through PHASES_FILE.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

/**
 * One phase's line (`name<TAB>seconds<TAB>exit code<TAB>lane`): `lane` is set for a phase that ran beside others,
 * whose time the total does not add again (their lanes' row has it).
 */
const phaseLine = (name, seconds, status, lane = '') => `${name}\t${seconds.toFixed(1)}\t${status}\t${lane}`;

/** Appends one phase's line to PHASES_FILE, when set. */
export function recordPhase(name, seconds, status, lane) {
  if (process.env.PHASES_FILE) fs.appendFileSync(process.env.PHASES_FILE, `${phaseLine(name, seconds, status, lane)}\n`);
}

/** The table of PHASES_FILE's lines (or of `lines`): minutes per phase, those of a lane indented, and the total. */
export function phaseTable(lines) {
  const rows = lines.map((line) => line.split('\t')).map(([name, seconds, status, lane]) => ({ name: lane ? `  ${name}` : name, seconds: Number(seconds), status, lane }));
  const total = rows.filter((row) => !row.lane).reduce((sum, row) => sum + row.seconds, 0);
  const width = Math.max(5, ...rows.map((row) => row.name.length));
  const line = (name, seconds, note = '') => `${name.padEnd(width)}  ${(seconds / 60).toFixed(1).padStart(6)} min${note}`;
  return [
    `${'phase'.padEnd(width)}  ${'time'.padStart(10)}`,
    ...rows.map((row) => line(row.name, row.seconds, row.status === '0' ? '' : `  (failed, exit ${row.status})`)),
    line('total', total),
  ].join('\n');
}

/** How many of a failed phase's last lines are printed again at the end, where a reader of CI's tail sees them. */
const FAILURE_TAIL = 60;

/**
 * Runs one phase; its output goes to `print` line by line (whole lines, so two lanes never split each other's).
 * Resolves with its exit code, seconds and last lines.
 */
function runPhase([name, command, args], { nice, print }) {
  const [program, argv] = nice ? ['nice', ['-n', String(nice), command, ...args]] : [command, args];
  print(`\n▶ ${name}: ${[command, ...args].join(' ')}${nice ? ` (nice ${nice})` : ''}`);
  const start = performance.now();
  const child = spawn(program, argv, { stdio: ['inherit', 'pipe', 'pipe'] });
  const tail = [];
  const take = (line) => {
    print(line);
    tail.push(line);
    if (tail.length > FAILURE_TAIL) tail.shift();
  };
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', take);
  return new Promise((resolve) => {
    child.on('close', (status, signal) => resolve({ name, code: status ?? (signal ? 1 : 0), seconds: (performance.now() - start) / 1000, tail }));
  });
}

/**
 * Runs lanes side by side, each a list of phases in order that stops at its first failure; exits with the first
 * failure's code once every lane has ended. A lane with `live` prints as it goes; the others print each phase's
 * output when it ends, in one block; a failed phase's last lines come again after all of it. A lane's `nice` lowers
 * the priority of its commands: the CPU-bound checks yield to the browser suite, which mostly waits on its pages and
 * must not miss its time limits.
 */
export async function runLanes(lanes) {
  const started = performance.now();
  const side = lanes.length > 1;
  const ended = await Promise.all(
    lanes.map(async ({ phases, nice = 0, live = false }) => {
      const results = [];
      for (const phase of phases) {
        const buffered = [];
        const print = live ? (line) => console.log(line) : (line) => buffered.push(line);
        const result = await runPhase(phase, { nice, print });
        if (!live) console.log(buffered.join('\n'));
        console.log(`■ ${result.name}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${(result.seconds / 60).toFixed(1)} min`);
        results.push(result);
        if (result.code !== 0) break;
      }
      return results;
    }),
  );
  // A lane's failure scrolled by while the other lane printed; its last lines come again, without colours.
  for (const { name, code, tail } of ended.flat()) {
    if (code !== 0) console.log(`\n▼ ${name} failed (exit ${code}); its last ${tail.length} lines:\n${tail.join('\n').replace(/\x1b\[[0-9;]*m/g, '')}`);
  }
  // The table lists each lane's phases together, in the lanes' order, whatever order they ended in.
  const rows = ended.flatMap((results, index) => results.map(({ name, seconds, code }) => [name, seconds, code, side ? String(index + 1) : '']));
  const failed = rows.find(([, , code]) => code !== 0)?.[2] ?? 0;
  if (side) rows.push(['lanes side by side', (performance.now() - started) / 1000, failed, '']);
  for (const row of rows) recordPhase(...row);
  if (!process.env.PHASES_FILE) console.log(`\n${phaseTable(rows.map((row) => phaseLine(...row)))}`);
  process.exit(failed);
}

/** Runs [name, command, args] phases in order; exits with the first failure's code. */
export const runPhases = (phases) => runLanes([{ phases, live: true }]);
