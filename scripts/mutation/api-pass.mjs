// The API replay's share of the mutation score: a second pass over the mutants Stryker left alive in one scope.
// Stryker runs each machine's mutants against its model test and machine-level paths only (the API replay starts a
// seeded server per file, ~30 s, too slow for every mutant). Here each Survived or NoCoverage mutant of
// reports/mutation/<scope>.json is applied in turn to a private worktree of HEAD and the scope's API replay files
// run against it: a failing run (or one past the time limit, or a server that cannot start) kills the mutant.
// Writes reports/mutation/<scope>.api.json and prints (Stryker killed + timed out + killed here) ÷ valid.
// Usage: node scripts/mutation/api-pass.mjs <scope> [--sandbox <dir>] [--minutes 6]
// (or `npm run test:mutation -- --only <scope> --api`). Mutants already decided in <scope>.api.json for the same
// source are kept, so an interrupted pass resumes.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API_FILES } from './api-files.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const scope = args[0];
if (!API_FILES[scope]) {
  console.error(`No API replay for scope ${scope ?? '(none)'}: ${Object.keys(API_FILES).join(', ')}`);
  process.exit(2);
}
const files = API_FILES[scope];
const sandbox = path.resolve(option('--sandbox', `../${path.basename(process.cwd())}-api-sandbox`));
const limitMs = Number(option('--minutes', 6)) * 60_000;
const outFile = `reports/mutation/${scope}.api.json`;
const report = JSON.parse(fs.readFileSync(`reports/mutation/${scope}.json`, 'utf8'));

prepareSandbox();
const earlier = fs.existsSync(outFile) ? JSON.parse(fs.readFileSync(outFile, 'utf8')) : { files: {} };
const out = { scope, apiFiles: files, sandboxCommit: git(['rev-parse', 'HEAD'], sandbox).trim(), files: {} };
const counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, apiKilled: 0, apiSurvived: 0, stale: 0 };

const baseline = await runReplay();
if (baseline.result !== 'Survived') {
  console.error(`The API replay fails on the unmutated sandbox (${baseline.failure}): nothing to measure.`);
  process.exit(1);
}
console.log(`Baseline: the API replay passes unmutated in ${seconds(baseline.ms)} s.`);

for (const [file, entry] of Object.entries(report.files)) {
  for (const m of entry.mutants) {
    const key = { Killed: 'killed', Timeout: 'timeout', Survived: 'survived', NoCoverage: 'noCoverage' }[m.status];
    if (key) counts[key] += 1;
  }
  const alive = entry.mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
  const target = path.join(sandbox, file);
  const source = fs.readFileSync(target, 'utf8');
  if (source !== entry.source) {
    console.log(`${file}: stale (the report's source is not HEAD's); its ${alive.length} survivors are skipped.`);
    out.files[file] = { stale: true, mutants: [] };
    counts.stale += alive.length;
    continue;
  }
  const hash = createHash('sha256').update(source).digest('hex');
  const done = earlier.files[file]?.hash === hash ? earlier.files[file].mutants : [];
  out.files[file] = { hash, mutants: [] };
  for (const m of alive) {
    let record = done.find((d) => d.id === m.id);
    if (!record) {
      fs.writeFileSync(target, applyMutant(source, m));
      try {
        const run = await runReplay();
        record = { id: m.id, file, line: m.location.start.line, mutator: m.mutatorName, replacement: m.replacement, strykerStatus: m.status, ...run };
      } finally {
        fs.writeFileSync(target, source);
      }
    }
    out.files[file].mutants.push(record);
    counts[record.result === 'Survived' ? 'apiSurvived' : 'apiKilled'] += 1;
    console.log(`#${m.id} ${file}:${record.line} ${m.mutatorName} → ${record.result} in ${seconds(record.ms)} s${record.failure ? ` (${record.failure})` : ''}`);
    fs.writeFileSync(outFile, JSON.stringify(out, null, 2));
  }
}
fs.writeFileSync(outFile, JSON.stringify(out, null, 2));

const valid = counts.killed + counts.timeout + counts.survived + counts.noCoverage;
const score = (detected) => (valid ? Math.round((1000 * detected) / valid) / 10 : 100);
console.table([{ scope, valid, ...counts, stryker: score(counts.killed + counts.timeout), combined: score(counts.killed + counts.timeout + counts.apiKilled) }]);

/** Stryker's locations are 1-based lines and 1-based columns, the end column exclusive. */
function applyMutant(source, m) {
  const lines = source.split('\n');
  const offset = ({ line, column }) => lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
  return source.slice(0, offset(m.location.start)) + m.replacement + source.slice(offset(m.location.end));
}

/** The scope's API replay in the sandbox: Survived if it passes, Killed with the first failing test, or Timeout. */
function runReplay() {
  const json = path.join(sandbox, '.api-pass-result.json');
  fs.rmSync(json, { force: true });
  const started = Date.now();
  // Test and hook limits well above the suite's own: on a loaded machine a slow test is not a killed mutant.
  const vitestArgs = ['vitest', 'run', ...files, '--bail=1', '--testTimeout=180000', '--hookTimeout=300000', '--reporter=json', `--outputFile=${json}`];
  const child = spawn('npx', vitestArgs, { cwd: sandbox, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, 'SIGKILL');
    }, limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = Date.now() - started;
      if (timedOut) return resolve({ result: 'Timeout', failure: `past ${limitMs / 60_000} min`, ms });
      if (code === 0) return resolve({ result: 'Survived', ms });
      resolve({ result: 'Killed', failure: firstFailure(json) ?? stderr.trim().split('\n').slice(-3).join(' ').slice(0, 300), ms });
    });
  });
}

function firstFailure(json) {
  if (!fs.existsSync(json)) return null;
  for (const suite of JSON.parse(fs.readFileSync(json, 'utf8')).testResults) {
    const test = suite.assertionResults.find((t) => t.status === 'failed');
    if (test) return `${path.basename(suite.name)}: ${test.title} — ${(test.failureMessages[0] ?? '').split('\n')[0].slice(0, 200)}`;
    if (suite.status === 'failed') return `${path.basename(suite.name)}: ${(suite.message ?? '').split('\n')[0].slice(0, 200)}`;
  }
  return null;
}

/**
 * A detached worktree beside the checkout at its HEAD (moved there if it exists, which also undoes a mutant left by a
 * pass killed mid-run), sharing its node_modules, with the generated contract files.
 */
function prepareSandbox() {
  const head = git(['rev-parse', 'HEAD'], '.').trim();
  if (fs.existsSync(sandbox)) git(['checkout', '--force', '--detach', head], sandbox);
  else {
    git(['worktree', 'add', '--detach', sandbox, head], '.');
    fs.symlinkSync(path.resolve('node_modules'), path.join(sandbox, 'node_modules'));
  }
  execFileSync('npm', ['run', 'gen:api', '--silent'], { cwd: sandbox, stdio: 'ignore' });
}

function git(gitArgs, cwd) {
  return execFileSync('git', gitArgs, { cwd, encoding: 'utf8' });
}

function seconds(ms) {
  return Math.round(ms / 1000);
}
