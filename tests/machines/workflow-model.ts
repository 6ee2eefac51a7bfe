import { expect } from 'vitest';
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import { describeTransition, transitionsOf } from '@core/workflows/workflow.ts';

/** Facts to start a workflow machine with, from its initial state or from a persisted one. */
export interface Scenario<F, S extends string = string> {
  name: string;
  facts: F;
  /** A persisted state to start from, instead of the initial one. */
  from?: S;
}

/**
 * The model-based check every workflow machine shares: from each scenario, a shortest path to each
 * state and then each event that state accepts, replayed on a real actor; the context must stay the
 * facts (the server persists changes) and final states must end the actor. Answers the transitions
 * no path took.
 */
export function untakenTransitions<F, E extends EventObject>(
  machine: AnyStateMachine,
  options: { scenarios: Scenario<F>[]; events: E[]; states: readonly string[]; finals: readonly string[] },
): string[] {
  const taken = new Set<object>();
  for (const scenario of options.scenarios) {
    const fromState = scenario.from ? machine.resolveState({ value: scenario.from, context: { facts: scenario.facts } }) : undefined;
    const paths = getShortestPaths(machine, { events: options.events, input: { facts: scenario.facts }, fromState, serializeState: (s) => JSON.stringify(s.value) });
    for (const path of paths) {
      const prefix = path.steps.map((s) => s.event as E).filter((e) => e.type !== 'xstate.init');
      for (const event of options.events.filter((e) => path.state.can(e))) {
        const actor = createActor(machine, {
          input: { facts: scenario.facts },
          snapshot: fromState,
          inspect: (e) => {
            if (e.type === '@xstate.microstep') (e as unknown as { _transitions: object[] })._transitions.forEach((t) => taken.add(t));
          },
        });
        actor.start();
        for (const step of [...prefix, event]) {
          expect(actor.getSnapshot().can(step)).toBe(true);
          actor.send(step);
          const after = actor.getSnapshot();
          expect(options.states).toContain(after.value);
          expect(after.context).toEqual({ facts: scenario.facts });
          expect(after.status).toBe(options.finals.includes(after.value as string) ? 'done' : 'active');
        }
        actor.stop();
      }
    }
  }
  return transitionsOf(machine).filter((t) => !taken.has(t)).map(describeTransition);
}
