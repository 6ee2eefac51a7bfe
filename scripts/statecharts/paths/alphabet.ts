/**
 * The event alphabet of a machine: every event type its transitions handle — invoke outcomes
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`) and delays (`xstate.after.<delay>.<state>`) included —
 * each with the payload variants the fixture gives (to make guards pass and fail), or bare.
 */
import type { AnyStateMachine } from 'xstate';
import { indexOf } from './ids.ts';
import type { MachineFixture, PathEvent } from './types.ts';

/** Every event type the machine's transitions handle, in document order, without eventless transitions. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  const types: string[] = [];
  for (const t of indexOf(machine).transitions) if (t.eventType !== '' && !types.includes(t.eventType)) types.push(t.eventType);
  return types;
}

const defaultVariants = (type: string): PathEvent[] => {
  if (type.startsWith('xstate.error.actor.')) return [{ type, error: { message: 'Simulated failure' } }];
  return [{ type }];
};

export function deriveAlphabet(machine: AnyStateMachine, fixture: Pick<MachineFixture, 'events'>): { alphabet: PathEvent[]; problems: string[] } {
  const types = eventTypesOf(machine);
  const problems: string[] = [];
  for (const type of Object.keys(fixture.events)) if (!types.includes(type)) problems.push(`the fixture gives variants for ${type}, which ${machine.id} does not handle`);
  for (const [type, variants] of Object.entries(fixture.events)) {
    for (const variant of variants) if (variant.type !== type && !type.endsWith('*')) problems.push(`a variant listed under ${type} has type ${variant.type}`);
  }
  const wildcard = types.filter((type) => type === '*' || type.endsWith('.*'));
  for (const type of wildcard) if (!fixture.events[type]) problems.push(`wildcard transitions on ${type} need explicit variants in the fixture`);
  const alphabet = types.flatMap((type) => fixture.events[type] ?? (wildcard.includes(type) ? [] : defaultVariants(type)));
  return { alphabet, problems };
}
