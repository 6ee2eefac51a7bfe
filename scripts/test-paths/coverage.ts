/**
 * Statechart coverage report for every registered machine: which states, transitions and guard outcomes
 * are covered (and which transition pairs were seen), merged from
 *
 * - the generated paths: every tests/paths/<machine>/<criterion>/paths.json is replayed on a real actor (a
 *   machine without generated `transitions` paths gets them generated in memory, seed 1);
 * - the hand-written model tests (tests/machines), run unmodified in a child Vitest with
 *   scripts/test-paths/recorder-setup.ts, which records every actor of a registered machine they create;
 * - and, counted apart, the runs beyond the machine: the paths replayed through the real HTTP API
 *   (tests/paths/api) and through the app's screens in a browser, as their last runs recorded them
 *   (scripts/statecharts/paths/runs.ts, coverage/statecharts/runs/).
 *
 * Writes coverage/statecharts/index.html (a table per machine), junit.xml (one testcase per transition, a
 * failure when uncovered) and coverage.json. Run it with `npm run test:paths -- --coverage`, or directly:
 * `npx tsx scripts/test-paths/coverage.ts [--no-handwritten] [--out <dir>]`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MACHINES, type RegisteredMachine } from '../../src/machines/registry.ts';
import { traceCoverage } from '../statecharts/paths/criteria.ts';
import { runPath } from '../statecharts/paths/executor.ts';
import { guardOutcomeIds, stateIds, transitionKeys } from '../statecharts/paths/ids.ts';
import { emptyCovered, testableCopy, type Covered } from '../statecharts/paths/instrument.ts';
import { COVERAGE_FILE_ENV, readCoverageFile, type CoverageRecord } from '../statecharts/paths/recorder.ts';
import { readRuns, type RunChannel, type RunRecord } from '../statecharts/paths/runs.ts';
import { CRITERIA, type PathsFile } from '../statecharts/paths/types.ts';
import { FIXTURES } from './fixtures.ts';
import { DEFAULT_OPTIONS, generatePaths } from './generate.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEFAULT_PATHS_DIR = path.join(ROOT, 'tests/paths');
export const DEFAULT_REPORT_DIR = path.join(ROOT, 'coverage/statecharts');

export interface Item {
  id: string;
  generated: boolean;
  handwritten: boolean;
  /** Taken by a path replayed through the real HTTP API (tests/paths/api). */
  api: boolean;
  /** Taken by a path replayed through the app's screens in a browser. */
  app: boolean;
  /** Not covered, and no run of any fixture scenario reaches it (exhaustive exploration): a dead end of the model or a fixture gap. */
  unreachable?: true;
}

export interface MachineReport {
  name: string;
  kind: RegisteredMachine['kind'];
  machineId: string;
  /** Where the generated coverage comes from (paths.json files, or "generated in memory"). */
  sources: string[];
  states: Item[];
  transitions: Item[];
  guards: Item[];
  /** Transition pairs seen (there is no finite list of pairs to compare against without exploration). */
  pairs: { generated: number; handwritten: number; total: number };
  /** The API and browser runs counted, each with when it last ran. */
  runs: Pick<RunRecord, 'channel' | 'source' | 'at'>[];
}

export interface CoverageReport {
  machines: MachineReport[];
  handwritten: { included: boolean; ok: boolean; note: string };
}

export interface CoverageOptions {
  pathsDir?: string;
  /** Run the hand-written model tests with the recorder (a child Vitest, a few seconds). */
  handwritten?: boolean;
  /** Where the API and browser runs keep their records (default coverage/statecharts/runs). */
  runsDir?: string;
}

const isCovered = (item: Item) => item.generated || item.handwritten || item.api || item.app;

const percent = (items: Item[]) => (items.length ? Math.round((1000 * items.filter(isCovered).length) / items.length) / 10 : 100);

/** What the generated paths of one machine cover, replayed on a real actor. */
export function generatedCoverage(registered: RegisteredMachine, pathsDir: string = DEFAULT_PATHS_DIR): { covered: Covered; sources: string[] } {
  const machine = testableCopy(registered.machine);
  const covered = emptyCovered();
  const sources: string[] = [];
  const files: PathsFile[] = [];
  for (const criterion of CRITERIA) {
    const file = path.join(pathsDir, registered.name, criterion, 'paths.json');
    if (!fs.existsSync(file)) continue;
    files.push(JSON.parse(fs.readFileSync(file, 'utf8')) as PathsFile);
    sources.push(path.relative(ROOT, file));
  }
  if (!files.some((f) => f.criterion === 'transitions')) {
    const fixture = FIXTURES[registered.name];
    if (fixture) {
      files.push(generatePaths(registered, fixture, { ...DEFAULT_OPTIONS, criterion: 'transitions' }));
      sources.push('transitions paths generated in memory (seed 1)');
    }
  }
  for (const file of files) {
    for (const p of file.paths) {
      const scenario = file.scenarios.find((s) => s.name === p.scenario)!;
      traceCoverage(
        runPath(
          machine,
          scenario,
          p.steps.map((s) => s.event),
        ),
        covered,
      );
    }
  }
  return { covered, sources };
}

/** Runs the hand-written model tests with the recorder and returns what they covered. */
export function handwrittenCoverage(): { coverage: Record<string, CoverageRecord>; ok: boolean; note: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statechart-coverage-')), 'handwritten.json');
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'scripts/test-paths/vitest.recorder.config.ts'], {
    cwd: ROOT,
    // A clean environment: this may run inside a Vitest worker, whose variables must not leak into the child.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|TINYPOOL)/.test(k))), [COVERAGE_FILE_ENV]: file },
    encoding: 'utf8',
  });
  const coverage = readCoverageFile(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const ok = run.status === 0;
  const note = ok
    ? 'tests/machines/*.test.ts, run unmodified with a recorder (scripts/test-paths/recorder-setup.ts)'
    : `the hand-written tests failed (exit ${run.status}); what they covered before failing is included\n${(run.stdout + run.stderr).slice(-2000)}`;
  return { coverage, ok, note };
}

/** Marks the uncovered items no scenario of the fixture can reach (asks the generator's exhaustive exploration). */
function markUnreachable(registered: RegisteredMachine, lists: Record<'states' | 'transitions' | 'guards', Item[]>): void {
  const fixture = FIXTURES[registered.name];
  if (!fixture) return;
  const criterionOf = { states: 'states', transitions: 'transitions', guards: 'guards' } as const;
  for (const [kind, items] of Object.entries(lists) as Array<[keyof typeof lists, Item[]]>) {
    if (items.every(isCovered)) continue;
    const file = generatePaths(registered, fixture, { ...DEFAULT_OPTIONS, criterion: criterionOf[kind], generators: ['shortest'] });
    for (const item of items) if (!isCovered(item) && file.targets.unreachable.includes(item.id)) item.unreachable = true;
  }
}

export function computeCoverage(options: CoverageOptions = {}): CoverageReport {
  const hand = options.handwritten === false ? null : handwrittenCoverage();
  const runs = readRuns(options.runsDir);
  const machines = MACHINES.map((registered): MachineReport => {
    const { covered, sources } = generatedCoverage(registered, options.pathsDir);
    const h = hand?.coverage[registered.name];
    const own = runs.filter((r) => r.machine === registered.name);
    const byRuns = (channel: RunChannel, kind: 'transitions' | 'guards') => new Set(own.filter((r) => r.channel === channel).flatMap((r) => r[kind]));
    const none = new Set<string>();
    const items = (ids: string[], generated: Set<string>, handwritten: readonly string[] = [], api = none, app = none) =>
      ids.map((id) => ({ id, generated: generated.has(id), handwritten: handwritten.includes(id), api: api.has(id), app: app.has(id) }));
    // The runs record transitions and guard outcomes; the states they reach are not counted apart.
    const states = items(stateIds(registered.machine), covered.states, h?.states);
    const transitions = items(transitionKeys(registered.machine), covered.transitions, h?.transitions, byRuns('api', 'transitions'), byRuns('app', 'transitions'));
    const guards = items(guardOutcomeIds(registered.machine), covered.guards, h?.guards, byRuns('api', 'guards'), byRuns('app', 'guards'));
    markUnreachable(registered, { states, transitions, guards });
    return {
      name: registered.name,
      kind: registered.kind,
      machineId: registered.machine.id,
      sources,
      states,
      transitions,
      guards,
      pairs: { generated: covered.pairs.size, handwritten: h?.pairs.length ?? 0, total: new Set([...covered.pairs, ...(h?.pairs ?? [])]).size },
      runs: own.map(({ channel, source, at }) => ({ channel, source, at })).sort((a, b) => a.channel.localeCompare(b.channel) || a.source.localeCompare(b.source)),
    };
  });
  return {
    machines,
    handwritten: hand
      ? { included: true, ok: hand.ok, note: hand.note }
      : { included: false, ok: true, note: 'not included (--no-handwritten): generated paths only' },
  };
}

// ---------------------------------------------------------------------------------------------------
// Rendering

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const percentCell = (items: Item[]) => {
  const pct = percent(items);
  return `<td class="${pct === 100 ? 'full' : pct >= 80 ? 'partial' : 'low'}">${pct} %</td>`;
};

const COLUMNS = ['generated', 'handwritten', 'api', 'app'] as const;

function summaryRow(label: string, items: Item[]) {
  const covered = items.filter(isCovered).length;
  return `<tr><th scope="row">${label}</th><td>${covered} / ${items.length}</td>${percentCell(items)}${COLUMNS.map((c) => `<td>${items.filter((i) => i[c]).length}</td>`).join('')}</tr>`;
}

function itemList(title: string, items: Item[]) {
  const rows = items
    .map((i) => {
      const mark = (b: boolean) => (b ? '✔' : '');
      return `<tr class="${isCovered(i) ? 'ok' : 'missing'}"><td><code>${escape(i.id)}</code>${i.unreachable ? ' <small>(unreachable)</small>' : ''}</td>${COLUMNS.map((c) => `<td>${mark(i[c])}</td>`).join('')}</tr>`;
    })
    .join('\n');
  return `<details><summary>${title}</summary><table class="items"><thead><tr><th>Item</th><th>Generated</th><th>Hand-written</th><th>API</th><th>App (browser)</th></tr></thead><tbody>\n${rows}\n</tbody></table></details>`;
}

export function renderHtml(report: CoverageReport): string {
  const sections = report.machines.map((m) => {
    const note = (i: Item) => (i.unreachable ? ' — unreachable: no run of any fixture scenario gets there' : '');
    const uncovered = [
      ...m.states.filter((i) => !isCovered(i)).map((i) => `state ${i.id}${note(i)}`),
      ...m.transitions.filter((i) => !isCovered(i)).map((i) => `transition ${i.id}${note(i)}`),
      ...m.guards.filter((i) => !isCovered(i)).map((i) => `guard outcome ${i.id}${note(i)}`),
    ];
    return `<section id="${escape(m.name)}">
<h2>${escape(m.name)} <small>(${m.kind}, machine id <code>${escape(m.machineId)}</code>)</small></h2>
<table class="summary"><thead><tr><th></th><th>Covered</th><th>%</th><th>by generated paths</th><th>by hand-written tests</th><th>through the API</th><th>through the app (browser)</th></tr></thead><tbody>
${summaryRow('States', m.states)}
${summaryRow('Transitions', m.transitions)}
${summaryRow('Guard outcomes', m.guards)}
<tr><th scope="row">Transition pairs seen</th><td colspan="2">${m.pairs.total}</td><td>${m.pairs.generated}</td><td>${m.pairs.handwritten}</td><td colspan="2"></td></tr>
</tbody></table>
${uncovered.length ? `<p class="missing-title">Not covered (${uncovered.length}):</p><ul class="missing">${uncovered.map((u) => `<li><code>${escape(u)}</code></li>`).join('')}</ul>` : '<p class="all">Everything covered.</p>'}
<p class="sources">Generated paths: ${m.sources.map((s) => `<code>${escape(s)}</code>`).join(', ') || 'none'}.</p>
<p class="sources">Runs through the API and the app: ${m.runs.map((r) => `${r.channel === 'api' ? 'API' : 'app'} — ${escape(r.source)}, last run ${escape(r.at)}`).join('; ') || 'none recorded (run <code>npx vitest run tests/paths/api</code> and the browser suite, then this report)'}.</p>
${itemList('States', m.states)}
${itemList('Transitions', m.transitions)}
${itemList('Guard outcomes', m.guards)}
</section>`;
  });
  const overview = report.machines
    .map(
      (m) =>
        `<tr><th scope="row"><a href="#${escape(m.name)}">${escape(m.name)}</a></th><td>${m.kind}</td>${[m.states, m.transitions, m.guards].map(percentCell).join('')}${(['api', 'app'] as const).map((c) => `<td>${m.transitions.filter((i) => i[c]).length} / ${m.transitions.length}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Statechart coverage</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1b1f24; max-width: 78rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid #d0d7de; padding: .25rem .6rem; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; }
td.full { background: #dafbe1; } td.partial { background: #fff8c5; } td.low { background: #ffebe9; }
tr.missing td { background: #ffebe9; }
ul.missing { color: #82071e; } p.all { color: #116329; }
section { border-top: 2px solid #d0d7de; margin-top: 2rem; }
code { font-size: 12.5px; } small { color: #57606a; font-weight: normal; }
</style>
</head>
<body>
<h1>Statechart coverage</h1>
<p>States, transition definitions and guard outcomes covered by the generated test paths (tests/paths, replayed on the machine) and by the hand-written model tests (${escape(report.handwritten.note.split('\n')[0]!)}); apart from those, the transitions and guard outcomes the generated paths took through the real API (tests/paths/api) and through the app's screens in a browser, as their last runs recorded them.</p>
${report.handwritten.ok ? '' : `<pre class="missing">${escape(report.handwritten.note)}</pre>`}
<table class="overview"><thead><tr><th>Machine</th><th>Kind</th><th>States</th><th>Transitions</th><th>Guard outcomes</th><th>Transitions through the API</th><th>Transitions through the app</th></tr></thead><tbody>
${overview}
</tbody></table>
${sections.join('\n')}
</body>
</html>
`;
}

/** JUnit XML: one testcase per transition of each machine, failing when no test takes it. */
export function renderJunit(report: CoverageReport): string {
  const suites = report.machines.map((m) => {
    const failures = m.transitions.filter((i) => !isCovered(i)).length;
    const cases = m.transitions
      .map((i) => {
        const by = [i.generated ? 'generated paths' : '', i.handwritten ? 'hand-written tests' : '', i.api ? 'API replay' : '', i.app ? 'app (browser) replay' : ''].filter(Boolean).join(', ');
        const name = escape(i.id);
        return isCovered(i)
          ? `    <testcase classname="statecharts.${escape(m.name)}" name="${name}"><system-out>covered by ${by}</system-out></testcase>`
          : `    <testcase classname="statecharts.${escape(m.name)}" name="${name}"><failure message="transition not covered" type="uncovered">No generated path or hand-written test takes ${name}${i.unreachable ? ' (and no run of any fixture scenario can: add a scenario or event variant to scripts/test-paths/fixtures.ts, or remove the dead transition)' : ''}</failure></testcase>`;
      })
      .join('\n');
    return `  <testsuite name="${escape(m.name)}" tests="${m.transitions.length}" failures="${failures}" errors="0" skipped="0">\n${cases}\n  </testsuite>`;
  });
  const tests = report.machines.reduce((n, m) => n + m.transitions.length, 0);
  const failures = report.machines.reduce((n, m) => n + m.transitions.filter((i) => !isCovered(i)).length, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="statechart transition coverage" tests="${tests}" failures="${failures}" errors="0">\n${suites.join('\n')}\n</testsuites>\n`;
}

export function writeReport(report: CoverageReport, outDir: string = DEFAULT_REPORT_DIR): string[] {
  fs.mkdirSync(outDir, { recursive: true });
  const files = {
    'index.html': renderHtml(report),
    'junit.xml': renderJunit(report),
    'coverage.json': `${JSON.stringify(report, null, 2)}\n`,
  };
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(outDir, name);
    fs.writeFileSync(file, text);
    return file;
  });
}

/** One line per machine, for the terminal. */
export function summaryLines(report: CoverageReport): string[] {
  return report.machines.map((m) => {
    const count = (items: Item[]) => {
      const unreachable = items.filter((i) => i.unreachable).length;
      return `${items.filter(isCovered).length}/${items.length} (${percent(items)} %)${unreachable ? `, ${unreachable} unreachable` : ''}`;
    };
    const through = (c: 'api' | 'app') => `${m.transitions.filter((i) => i[c]).length}/${m.transitions.length}`;
    return `${m.name.padEnd(24)} states ${count(m.states).padEnd(14)} transitions ${count(m.transitions).padEnd(14)} guard outcomes ${count(m.guards).padEnd(14)} transitions through the API ${through('api')}, the app ${through('app')}`;
  });
}

export { percent as coveragePercent };

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const report = computeCoverage({ handwritten: !args.includes('--no-handwritten') });
  const files = writeReport(report, outIndex >= 0 ? path.resolve(args[outIndex + 1]!) : DEFAULT_REPORT_DIR);
  for (const line of summaryLines(report)) console.log(line);
  console.log(`\nHand-written tests: ${report.handwritten.note.split('\n')[0]}`);
  for (const file of files) console.log(`wrote ${path.relative(process.cwd(), file)}`);
  if (!report.handwritten.ok) process.exitCode = 1;
}
