/**
 * Runs of generated paths beyond the machine itself, kept apart in the coverage report: replays through the
 * real HTTP API (tests/paths/api) and through the app's screens in a browser (the generated Playwright specs and
 * the flow walks of tests/e2e). Each run writes what its replays took — transition definitions and guard
 * outcomes, with the same ids as the report — to coverage/statecharts/runs/<channel>--<machine>--<source>.json;
 * scripts/test-paths/coverage.ts reads every record there. A record is only as fresh as its last run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type RunChannel = 'api' | 'app';

export const RUNS_DIR = fileURLToPath(new URL('../../../coverage/statecharts/runs', import.meta.url));

export interface RunRecord {
  channel: RunChannel;
  machine: string;
  /** What ran: the test file, or the paths file and criterion it replayed. */
  source: string;
  /** When it ran (ISO instant). */
  at: string;
  transitions: string[];
  guards: string[];
}

const fileName = (r: Pick<RunRecord, 'channel' | 'machine' | 'source'>) => `${r.channel}--${r.machine}--${r.source.replace(/[^\w.-]+/g, '_')}.json`;

/** Writes (replaces) the record of one run. */
export function recordRun(record: Omit<RunRecord, 'at'>, dir: string = RUNS_DIR): void {
  fs.mkdirSync(dir, { recursive: true });
  const full: RunRecord = { ...record, at: new Date().toISOString(), transitions: [...new Set(record.transitions)].sort(), guards: [...new Set(record.guards)].sort() };
  fs.writeFileSync(path.join(dir, fileName(record)), `${JSON.stringify(full, null, 2)}\n`);
}

/** Every run record kept in `dir` (none when it does not exist). */
export function readRuns(dir: string = RUNS_DIR): RunRecord[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as RunRecord);
}
