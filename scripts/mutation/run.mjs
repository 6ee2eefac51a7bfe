// `npm run test:mutation`: StrykerJS over the statecharts (core/workflows and src/machines) and the benefit engine (core/benefits),
// one scope at a time, each mutant against the tests of its own scope only. A machine's configuration object is
// built at import time, so Stryker counts its mutants as static and runs every selected test for each of them:
// against the whole suite that is ~1 min per mutant on two cores, against the machine's own model test and
// generated paths a few seconds. Writes reports/mutation/<scope>.{html,json} and prints the overall score.
// Options: --only <scope>[,<scope>] runs those scopes, in that order (e.g. --only reimbursement,benefits).
// --tempDirName <dir> gives Stryker a sandbox of its own when another run is going in the same checkout.
// --api then replays each scope's survivors against the API (scripts/mutation/api-pass.mjs; --sandbox and --minutes
// pass through to it) and prints the combined score of each scope that has an API replay.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { API_FILES } from './api-files.mjs';

const MACHINES = ['core/workflows', 'src/machines'].flatMap((dir) =>
  fs.readdirSync(dir).filter((f) => f.endsWith('.machine.ts')).map((f) => ({ dir, name: f.replace('.machine.ts', '') })),
);
// Machines with rules first, the benefit engine (the most mutants) last.
const SCOPES = [
  ...MACHINES.map(({ dir, name }) => ({
    name,
    mutate: `${dir}/${name}.machine.ts`,
    tests: [`tests/machines/${name}.machine.test.ts`, `tests/paths/${name}/*/*.paths.test.ts`, `tests/paths/boundaries/${name.split('-')[0]}*.boundaries.test.ts`],
  })),
  // What the server and the screens ask of any machine: refusals, allowed and blocked events, the steps.
  { name: 'workflow', mutate: 'core/workflows/workflow.ts', tests: ['tests/machines/*.test.ts'] },
  { name: 'benefits', mutate: 'core/benefits/**/*.ts', tests: ['tests/domain/*.test.ts'] },
];

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
const totals = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0 };
const rows = [];
let failed = false;
const chosen = only ? only.map((name) => SCOPES.find((s) => s.name === name) ?? fail(`No scope ${name}: ${SCOPES.map((s) => s.name).join(', ')}`)) : SCOPES;
// The options given on to Stryker (a sandbox of its own beside another run's) and to the API pass.
const forwarded = (...names) => names.flatMap((name) => (process.argv.includes(name) ? [name, process.argv[process.argv.indexOf(name) + 1]] : []));
const runScope = (scope) =>
  spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', '--mutate', scope.mutate, ...forwarded('--tempDirName')], {
    stdio: 'inherit',
    env: { ...process.env, STRYKER_SCOPE: scope.name, STRYKER_TESTS: scope.tests.join(',') },
  });
for (const scope of chosen) {
  let result = runScope(scope);
  // Stryker copies the checkout into its sandbox first; in a checkout others are editing, a file that vanishes
  // during that copy ends the run (ENOENT) before any mutant. Once more, then it counts as failed.
  if (result.status !== 0) result = runScope(scope);
  // A scope whose tests fail before any mutant is reported and skipped; the others still run.
  if (result.status !== 0) {
    rows.push({ scope: scope.name, failed: `stryker exited ${result.status}` });
    failed = true;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(`reports/mutation/${scope.name}.json`, 'utf8'));
  const counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      const key = { Killed: 'killed', Timeout: 'timeout', Survived: 'survived', NoCoverage: 'noCoverage', Ignored: 'ignored' }[mutant.status];
      if (key) counts[key] += 1;
    }
  }
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  rows.push({ scope: scope.name, ...counts, score: score(counts) });
}
console.table(rows);
console.log(`Mutation score: ${score(totals)} % (${totals.killed + totals.timeout} killed of ${totals.killed + totals.timeout + totals.survived + totals.noCoverage})`);
if (process.argv.includes('--api')) {
  for (const row of rows.filter((r) => !r.failed && API_FILES[r.scope])) {
    const pass = spawnSync('node', ['scripts/mutation/api-pass.mjs', row.scope, ...forwarded('--sandbox', '--minutes')], { stdio: 'inherit' });
    if (pass.status !== 0) failed = true;
  }
}
if (failed) process.exit(1);

function fail(message) {
  console.error(message);
  process.exit(2);
}

function score({ killed, timeout, survived, noCoverage }) {
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  return valid ? Math.round((1000 * detected) / valid) / 10 : 100;
}
