import { afterAll, beforeAll, describe, it } from 'vitest';
import { recordRun } from '../../../../scripts/statecharts/paths/runs.ts';
import { SUITE_DATABASE, TestServer } from '../../../api/helpers.ts';
import type { PathsFile } from '../../../../scripts/statecharts/paths/types.ts';
import { assertApiCoverage, contextFor, loadPaths, replayOnApi, type MachineAdapter, type Reached, type ReplayContext } from './api-replay.ts';

/** The server's business date at the start of every path (adapters move it for time-driven steps). */
export const START_DAY = '2026-11-21';

/**
 * Each path replayed once, whichever test asks for it first, on the clock reset to START_DAY: a file's tests then
 * pass in any order (`--sequence.shuffle`). The paths of a file share its server and clock, so the callers replay one
 * after another.
 */
export function replayedOnce(clock: { today: string }, ctx: () => ReplayContext) {
  const replays = new Map<string, Promise<Reached>>();
  return {
    replay(adapter: MachineAdapter, file: PathsFile, pathId: string) {
      const key = `${file.machine} ${file.criterion} ${pathId}`;
      let run = replays.get(key);
      if (!run) {
        clock.today = START_DAY;
        run = replayOnApi(ctx(), adapter, file, pathId);
        replays.set(key, run);
      }
      return run;
    },
    settled: () => Promise.allSettled(replays.values()),
  };
}

/**
 * One describe block per paths file: one in-process server on the suite's database for the file (each path on
 * records of its own, the clock reset before each), one test per path, and a test that the replays together take
 * every transition of the criterion (but those declared unreachable through the API). Each path is replayed once,
 * by its own test or by that last one, whichever comes first.
 */
export function describeApiReplay(adapter: MachineAdapter, criterion: string, unreachable: readonly string[] = []): void {
  const file = loadPaths(new URL(`../../${adapter.machine}/${criterion}/paths.json`, import.meta.url));
  const clock = { today: START_DAY };
  let server: TestServer;
  let ctx: ReplayContext;
  const replays = replayedOnce(clock, () => ctx);
  const replay = (pathId: string) => replays.replay(adapter, file, pathId);
  const scenarioOf = (p: (typeof file.paths)[number]) => file.scenarios.find((s) => s.name === p.scenario)!;
  const replayable = file.paths.filter((p) => !adapter.cannotBuild?.(scenarioOf(p), p));
  describe(`${adapter.machine} — ${criterion}, replayed against the API`, () => {
    beforeAll(async () => {
      server = await TestServer.start({}, SUITE_DATABASE, () => clock.today);
      ctx = await contextFor(server, clock);
    });
    afterAll(async () => {
      // What this file's replays took through the API, for the coverage report's API column (a failed path adds
      // nothing: its steps count only once it passes).
      const took = (await replays.settled()).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      recordRun({ channel: 'api', machine: adapter.machine, source: `${criterion} paths (tests/paths/api)`, transitions: took.flatMap((t) => t.transitions), guards: took.flatMap((t) => t.guards) });
      await server?.close();
    });
    for (const path of file.paths) {
      const unbuildable = adapter.cannotBuild?.(scenarioOf(path), path);
      if (unbuildable) {
        it.skip(`${path.id} ${path.title} — not through the API: ${unbuildable}`, () => {});
        continue;
      }
      it(`${path.id} ${path.title}`, async () => {
        await replay(path.id);
      });
    }
    it(`reaches every ${criterion} target through the API${unreachable.length ? ` but the ${unreachable.length} it cannot (listed with their reasons)` : ''}`, async () => {
      const covered = new Set<string>();
      // One after another: the paths share the server and its clock.
      for (const path of replayable) {
        const took = await replay(path.id);
        for (const target of criterion === 'guards' ? took.guards : took.transitions) covered.add(target);
      }
      assertApiCoverage(file, covered, unreachable);
    });
  });
}
