/**
 * Statechart coverage gates.
 *
 * 1. For every session and workflow machine, the `transitions` paths generated with a fixed seed take every
 *    transition definition of the machine, replayed on a real actor (the list of what is missing otherwise).
 * 2. The coverage report (coverage/statecharts/index.html and junit.xml) is written, merging the generated
 *    paths and the hand-written model tests, which are run unmodified with a recorder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeCoverage, DEFAULT_REPORT_DIR, writeReport } from '../../scripts/test-paths/coverage.ts';
import { FIXTURES } from '../../scripts/test-paths/fixtures.ts';
import { DEFAULT_OPTIONS, generatePaths } from '../../scripts/test-paths/generate.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { traceCoverage } from '../../scripts/statecharts/paths/criteria.ts';
import { runPath } from '../../scripts/statecharts/paths/executor.ts';
import { transitionKeys } from '../../scripts/statecharts/paths/ids.ts';
import { emptyCovered, testableCopy } from '../../scripts/statecharts/paths/instrument.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

const SEED = 1;
const GATED = MACHINES.filter((m) => m.kind === 'session' || m.kind === 'workflow' || m.kind === 'flow');

describe('generated transition coverage (seed 1)', () => {
  it.each(GATED.map((m) => [m.name, m] as const))('%s: the generated paths take every transition', (name, registered) => {
    const fixture = FIXTURES[name];
    expect(fixture, `${name} needs a fixture in scripts/test-paths/fixtures.ts`).toBeDefined();
    const file = generatePaths(registered, fixture!, { ...DEFAULT_OPTIONS, criterion: 'transitions', seed: SEED });
    expect(file.failures, `${name}: random walks broke the machine`).toEqual([]);

    // Replayed independently of the generator's bookkeeping.
    const machine = testableCopy(registered.machine);
    const covered = emptyCovered();
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
    const all = transitionKeys(registered.machine);
    const missing = all.filter((key) => !covered.transitions.has(key));
    const percent = Math.round((1000 * (all.length - missing.length)) / all.length) / 10;
    expect(missing, `${name}: ${percent} % of transitions covered; missing:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe('coverage report', () => {
  it('merges generated paths and hand-written tests into HTML and JUnit', { timeout: hangLimit(180_000) }, () => {
    const report = computeCoverage({ handwritten: true });
    const files = writeReport(report, DEFAULT_REPORT_DIR);
    expect(files.map((f) => path.basename(f)).sort()).toEqual(['coverage.json', 'index.html', 'junit.xml']);
    expect(report.handwritten.ok, report.handwritten.note).toBe(true);

    const html = fs.readFileSync(path.join(DEFAULT_REPORT_DIR, 'index.html'), 'utf8');
    const junit = fs.readFileSync(path.join(DEFAULT_REPORT_DIR, 'junit.xml'), 'utf8');
    for (const m of MACHINES) {
      expect(html).toContain(`<section id="${m.name}">`);
      expect(junit).toContain(`<testsuite name="${m.name}" tests="${transitionKeys(m.machine).length}"`);
    }
    const testcases = junit.match(/<testcase /g)?.length ?? 0;
    expect(testcases).toBe(MACHINES.reduce((n, m) => n + transitionKeys(m.machine).length, 0));

    for (const m of report.machines) {
      // The hand-written model tests take every transition too; both sources are reported.
      expect(m.transitions.filter((t) => !t.handwritten).map((t) => t.id), `${m.name}: hand-written`).toEqual([]);
      if (GATED.some((g) => g.name === m.name)) expect(m.transitions.filter((t) => !t.generated).map((t) => t.id), `${m.name}: generated`).toEqual([]);
    }
  });
});
