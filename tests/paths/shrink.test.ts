import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { generatePaths, DEFAULT_OPTIONS } from '../../scripts/test-paths/generate.ts';
import { runPath } from '../../scripts/statecharts/paths/executor.ts';
import { testableCopy } from '../../scripts/statecharts/paths/instrument.ts';
import { shrink } from '../../scripts/statecharts/paths/shrink.ts';
import type { MachineFixture, PathEvent } from '../../scripts/statecharts/paths/types.ts';
import { checkPath } from './support/replay.ts';

describe('shrink', () => {
  it('finds the shortest failing prefix, and optionally removes the events the failure does not need', () => {
    const events = ['a', 'b', 'c', 'X', 'd', 'e', 'X'];
    const fails = (candidate: string[]) => candidate.includes('X');
    expect(shrink(events, fails)).toMatchObject({ events: ['a', 'b', 'c', 'X'], prefixLength: 4 });
    expect(shrink(events, fails, { removeEvents: true })).toMatchObject({ events: ['X'], prefixLength: 4 });
  });

  it('is exact when failures are not monotonic in the prefix length', () => {
    // Fails on prefixes of length 3 and 6 only.
    const fails = (candidate: number[]) => candidate.length === 3 || candidate.length === 6;
    expect(shrink([1, 2, 3, 4, 5, 6], fails).prefixLength).toBe(3);
  });

  it('keeps events the failure needs, in order', () => {
    const fails = (candidate: string[]) => candidate.join('').includes('ab') && candidate.at(-1) === 'c';
    expect(shrink(['x', 'a', 'b', 'y', 'c', 'z'], fails, { removeEvents: true }).events).toEqual(['a', 'b', 'c']);
  });

  it('refuses a sequence that does not fail', () => {
    expect(() => shrink([1, 2], () => false)).toThrow(/does not fail/);
  });
});

/**
 * A deliberately broken machine: after ARM, the second FIRE enters `exploded`, whose entry action throws
 * (the actor fails). NOISE and TICK do nothing useful. Random walks find the failure; it must be shrunk.
 */
const broken = setup({
  types: { context: {} as { fired: number }, events: {} as { type: 'ARM' } | { type: 'FIRE' } | { type: 'NOISE' } | { type: 'TICK' } },
  guards: { firedBefore: ({ context }) => context.fired >= 1 },
  actions: {
    countShot: assign({ fired: ({ context }) => context.fired + 1 }),
    explode: () => {
      throw new Error('boom: the entry action of exploded threw');
    },
  },
}).createMachine({
  id: 'broken',
  initial: 'idle',
  context: { fired: 0 },
  states: {
    idle: { on: { ARM: 'armed', NOISE: {}, TICK: {} } },
    armed: {
      on: {
        FIRE: [{ guard: 'firedBefore', target: 'exploded' }, { actions: 'countShot' }],
        NOISE: { target: 'armed', reenter: true },
        TICK: 'idle',
      },
    },
    exploded: { entry: 'explode' },
  },
});

const brokenFixture: MachineFixture = { subject: 'a broken machine', events: {}, scenarios: [{ name: 'start', description: 'from scratch' }] };

describe('shrinking failing random paths on a broken machine', () => {
  it('reports each failure once, shrunk to the events that cause it', () => {
    const file = generatePaths({ name: 'broken', machine: broken }, brokenFixture, {
      ...DEFAULT_OPTIONS,
      criterion: 'transitions',
      generators: ['random'],
      walks: 40,
      maxLength: 12,
      seed: 7,
    });
    expect(file.failures.length).toBeGreaterThan(0);
    const events = (list: PathEvent[]) => list.map((e) => e.type);
    for (const failure of file.failures) {
      expect(failure.message).toMatch(/boom/);
      expect(events(failure.events)).toEqual(['ARM', 'FIRE', 'FIRE']);
    }
    expect(Math.max(...file.failures.map((f) => f.originalLength))).toBeGreaterThan(3);
    // No selected path contains the failure.
    for (const path of file.paths) expect(path.steps.every((s) => s.state !== 'exploded')).toBe(true);
  });

  it('shrinks one long failing walk to its shortest failing prefix, then to a minimal sequence', () => {
    const machine = testableCopy(broken);
    const scenario = brokenFixture.scenarios[0]!;
    const walk: PathEvent[] = ['NOISE', 'ARM', 'NOISE', 'TICK', 'ARM', 'FIRE', 'NOISE', 'FIRE', 'TICK', 'NOISE'].map((type) => ({ type }));
    const fails = (candidate: PathEvent[]) => {
      const trace = runPath(machine, scenario, candidate);
      return [trace.initial, ...trace.steps].some((s) => s.error);
    };
    expect(fails(walk)).toBe(true);
    const prefix = shrink(walk, fails);
    expect(prefix.prefixLength).toBe(8);
    expect(prefix.events.map((e) => e.type)).toEqual(['NOISE', 'ARM', 'NOISE', 'TICK', 'ARM', 'FIRE', 'NOISE', 'FIRE']);
    expect(shrink(walk, fails, { removeEvents: true }).events.map((e) => e.type)).toEqual(['ARM', 'FIRE', 'FIRE']);
  });
});

describe('replaying generated paths on a machine that changed', () => {
  // The "fixed" machine: FIRE never explodes. Paths are generated from it, then replayed on `broken`.
  const fixed = setup({
    types: { context: {} as { fired: number }, events: {} as { type: 'ARM' } | { type: 'FIRE' } | { type: 'NOISE' } | { type: 'TICK' } },
    actions: { countShot: assign({ fired: ({ context }) => context.fired + 1 }) },
  }).createMachine({
    id: 'broken',
    initial: 'idle',
    context: { fired: 0 },
    states: {
      idle: { on: { ARM: 'armed', NOISE: {}, TICK: {} } },
      armed: { on: { FIRE: { actions: 'countShot' }, NOISE: { target: 'armed', reenter: true }, TICK: 'idle' } },
    },
  });

  it('fails the path at the first differing step and reports the shortest failing prefix', () => {
    const file = generatePaths({ name: 'fixed', machine: fixed }, brokenFixture, { ...DEFAULT_OPTIONS, criterion: 'transition-pairs', seed: 3 });
    const scenario = file.scenarios[0]!;
    const results = file.paths.map((path) => ({ path, check: checkPath(testableCopy(fixed), scenario, path, false) }));
    expect(results.every((r) => r.check.ok)).toBe(true);

    const onBroken = file.paths.map((path) => ({ path, check: checkPath(testableCopy(broken), scenario, path, false) }));
    const failing = onBroken.filter((r) => !r.check.ok);
    expect(failing.length).toBeGreaterThan(0);
    for (const { path, check } of failing) {
      const types = check.shortestFailingPrefix!.map((e) => e.type);
      // The first FIRE behaves the same on both machines; the second explodes the broken one: the prefix ends there.
      expect(types.at(-1)).toBe('FIRE');
      expect(types).toEqual(path.steps.slice(0, types.length).map((s) => s.event.type));
      expect(types.filter((t) => t === 'FIRE').length).toBe(2);
      expect(check.message).toMatch(/shortest failing prefix/);
    }
  });
});
