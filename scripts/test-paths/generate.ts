/**
 * Test-path generation for one machine and one coverage criterion.
 *
 * 1. Candidates: shortest paths and simple paths to every state (from @xstate/graph, over the event alphabet,
 *    in every scenario), each extended by one event — two for transition pairs — plus seeded random walks.
 *    "Shortest + extension" visits every (state, event) of every scenario, so what it never covers is
 *    unreachable with these fixtures.
 * 2. Every candidate runs on a real actor (scripts/statecharts/paths/executor.ts), which records the transition
 *    definitions taken and the guards evaluated.
 * 3. Greedy set cover: repeatedly take the candidate covering the most targets not yet covered (then the
 *    shorter, then the earlier), cut after its last step that adds a target; finally drop paths made
 *    redundant by later ones.
 *
 * Everything is deterministic: the same machine, fixture and options give byte-identical output.
 */
import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { deriveAlphabet } from '../statecharts/paths/alphabet.ts';
import { PathRunner, isDeliverable, runPath, type Trace, type TraceStep } from '../statecharts/paths/executor.ts';
import { stepTargetsOf, structuralTargets } from '../statecharts/paths/criteria.ts';
import { testableCopy } from '../statecharts/paths/instrument.ts';
import { installMemoryStorage } from '../statecharts/paths/memory-storage.ts';
import { mulberry32, pick } from '../statecharts/paths/prng.ts';
import { shrink } from '../statecharts/paths/shrink.ts';
import {
  GENERATORS,
  type Criterion,
  type GeneratorName,
  type MachineFixture,
  type PathEvent,
  type PathRecord,
  type PathsFile,
  type Scenario,
  type StepRecord,
} from '../statecharts/paths/types.ts';

export interface GenerateOptions {
  criterion: Criterion;
  seed: number;
  /** Longest random walk, in events. */
  maxLength: number;
  /** How many random walks. */
  walks: number;
  generators: readonly GeneratorName[];
  /** Most simple paths taken per scenario (they grow fast). */
  simpleLimit: number;
}

export const DEFAULT_OPTIONS: Omit<GenerateOptions, 'criterion'> = { seed: 1, maxLength: 12, walks: 60, generators: GENERATORS, simpleLimit: 200 };

export interface MachineUnderTest {
  /** Registered name (file stem). */
  name: string;
  machine: AnyStateMachine;
}

interface Candidate {
  order: number;
  generator: GeneratorName;
  scenarioIndex: number;
  events: PathEvent[];
  trace: Trace;
  /** The criterion's targets covered by each step; index 0 is starting the actor. */
  stepTargets: string[][];
}

/** Most snapshots a traversal of @xstate/graph may visit (it throws beyond, instead of running out of memory). */
const TRAVERSAL_LIMIT = 5_000;

const failedStep = (trace: Trace): TraceStep | undefined => [trace.initial, ...trace.steps].find((s) => s.error);

export function generatePaths(subject: MachineUnderTest, fixture: MachineFixture, options: GenerateOptions): PathsFile {
  const { criterion } = options;
  const machine = testableCopy(subject.machine);
  const { alphabet, problems } = deriveAlphabet(subject.machine, fixture);
  if (problems.length) throw new Error(`Fixture of ${subject.name}: ${problems.join('; ')}`);
  const scenarios = fixture.scenarios;
  const byValue = (s: AnyMachineSnapshot) => JSON.stringify(s.value);
  const byValueAndContext = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });
  const notes: string[] = [];
  const deliverable = (snapshot: AnyMachineSnapshot) => alphabet.filter((event) => isDeliverable(snapshot, event));

  const pool = new Map<string, Candidate>();
  const failures: PathsFile['failures'] = [];
  const counts: Record<GeneratorName, number> = { shortest: 0, simple: 0, random: 0 };
  const exhaustive: Candidate[] = [];

  const add = (generator: GeneratorName, scenarioIndex: number, events: PathEvent[], trace?: Trace): Candidate | null => {
    const key = `${scenarioIndex}|${JSON.stringify(events)}`;
    const known = pool.get(key);
    if (known) return known;
    const run = trace ?? runPath(machine, scenarios[scenarioIndex]!, events);
    if (failedStep(run)) {
      recordFailure(scenarioIndex, events);
      return null;
    }
    const candidate: Candidate = { order: pool.size, generator, scenarioIndex, events, trace: run, stepTargets: stepTargetsOf(criterion, run) };
    pool.set(key, candidate);
    counts[generator] += 1;
    return candidate;
  };

  const recordFailure = (scenarioIndex: number, events: PathEvent[]) => {
    const scenario = scenarios[scenarioIndex]!;
    const fails = (candidate: PathEvent[]) => Boolean(failedStep(runPath(machine, scenario, candidate)));
    const shrunk = shrink(events, fails, { removeEvents: true });
    const message = failedStep(runPath(machine, scenario, shrunk.events))?.error ?? 'failed';
    const key = JSON.stringify([scenario.name, shrunk.events]);
    const known = failures.find((f) => JSON.stringify([f.scenario, f.events]) === key);
    if (known) known.originalLength = Math.max(known.originalLength, events.length);
    else failures.push({ scenario: scenario.name, events: shrunk.events, message, originalLength: events.length });
  };

  /** The candidate and every extension of it by up to `depth` deliverable events. */
  const extend = (generator: GeneratorName, scenarioIndex: number, prefix: PathEvent[], depth: number, collect?: Candidate[]) => {
    const base = add(generator, scenarioIndex, prefix);
    if (!base) return;
    collect?.push(base);
    if (depth === 0) return;
    const runner = new PathRunner(machine, scenarios[scenarioIndex]!);
    for (const event of prefix) runner.send(event);
    const next = deliverable(runner.snapshot);
    runner.stop();
    for (const event of next) {
      const child = add(generator, scenarioIndex, [...prefix, event]);
      if (!child) continue;
      collect?.push(child);
      // Going deeper is only useful after an event that moved the machine.
      if (depth > 1 && child.trace.steps[child.trace.steps.length - 1]!.transitions.length) extend(generator, scenarioIndex, child.events, depth - 1, collect);
    }
  };

  const depth = criterion === 'transition-pairs' ? 2 : 1;
  const traversal = (scenario: Scenario, serializeState: (s: AnyMachineSnapshot) => string) => {
    installMemoryStorage(scenario.storage ?? {});
    return { events: deliverable, input: scenario.input, serializeState, limit: TRAVERSAL_LIMIT };
  };
  const limitExceeded = (error: unknown) => /Traversal limit exceeded/.test(String(error));
  const eventsOf = (path: { steps: Array<{ event: unknown }> }) =>
    path.steps.map((s) => s.event as PathEvent).filter((e) => e.type !== 'xstate.init');

  // Shortest paths (always computed: their exhaustive extension also tells what is reachable).
  scenarios.forEach((scenario, index) => {
    let paths: Array<{ steps: Array<{ event: unknown }> }>;
    if (fixture.abstraction === 'value') paths = getShortestPaths(machine, traversal(scenario, byValue) as never) as never;
    else {
      try {
        paths = getShortestPaths(machine, traversal(scenario, byValueAndContext) as never) as never;
      } catch (error) {
        if (!limitExceeded(error)) throw error;
        // Unbounded context (a counter, a growing list): tell states apart by value only.
        notes.push(`scenario ${scenario.name}: more than ${TRAVERSAL_LIMIT} (value, context) states; explored by state value only`);
        paths = getShortestPaths(machine, traversal(scenario, byValue) as never) as never;
      }
    }
    for (const path of paths) extend('shortest', index, eventsOf(path), depth, exhaustive);
  });

  if (options.generators.includes('simple')) {
    scenarios.forEach((scenario, index) => {
      let paths: Array<{ steps: Array<{ event: unknown }> }> = [];
      try {
        paths = getSimplePaths(machine, traversal(scenario, byValue) as never) as never;
      } catch (error) {
        if (!limitExceeded(error)) throw error;
        notes.push(`scenario ${scenario.name}: simple paths exceed the traversal limit; none taken`);
      }
      for (const path of paths.slice(0, options.simpleLimit)) extend('simple', index, eventsOf(path), depth - 1);
    });
  }

  if (options.generators.includes('random')) {
    const random = mulberry32(options.seed);
    for (let walk = 0; walk < options.walks; walk += 1) {
      const scenarioIndex = Math.floor(random() * scenarios.length);
      const runner = new PathRunner(machine, scenarios[scenarioIndex]!);
      const events: PathEvent[] = [];
      const length = 1 + Math.floor(random() * options.maxLength);
      while (events.length < length && !runner.failed) {
        const next = deliverable(runner.snapshot);
        if (!next.length) break;
        const accepted = next.filter((event) => runner.snapshot.can(event));
        // Mostly events the state accepts; sometimes any event, so refusing guards get evaluated too.
        const event = accepted.length && random() < 0.8 ? pick(random, accepted) : pick(random, next);
        events.push(event);
        runner.send(event);
      }
      add('random', scenarioIndex, events, runner.stop());
    }
  }

  if (!options.generators.includes('shortest')) {
    for (const candidate of exhaustive) {
      if (candidate.generator === 'shortest') pool.delete(`${candidate.scenarioIndex}|${JSON.stringify(candidate.events)}`);
    }
    counts.shortest = 0;
  }

  // What can be covered, and what the criterion asks for.
  const reachable = new Set<string>();
  for (const candidate of [...exhaustive, ...pool.values()]) candidate.stepTargets.flat().forEach((t) => reachable.add(t));
  const universe = structuralTargets(criterion, subject.machine) ?? [...reachable].sort();
  const goal = universe.filter((t) => reachable.has(t));
  const unreachable = universe.filter((t) => !reachable.has(t));

  const selected = greedy([...pool.values()], new Set(goal));
  const covered = new Set(selected.flatMap((s) => s.targets));
  const uncovered = goal.filter((t) => !covered.has(t));

  const ordered = [...selected].sort((a, b) => a.candidate.scenarioIndex - b.candidate.scenarioIndex || a.rank - b.rank);
  const used = new Set(ordered.map((s) => s.candidate.scenarioIndex));
  const paths: PathRecord[] = ordered.map((s, i) => toRecord(`P${i + 1}`, s, machine, scenarios, criterion));

  return {
    machine: subject.name,
    machineId: subject.machine.id,
    criterion,
    seed: options.seed,
    maxLength: options.maxLength,
    walks: options.walks,
    generators: [...options.generators],
    command: commandOf(subject.name, options),
    alphabet,
    scenarios: scenarios.filter((_, index) => used.has(index)),
    targets: {
      total: universe.length,
      covered: covered.size,
      percent: universe.length ? Math.round((1000 * covered.size) / universe.length) / 10 : 100,
      unreachable,
      uncovered,
    },
    candidates: counts,
    notes,
    paths,
    failures,
  };
}

export function commandOf(name: string, options: GenerateOptions): string {
  const parts = [`npm run test:paths -- --machine ${name} --criterion ${options.criterion} --seed ${options.seed}`];
  if (options.maxLength !== DEFAULT_OPTIONS.maxLength) parts.push(`--max-length ${options.maxLength}`);
  if (options.walks !== DEFAULT_OPTIONS.walks) parts.push(`--walks ${options.walks}`);
  if (options.generators.join() !== DEFAULT_OPTIONS.generators.join()) parts.push(`--generators ${options.generators.join(',')}`);
  return parts.join(' ');
}

interface Selection {
  candidate: Candidate;
  /** The events kept: the candidate cut after its last contributing step, without inert steps. */
  events: PathEvent[];
  targets: string[];
  rank: number;
}

/**
 * Greedy set cover of `goal` by candidate prefixes. A chosen candidate is cut after its last step adding a
 * target, and loses the steps that took no transition and added nothing (they leave the snapshot unchanged,
 * so the rest of the path behaves the same without them).
 */
function greedy(candidates: Candidate[], goal: Set<string>): Selection[] {
  const covered = new Set<string>();
  const selected: Selection[] = [];
  for (;;) {
    let best: { candidate: Candidate; gain: number; length: number; fresh: Set<string> } | null = null;
    for (const candidate of candidates) {
      let last = -1;
      const fresh = new Set<string>();
      candidate.stepTargets.forEach((targets, step) => {
        for (const t of targets) {
          if (goal.has(t) && !covered.has(t) && !fresh.has(t)) {
            fresh.add(t);
            last = step;
          }
        }
      });
      const gain = fresh.size;
      if (!gain) continue;
      const length = last; // step 0 is the start; steps 1..last are events
      if (!best || gain > best.gain || (gain === best.gain && (length < best.length || (length === best.length && candidate.order < best.candidate.order)))) {
        best = { candidate, gain, length, fresh };
      }
    }
    if (!best) break;
    const { candidate, length, fresh } = best;
    const kept = [0];
    for (let step = 1; step <= length; step += 1) {
      const inert = candidate.trace.steps[step - 1]!.transitions.length === 0;
      if (!inert || candidate.stepTargets[step]!.some((t) => fresh.has(t))) kept.push(step);
    }
    const targets = [...new Set(kept.flatMap((step) => candidate.stepTargets[step]!))].filter((t) => goal.has(t));
    targets.forEach((t) => covered.add(t));
    const events = kept.slice(1).map((step) => candidate.events[step - 1]!);
    selected.push({ candidate, events, targets, rank: selected.length });
  }
  // Drop paths whose targets the others cover (latest first, as later choices are the narrower ones).
  for (let i = selected.length - 1; i >= 0; i -= 1) {
    const others = new Set(selected.filter((_, j) => j !== i).flatMap((s) => s.targets));
    if (selected[i]!.targets.every((t) => others.has(t))) selected.splice(i, 1);
  }
  return selected;
}

function stepRecord(step: TraceStep): Omit<StepRecord, 'event'> {
  return { state: step.state, ...(step.status === 'done' ? { final: true as const } : {}), transitions: step.transitions, guards: step.guards };
}

function toRecord(id: string, selection: Selection, machine: AnyStateMachine, scenarios: readonly Scenario[], criterion: Criterion): PathRecord {
  const { candidate } = selection;
  const scenario = scenarios[candidate.scenarioIndex]!;
  // Re-run what was kept, so the record is exactly what a replay observes.
  const trace = runPath(machine, scenario, selection.events);
  const stepTargets = stepTargetsOf(criterion, trace);
  const covers = [...new Set(stepTargets.flat())];
  const missing = selection.targets.filter((t) => !covers.includes(t));
  if (missing.length) throw new Error(`${id}: the shortened path no longer covers ${missing.join(', ')}`);
  const steps = trace.steps.map((step) => ({ event: step.event!, ...stepRecord(step) }));
  const states = [trace.initial.state, ...steps.map((s) => s.state)].filter((s, i, all) => i === 0 || s !== all[i - 1]);
  const shown = states.length > 7 ? [...states.slice(0, 3), '…', ...states.slice(-3)] : states;
  return {
    id,
    title: `${scenario.name}: ${shown.join(' → ')}${steps.length ? '' : ' (start)'}`,
    generator: candidate.generator,
    scenario: scenario.name,
    initial: stepRecord(trace.initial),
    steps,
    covers,
  };
}
