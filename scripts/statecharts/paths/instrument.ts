/**
 * Recording what a real actor does, without changing what it does: the transition definitions it takes
 * (from xstate's `@xstate.microstep` inspection events), the states it enters, and every named guard it
 * evaluates while processing an event, with the outcome.
 *
 * Guards are recorded by wrapping the machine's named guard implementations *in place* (the wrapper calls the
 * original and returns its result), and only while the actor is being created, started or is processing an
 * event, so `snapshot.can(...)`, `explainRefusal` and other direct guard calls are not counted.
 */
import { fromPromise, type Actor, type ActorOptions, type AnyActorLogic, type AnyStateMachine, type StateValue } from 'xstate';
import { activeStateIds, transitionKey } from './ids.ts';

export type RecordEntry =
  | { kind: 'state'; value: StateValue; status: string }
  /** `source` is the path of the transition's source node: it was active when the transition was taken. */
  | { kind: 'transition'; key: string; source: string }
  | { kind: 'guard'; guard: string; outcome: boolean };

type GuardSink = (guard: string, outcome: boolean) => void;
let activeSink: GuardSink | null = null;

function withSink<T>(sink: GuardSink, fn: () => T): T {
  const previous = activeSink;
  activeSink = sink;
  try {
    return fn();
  } finally {
    activeSink = previous;
  }
}

const WRAPPED = Symbol.for('statecharts.paths.recordedGuard');
type GuardImplementation = ((...args: unknown[]) => unknown) & { [WRAPPED]?: true };

/** Wraps the machine's named guards in place so evaluations during recorded processing are reported. Idempotent. */
export function wrapGuards(machine: AnyStateMachine): void {
  const guards = machine.implementations.guards as Record<string, GuardImplementation>;
  for (const [name, guard] of Object.entries(guards)) {
    if (typeof guard !== 'function' || guard[WRAPPED]) continue;
    const wrapped: GuardImplementation = function (this: unknown, ...args: unknown[]) {
      const outcome = guard.apply(this, args);
      activeSink?.(name, Boolean(outcome));
      return outcome;
    };
    wrapped[WRAPPED] = true;
    guards[name] = wrapped;
  }
}

export const isStateMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'implementations' in logic && 'config' in logic;

/**
 * A copy of the machine whose invoked actors never settle (their outcomes are sent as
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events) and whose guards are recorded.
 */
export function testableCopy(machine: AnyStateMachine): AnyStateMachine {
  const never = () => new Promise<never>(() => {});
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, fromPromise(never)]));
  const copy = machine.provide({ actors } as never) as AnyStateMachine;
  wrapGuards(copy);
  return copy;
}

/** A clock that never fires: delayed (`after`) transitions are driven by sending their `xstate.after.*` events. */
export const STOPPED_CLOCK: NonNullable<ActorOptions<AnyStateMachine>['clock']> = { setTimeout: () => 0, clearTimeout: () => {} };

export interface RecordedActor {
  actor: Actor<AnyStateMachine>;
  /** Everything recorded so far, in order. */
  log: RecordEntry[];
}

type CreateActor = (logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) => Actor<AnyActorLogic>;

/**
 * Creates an actor of `machine` (through `create`, normally xstate's `createActor`) that records into `log`.
 * `onEntry` also receives each entry as it happens.
 */
export function createRecordedActor(
  create: CreateActor,
  machine: AnyStateMachine,
  options: ActorOptions<AnyStateMachine> = {},
  onEntry?: (entry: RecordEntry) => void,
): RecordedActor {
  wrapGuards(machine);
  const log: RecordEntry[] = [];
  const push = (entry: RecordEntry) => {
    log.push(entry);
    onEntry?.(entry);
  };
  const sink: GuardSink = (guard, outcome) => push({ kind: 'guard', guard, outcome });
  const userInspect = options.inspect;
  const inspect = (event: { type: string; actorRef?: { logic?: unknown } }) => {
    if (typeof userInspect === 'function') userInspect(event as never);
    else (userInspect as { next?: (e: unknown) => void } | undefined)?.next?.(event);
    if (event.actorRef?.logic !== machine) return;
    if (event.type === '@xstate.microstep') {
      const micro = event as unknown as { _transitions: object[]; snapshot: { value: StateValue; status: string } };
      for (const t of micro._transitions) {
        const key = transitionKey(t);
        if (key) push({ kind: 'transition', key, source: (t as { source: { path: string[] } }).source.path.join('.') });
      }
      push({ kind: 'state', value: micro.snapshot.value, status: micro.snapshot.status });
    }
  };
  const actor = withSink(sink, () => create(machine, { ...options, inspect } as ActorOptions<AnyActorLogic>)) as Actor<AnyStateMachine>;
  const initial = actor.getSnapshot() as { value: StateValue; status: string };
  if (!log.some((e) => e.kind === 'state')) push({ kind: 'state', value: initial.value, status: initial.status });
  const internal = actor as unknown as { _send: (event: unknown) => void; start: () => unknown };
  const send = internal._send.bind(actor);
  const start = internal.start.bind(actor);
  internal._send = (event) => withSink(sink, () => send(event));
  internal.start = () => withSink(sink, () => start());
  return { actor, log };
}

/** What a log covers. */
export interface Covered {
  states: Set<string>;
  transitions: Set<string>;
  pairs: Set<string>;
  guards: Set<string>;
}

export const emptyCovered = (): Covered => ({ states: new Set(), transitions: new Set(), pairs: new Set(), guards: new Set() });

export const pairId = (first: string, second: string) => `${first} ⟶ ${second}`;

/** `a.b.c` as the state value `{ a: { b: 'c' } }`. */
function pathValue(path: string): StateValue {
  const parts = path.split('.');
  const leaf = parts[parts.length - 1]!;
  return parts.slice(0, -1).reduceRight<StateValue>((inner, key) => ({ [key]: inner }) as StateValue, leaf);
}

/** Adds what the log covers to `into`; `previous` is the last transition key taken before the log (for pairs). */
export function coveredBy(log: readonly RecordEntry[], into: Covered = emptyCovered(), previous: string | null = null): Covered {
  let last = previous;
  for (const entry of log) {
    if (entry.kind === 'state') activeStateIds(entry.value).forEach((id) => into.states.add(id));
    else if (entry.kind === 'guard') into.guards.add(`${entry.guard}:${entry.outcome}`);
    else {
      if (entry.source) activeStateIds(pathValue(entry.source)).forEach((id) => into.states.add(id));
      into.transitions.add(entry.key);
      if (last !== null) into.pairs.add(pairId(last, entry.key));
      last = entry.key;
    }
  }
  return into;
}
