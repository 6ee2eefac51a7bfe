/**
 * Runs paths on a real actor of a machine: starts it in a scenario (input, browser storage), sends events one
 * at a time and records, per step, the state reached, the transition definitions taken and the guards evaluated.
 */
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { stateLabel } from './ids.ts';
import { createRecordedActor, STOPPED_CLOCK, type RecordEntry, type RecordedActor } from './instrument.ts';
import { installMemoryStorage } from './memory-storage.ts';
import type { PathEvent, Scenario } from './types.ts';

export interface TraceStep {
  /** Absent for the initial step (starting the actor). */
  event?: PathEvent;
  value: StateValue;
  state: string;
  status: string;
  /** What was recorded during the step. */
  log: RecordEntry[];
  transitions: string[];
  guards: string[];
  /** The actor failed (an action threw, an unhandled error event…). */
  error?: string;
}

export interface Trace {
  scenario: string;
  initial: TraceStep;
  steps: TraceStep[];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error));

/** An actor of the machine started in a scenario, stepping one event at a time. */
export class PathRunner {
  readonly initial: TraceStep;
  readonly steps: TraceStep[] = [];
  private readonly recorded: RecordedActor;
  private cursor = 0;

  constructor(
    readonly machine: AnyStateMachine,
    readonly scenario: Scenario,
  ) {
    installMemoryStorage(scenario.storage ?? {});
    let error: string | undefined;
    try {
      this.recorded = createRecordedActor(createActor as never, machine, { input: scenario.input, clock: STOPPED_CLOCK });
      // An error observer keeps xstate from rethrowing actor errors asynchronously; the step reports them.
      this.recorded.actor.subscribe({ error: () => {} });
      this.recorded.actor.start();
    } catch (thrown) {
      error = errorText(thrown);
      this.recorded ??= { actor: null as never, log: [] };
    }
    this.initial = this.take(undefined, error);
  }

  get snapshot(): AnyMachineSnapshot {
    return this.recorded.actor.getSnapshot() as AnyMachineSnapshot;
  }

  get failed(): boolean {
    return Boolean(this.last.error);
  }

  get last(): TraceStep {
    return this.steps[this.steps.length - 1] ?? this.initial;
  }

  /** Sends one event and records the step. */
  send(event: PathEvent): TraceStep {
    if (this.failed) throw new Error('The actor already failed');
    let error: string | undefined;
    try {
      this.recorded.actor.send(event);
    } catch (thrown) {
      error = errorText(thrown);
    }
    const step = this.take(event, error);
    this.steps.push(step);
    return step;
  }

  stop(): Trace {
    try {
      this.recorded.actor?.stop();
    } catch {
      // A failed actor may refuse to stop cleanly; the trace is what matters.
    }
    return { scenario: this.scenario.name, initial: this.initial, steps: this.steps };
  }

  private take(event: PathEvent | undefined, thrown: string | undefined): TraceStep {
    const log = this.recorded.log.slice(this.cursor);
    this.cursor = this.recorded.log.length;
    const snapshot = this.recorded.actor ? (this.recorded.actor.getSnapshot() as AnyMachineSnapshot) : undefined;
    const value = (snapshot?.value ?? '(not started)') as StateValue;
    const status = snapshot?.status ?? 'error';
    const error = thrown ?? (status === 'error' ? errorText((snapshot as { error?: unknown } | undefined)?.error ?? 'actor error') : undefined);
    return {
      ...(event ? { event } : {}),
      value,
      state: stateLabel(value),
      status,
      log,
      transitions: log.flatMap((e) => (e.kind === 'transition' ? [e.key] : [])),
      guards: log.flatMap((e) => (e.kind === 'guard' ? [`${e.guard}:${e.outcome}`] : [])),
      ...(error ? { error } : {}),
    };
  }
}

/** Runs a whole path (stopping at the first failing step) and returns its trace. */
export function runPath(machine: AnyStateMachine, scenario: Scenario, events: readonly PathEvent[]): Trace {
  const runner = new PathRunner(machine, scenario);
  for (const event of events) {
    if (runner.failed) break;
    runner.send(event);
  }
  return runner.stop();
}

const INVOKE_OUTCOME = /^xstate\.(?:done|error)\.actor\.(.+)$/;
const DELAYED = /^xstate\.after\.[^.]+\.(.+)$/;

/**
 * Whether the event can arrive at all in this snapshot: an invoke outcome only while the invoked actor runs,
 * a delayed event only while the state that scheduled it is active. Other events can always be sent.
 */
export function isDeliverable(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  if (snapshot.status !== 'active') return false;
  const outcome = INVOKE_OUTCOME.exec(event.type);
  if (outcome) return Boolean((snapshot.children as Record<string, unknown>)[outcome[1]!]);
  const delayed = DELAYED.exec(event.type);
  if (delayed) {
    const stateId = delayed[1]!;
    return (snapshot as unknown as { _nodes: Array<{ id: string }> })._nodes.some((node) => node.id === stateId);
  }
  return true;
}
