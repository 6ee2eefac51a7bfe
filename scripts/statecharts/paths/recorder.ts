/**
 * The coverage recorder: collects, per registered machine, the states, transitions, transition pairs and guard
 * outcomes that test runs covered. The generated specs record every path they replay; the hand-written model
 * tests are recorded without being edited, by running them with scripts/test-paths/recorder-setup.ts (which
 * makes every actor of a registered machine record itself).
 *
 * When the environment variable {@link COVERAGE_FILE_ENV} names a file, what a test file recorded is merged
 * into it once the file's tests end (the setup file does that); otherwise nothing is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Trace } from './executor.ts';
import { coveredBy, emptyCovered, type Covered, type RecordEntry } from './instrument.ts';
import { traceCoverage } from './criteria.ts';

export const COVERAGE_FILE_ENV = 'STATECHART_COVERAGE_FILE';

export interface CoverageRecord {
  states: string[];
  transitions: string[];
  pairs: string[];
  guards: string[];
}

const store = new Map<string, Covered>();

const coveredOf = (machine: string): Covered => {
  let covered = store.get(machine);
  if (!covered) store.set(machine, (covered = emptyCovered()));
  return covered;
};

/** Records the log of one actor's life (pairs are counted within the log). */
export function recordLog(machine: string, log: readonly RecordEntry[]): void {
  coveredBy(log, coveredOf(machine));
}

/** Records a replayed path. */
export function recordTrace(machine: string, trace: Trace): void {
  traceCoverage(trace, coveredOf(machine));
}

const sorted = (set: Set<string>) => [...set].sort();

/** What was recorded in this process (or worker), by machine name. */
export function recordedCoverage(): Record<string, CoverageRecord> {
  return Object.fromEntries(
    [...store.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([machine, c]) => [machine, { states: sorted(c.states), transitions: sorted(c.transitions), pairs: sorted(c.pairs), guards: sorted(c.guards) }]),
  );
}

export function resetRecorder(): void {
  store.clear();
}

/** Merges two coverage maps (union per machine and kind). */
export function mergeCoverage(a: Record<string, CoverageRecord>, b: Record<string, CoverageRecord>): Record<string, CoverageRecord> {
  const result: Record<string, CoverageRecord> = {};
  for (const machine of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const x = a[machine];
    const y = b[machine];
    const union = (k: keyof CoverageRecord) => [...new Set([...(x?.[k] ?? []), ...(y?.[k] ?? [])])].sort();
    result[machine] = { states: union('states'), transitions: union('transitions'), pairs: union('pairs'), guards: union('guards') };
  }
  return result;
}

export function readCoverageFile(file: string): Record<string, CoverageRecord> {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, CoverageRecord>) : {};
}

/** Merges what this process recorded into the file (test files run one after another, so no locking). */
export function flushRecorder(file: string | undefined = process.env[COVERAGE_FILE_ENV]): void {
  if (!file || store.size === 0) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(mergeCoverage(readCoverageFile(file), recordedCoverage()), null, 2)}\n`);
}
