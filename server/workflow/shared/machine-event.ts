import type { AnyStateMachine } from 'xstate';
import type { EventOf } from './define-workflow.ts';

/**
 * The machine's event from a request body the contract has checked: the contract types each field,
 * the machine's guards decide which event needs which field (a missing one is refused with its rule
 * code), so the body is taken as the machine's event here, in one place. `version` is the client's
 * optimistic lock, not part of the event.
 */
export function machineEvent<M extends AnyStateMachine>(body: { type: string; version?: number }): { event: EventOf<M>; version?: number } {
  const { version, ...event } = body;
  return { event: event as EventOf<M>, version };
}
