import { getNextTransitions, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { MACHINES, type RegisteredMachine } from '../../../machines/registry.ts';
import { workflowOf } from '@core/workflows/index.ts';
import { namedGuardsOf, snapshotAt, step, type WorkflowStep } from '@core/workflows/workflow.ts';
import { EXAMPLES } from '@core/workflows/examples.ts';

/**
 * The simulator's engine: the registered workflow machines themselves (the ones the server runs), stepped in
 * the browser on facts the analyst edits, never touching data. Everything here is pure, so it is unit-tested.
 */

/** The machines whose context is `{ facts }` read by their guards: the workflow machines. */
export const SIMULATED: RegisteredMachine[] = MACHINES.filter((m) => m.kind === 'workflow');

export const simulatedNamed = (name: string | null): RegisteredMachine => SIMULATED.find((m) => m.name === name) ?? SIMULATED[0]!;

export type Facts = Record<string, unknown>;

/**
 * Facts every guard accepts, to start from (the workflow's examples, which the test-path fixtures and the model
 * tests share), copied so edits never reach them.
 */
export function startingFacts(name: string): Facts {
  return structuredClone((EXAMPLES[name]?.facts ?? {}) as Facts);
}

/**
 * The payload an event needs, as an example whose event-reading guards pass (the workflow's first example of
 * that event): its fields are what the form asks for.
 */
export function examplePayload(name: string, type: string): Record<string, unknown> {
  const example = EXAMPLES[name]?.events.find((event) => event.type === type);
  const { type: _type, ...payload } = (example ?? { type }) as EventObject & Record<string, unknown>;
  return structuredClone(payload);
}

/** The machine's states (flat workflow machines: the root's children), in document order. */
export const statesOf = (machine: AnyStateMachine): string[] => Object.keys(machine.root.states);

export const initialStateOf = (machine: AnyStateMachine): string => String(machine.root.initial?.target[0]?.key ?? statesOf(machine)[0]);

export const isFinal = (machine: AnyStateMachine, state: string): boolean => machine.root.states[state]?.type === 'final';

interface TransitionLike {
  eventType: string;
  guard?: Parameters<typeof namedGuardsOf>[0];
  target?: readonly { key: string }[];
}

/** The events the state has a transition for, in document order (the analyst may send only these). */
export function eventsFrom(machine: AnyStateMachine, state: string, facts: Facts): string[] {
  const snapshot = snapshotAt(machine, state, facts as never) as unknown as AnyMachineSnapshot;
  return [...new Set((getNextTransitions(snapshot) as unknown as TransitionLike[]).map((t) => t.eventType))];
}

export interface GuardOutcome {
  guard: string;
  passed: boolean;
}

/** One transition the event could take: where it leads and each of its named guards, passing or failing. */
export interface Branch {
  target: string;
  guards: GuardOutcome[];
}

export interface Attempt {
  /** What the machine does: the next state, or the rule code that refuses. */
  result: WorkflowStep;
  /** Every branch of the event from the state, in the order the machine tries them, every guard evaluated. */
  branches: Branch[];
}

/** Sends one event to the machine resting in `state` with these facts: the outcome and every guard's verdict. */
export function attempt(machine: AnyStateMachine, state: string, facts: Facts, event: EventObject & Record<string, unknown>): Attempt {
  const snapshot = snapshotAt(machine, state, facts as never);
  const implementations = machine.implementations.guards as Record<string, (args: { context: unknown; event: EventObject }, params: unknown) => boolean>;
  const context = (snapshot as unknown as AnyMachineSnapshot).context;
  const branches = (getNextTransitions(snapshot as unknown as AnyMachineSnapshot) as unknown as TransitionLike[])
    .filter((t) => t.eventType === event.type)
    .map((t) => ({
      target: t.target?.[0]?.key ?? state,
      guards: namedGuardsOf(t.guard).map((g) => ({ guard: g.type, passed: Boolean(implementations[g.type]!({ context, event }, g.params)) })),
    }));
  return { result: step(machine, snapshot as never, event as never, workflowOf(machine).rules), branches };
}

/** A step the analyst took: the event sent and the state it led to (kept to step back). */
export interface SimulatedStep {
  event: EventObject & Record<string, unknown>;
  from: string;
  to: string;
}
