import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordRun } from '../../../../scripts/statecharts/paths/runs.ts';
import { SUITE_DATABASE, TestServer } from '../../../api/helpers.ts';
import { assertApiCoverage, contextFor, loadPaths, replayOnApi, type MachineAdapter, type ReplayContext } from './api-replay.ts';

/** The server's business date at the start of every path (adapters move it for time-driven steps). */
export const START_DAY = '2026-11-21';

/**
 * One describe block per paths file: one in-process server on the suite's database for the file (each path on
 * records of its own, the clock reset before each), one test per path, and a last test that the replays
 * together take every transition of the criterion (but those declared unreachable through the API).
 */
export function describeApiReplay(adapter: MachineAdapter, criterion: string, unreachable: readonly string[] = []): void {
  const file = loadPaths(new URL(`../../${adapter.machine}/${criterion}/paths.json`, import.meta.url));
  const clock = { today: START_DAY };
  let server: TestServer;
  let ctx: ReplayContext;
  const covered = new Set<string>();
  const reached = { transitions: [] as string[], guards: [] as string[] };
  let ran = 0;
  describe(`${adapter.machine} — ${criterion}, replayed against the API`, () => {
    beforeAll(async () => {
      server = await TestServer.start({}, SUITE_DATABASE, () => clock.today);
      ctx = await contextFor(server, clock);
    });
    afterAll(async () => {
      // What this file's replays took through the API, for the coverage report's API column (a failed path adds
      // nothing: its steps count only once it passes).
      recordRun({ channel: 'api', machine: adapter.machine, source: `${criterion} paths (tests/paths/api)`, ...reached });
      await server?.close();
    });
    beforeEach(() => {
      clock.today = START_DAY;
    });
    for (const path of file.paths) {
      const scenario = file.scenarios.find((s) => s.name === path.scenario)!;
      const unbuildable = adapter.cannotBuild?.(scenario, path);
      if (unbuildable) {
        it.skip(`${path.id} ${path.title} — not through the API: ${unbuildable}`, () => {});
        continue;
      }
      it(`${path.id} ${path.title}`, async () => {
        const took = await replayOnApi(ctx, adapter, file, path.id);
        for (const target of criterion === 'guards' ? took.guards : took.transitions) covered.add(target);
        reached.transitions.push(...took.transitions);
        reached.guards.push(...took.guards);
        ran += 1;
      });
    }
    it(`reaches every ${criterion} target through the API${unreachable.length ? ` but the ${unreachable.length} it cannot (listed with their reasons)` : ''}`, () => {
      const scenarioOf = (p: (typeof file.paths)[number]) => file.scenarios.find((s) => s.name === p.scenario)!;
      const replayable = file.paths.filter((p) => !adapter.cannotBuild?.(scenarioOf(p), p));
      expect(ran, 'every path replayed').toBe(replayable.length);
      assertApiCoverage(file, covered, unreachable);
    });
  });
}
