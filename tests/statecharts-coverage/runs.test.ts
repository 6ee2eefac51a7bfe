/**
 * The coverage report counts the runs beyond the machine apart: what the API replay and the browser replay
 * recorded (scripts/statecharts/paths/runs.ts) shows in their own columns, per machine and transition.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { computeCoverage, renderHtml, renderJunit, summaryLines } from '../../scripts/test-paths/coverage.ts';
import { guardOutcomeIds, transitionKeys } from '../../scripts/statecharts/paths/ids.ts';
import { readRuns, recordRun } from '../../scripts/statecharts/paths/runs.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

const policy = MACHINES.find((m) => m.name === 'policy')!.machine;
const [first, second] = transitionKeys(policy);
const [guard] = guardOutcomeIds(policy);

/**
 * A runs directory of the calling test's own, gone when it ends, with two API runs of the policy (the second
 * replacing the first) and one browser run recorded.
 */
function recorded(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statechart-runs-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  recordRun({ channel: 'api', machine: 'policy', source: 'transitions paths (tests/paths/api)', transitions: [second!, first!, first!], guards: [guard!] }, dir);
  recordRun({ channel: 'api', machine: 'policy', source: 'transitions paths (tests/paths/api)', transitions: [first!], guards: [guard!] }, dir);
  recordRun({ channel: 'app', machine: 'policy', source: 'tests/e2e/policies.spec.ts', transitions: [second!], guards: [] }, dir);
  return dir;
}

describe('API and app runs in the coverage report', () => {
  it('keeps one record per run, replaced by its next run', () => {
    const runs = readRuns(recorded());
    expect(runs.map((r) => [r.channel, r.transitions])).toEqual([
      ['api', [first]],
      ['app', [second]],
    ]);
  });

  it('marks per transition which were taken through the API and which through the app, apart from the other sources', { timeout: hangLimit(120_000) }, () => {
    const report = computeCoverage({ handwritten: false, runsDir: recorded() });
    const machine = report.machines.find((m) => m.name === 'policy')!;
    const item = (id: string) => machine.transitions.find((t) => t.id === id)!;
    expect(item(first!)).toMatchObject({ api: true, app: false });
    expect(item(second!)).toMatchObject({ api: false, app: true });
    expect(machine.transitions.filter((t) => t.api || t.app)).toHaveLength(2);
    expect(machine.guards.find((g) => g.id === guard)).toMatchObject({ api: true, app: false });
    expect(machine.runs.map((r) => r.channel)).toEqual(['api', 'app']);
    // No other machine borrows the policy's runs.
    expect(report.machines.filter((m) => m.name !== 'policy').flatMap((m) => m.transitions).some((t) => t.api || t.app)).toBe(false);

    const total = machine.transitions.length;
    expect(summaryLines(report).find((l) => l.startsWith('policy '))).toContain(`transitions through the API 1/${total}, the app 1/${total}`);
    const html = renderHtml(report);
    expect(html).toContain('<th>through the API</th><th>through the app (browser)</th>');
    expect(html).toContain('API — transitions paths (tests/paths/api), last run');
    expect(renderJunit(report)).toContain('API replay');
  });
});
