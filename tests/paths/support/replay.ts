/**
 * What the generated specs (tests/paths/<machine>/<criterion>/*.paths.test.ts) run: each path replayed on a
 * real actor of the registered machine, checking the state after every step and the transitions taken
 * (and the guard outcomes, for the `guards` criterion). A failing path is reported with its shortest
 * failing prefix. Every replay is given to the coverage recorder.
 */
import fs from 'node:fs';
import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { MACHINES } from '../../../src/machines/registry.ts';
import { structuralTargets, targetsOf, traceCoverage } from '../../../scripts/statecharts/paths/criteria.ts';
import { runPath, type Trace } from '../../../scripts/statecharts/paths/executor.ts';
import { testableCopy } from '../../../scripts/statecharts/paths/instrument.ts';
import { recordTrace } from '../../../scripts/statecharts/paths/recorder.ts';
import { shrink } from '../../../scripts/statecharts/paths/shrink.ts';
import type { PathEvent, PathRecord, PathsFile, Scenario } from '../../../scripts/statecharts/paths/types.ts';

export const loadPaths = (url: URL): PathsFile => JSON.parse(fs.readFileSync(url, 'utf8')) as PathsFile;

const copies = new Map<string, AnyStateMachine>();
export function machineNamed(name: string): AnyStateMachine {
  let copy = copies.get(name);
  if (!copy) {
    const registered = MACHINES.find((m) => m.name === name);
    if (!registered) throw new Error(`No registered machine named ${name}`);
    copies.set(name, (copy = testableCopy(registered.machine)));
  }
  return copy;
}

/** What a step must show: its state, and the transitions taken (and guards, when the criterion is guards). */
interface Observed {
  step: string;
  state: string;
  final: boolean;
  transitions: string[];
  guards?: string[];
}

function observedOf(trace: Trace, path: PathRecord, withGuards: boolean): Observed[] {
  const steps = [trace.initial, ...trace.steps];
  return steps.map((step, i) => ({
    step: i === 0 ? 'start' : `${i}. ${path.steps[i - 1]!.event.type}`,
    state: step.error ? `(error: ${step.error})` : step.state,
    final: step.status === 'done',
    transitions: step.transitions,
    ...(withGuards ? { guards: step.guards } : {}),
  }));
}

function expectedOf(path: PathRecord, withGuards: boolean, length = path.steps.length): Observed[] {
  const steps = [path.initial, ...path.steps.slice(0, length)];
  return steps.map((step, i) => ({
    step: i === 0 ? 'start' : `${i}. ${path.steps[i - 1]!.event.type}`,
    state: step.state,
    final: Boolean(step.final),
    transitions: step.transitions,
    ...(withGuards ? { guards: step.guards } : {}),
  }));
}

/** The index of the first step whose observation differs from the expectation, or -1. */
export function firstMismatch(expected: Observed[], actual: Observed[]): number {
  for (let i = 0; i < Math.max(expected.length, actual.length); i += 1) {
    if (JSON.stringify(expected[i]) !== JSON.stringify(actual[i])) return i;
  }
  return -1;
}

export interface PathCheck {
  ok: boolean;
  expected: Observed[];
  actual: Observed[];
  /** When failing: the shortest prefix of the path's events that already fails. */
  shortestFailingPrefix?: PathEvent[];
  message?: string;
}

/** Replays one path on a machine and compares, step by step; pure, so it is unit-tested on broken machines. */
export function checkPath(machine: AnyStateMachine, scenario: Scenario, path: PathRecord, withGuards: boolean, onTrace?: (trace: Trace) => void): PathCheck {
  const events = path.steps.map((s) => s.event);
  const trace = runPath(machine, scenario, events);
  onTrace?.(trace);
  const expected = expectedOf(path, withGuards);
  const actual = observedOf(trace, path, withGuards);
  if (firstMismatch(expected, actual) < 0) return { ok: true, expected, actual };
  const fails = (prefix: PathEvent[]) => {
    const run = observedOf(runPath(machine, scenario, prefix), path, withGuards);
    return firstMismatch(expectedOf(path, withGuards, prefix.length), run) >= 0;
  };
  const { events: shortest } = shrink(events, fails);
  const at = firstMismatch(expected, actual);
  const message =
    `${path.id} (${path.title}) differs from the model at step ${at === 0 ? 'start' : at}; ` +
    `shortest failing prefix (${shortest.length} event${shortest.length === 1 ? '' : 's'}): ` +
    (shortest.length ? shortest.map((e) => JSON.stringify(e)).join(', ') : '(starting the actor)');
  return { ok: false, expected, actual, shortestFailingPrefix: shortest, message };
}

/** The body of one generated `it(...)`: replays the path and asserts every step. */
export function replayPath(file: PathsFile, id: string): void {
  const path = file.paths.find((p) => p.id === id);
  if (!path) throw new Error(`${id} is not in the paths of ${file.machine}/${file.criterion}`);
  const scenario = file.scenarios.find((s) => s.name === path.scenario)!;
  const result = checkPath(machineNamed(file.machine), scenario, path, file.criterion === 'guards', (trace) => recordTrace(file.machine, trace));
  expect(result.actual, result.message).toEqual(result.expected);
}

/**
 * The criterion still holds on the current machine: replaying every path covers every target but the ones
 * recorded as unreachable (a transition added since generation shows up here: regenerate the paths).
 */
export function assertCriterion(file: PathsFile): void {
  const machine = machineNamed(file.machine);
  const registered = MACHINES.find((m) => m.name === file.machine)!.machine;
  const coverage = file.paths.reduce(
    (covered, path) =>
      traceCoverage(
        runPath(
          machine,
          file.scenarios.find((s) => s.name === path.scenario)!,
          path.steps.map((s) => s.event),
        ),
        covered,
      ),
    undefined as ReturnType<typeof traceCoverage> | undefined,
  );
  const covered = new Set(coverage ? targetsOf(file.criterion, coverage) : []);
  const wanted = structuralTargets(file.criterion, registered) ?? file.paths.flatMap((p) => p.covers);
  const missing = wanted.filter((t) => !covered.has(t) && !file.targets.unreachable.includes(t));
  expect(missing, `not covered any more — regenerate with: ${file.command}`).toEqual([]);
}
