// `npm run test:e2e:alone`: every browser spec file run by itself, against servers of its own freshly seeded, so a
// spec that needs what another left behind fails here (issue 22). Two lanes side by side on their own ports; the
// app is built once first. Prints one line per file and ends non-zero if any failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const LANES = Number(process.env.ALONE_LANES ?? 2);
// Away from the suite's own ports (8181…), so a suite running beside it is not disturbed.
const FIRST_PORT = 8481;

const specsIn = (dir, suffix) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((file) => file.endsWith(suffix)).map((file) => path.join(dir, file)).sort() : [];
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const specs = [...specsIn('tests/e2e', '.spec.ts'), ...specsIn('tests/paths/app', '.paths.spec.ts')].filter(
  (spec) => only.length === 0 || only.some((name) => spec.includes(name)),
);
if (specs.length === 0) {
  console.error(`No browser spec file's path contains ${only.join(' or ')}.`);
  process.exit(1);
}

if (!process.argv.includes('--no-build') && spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status !== 0) process.exit(1);

/** Runs one spec file alone; resolves with its verdict, its tests' summary and its seconds. */
function runAlone(spec, port) {
  const start = performance.now();
  // The path as an anchored pattern: Playwright matches its arguments as regular expressions against whole paths.
  const pattern = `${path.resolve(spec).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const child = spawn('npx', ['playwright', 'test', pattern], {
    env: { ...process.env, E2E_PORT: String(port), E2E_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const summary = [...output.matchAll(/^\s+(\d+ (?:passed|failed|flaky|skipped|did not run))/gm)].map((match) => match[1]).join(', ');
      resolve({ spec, code: code ?? 1, summary, seconds: (performance.now() - start) / 1000, output });
    });
  });
}

const queue = [...specs];
const results = [];
await Promise.all(
  Array.from({ length: LANES }, async (_, lane) => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const result = await runAlone(spec, FIRST_PORT + lane * 100);
      results.push(result);
      console.log(`${result.code === 0 ? '✓' : '✘'} ${spec}  ${result.summary || 'no summary'}  ${result.seconds.toFixed(0)} s`);
      if (result.code !== 0) console.log(result.output.split('\n').slice(-60).join('\n'));
    }
  }),
);

const failed = results.filter((result) => result.code !== 0);
console.log(`\n${results.length - failed.length} of ${results.length} spec files passed alone${failed.length ? `; failed: ${failed.map((result) => result.spec).join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
