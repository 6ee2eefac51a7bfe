/** What each coverage criterion counts, for a machine and for a run of it. */
import type { AnyStateMachine } from 'xstate';
import type { Trace } from './executor.ts';
import { guardOutcomeIds, stateIds, transitionKeys } from './ids.ts';
import { coveredBy, emptyCovered, type Covered } from './instrument.ts';
import type { Criterion } from './types.ts';

/** The criterion's targets among what was covered. */
export function targetsOf(criterion: Criterion, covered: Covered): string[] {
  switch (criterion) {
    case 'states':
      return [...covered.states];
    case 'transitions':
      return [...covered.transitions];
    case 'transition-pairs':
      return [...covered.pairs];
    case 'guards':
      return [...covered.guards];
  }
}

/** The criterion's targets covered by each step of a trace; index 0 is starting the actor. */
export function stepTargetsOf(criterion: Criterion, trace: Trace): string[][] {
  let previous: string | null = null;
  return [trace.initial, ...trace.steps].map((step) => {
    const covered = coveredBy(step.log, emptyCovered(), previous);
    if (step.transitions.length) previous = step.transitions[step.transitions.length - 1]!;
    return targetsOf(criterion, covered);
  });
}

/** Everything a trace covers. */
export const traceCoverage = (trace: Trace, into: Covered = emptyCovered()): Covered =>
  coveredBy([trace.initial, ...trace.steps].flatMap((step) => step.log), into);

/**
 * Every target of the criterion, from the machine's definition: state nodes, transition definitions, both
 * outcomes of each named guard. `null` for transition pairs, whose feasible set only exploration tells.
 */
export function structuralTargets(criterion: Criterion, machine: AnyStateMachine): string[] | null {
  switch (criterion) {
    case 'states':
      return stateIds(machine);
    case 'transitions':
      return transitionKeys(machine);
    case 'guards':
      return guardOutcomeIds(machine);
    case 'transition-pairs':
      return null;
  }
}

/** How the criterion's targets are called in reports. */
export const TARGET_NOUN: Record<Criterion, string> = {
  states: 'states',
  transitions: 'transitions',
  'transition-pairs': 'transition pairs',
  guards: 'guard outcomes',
};
