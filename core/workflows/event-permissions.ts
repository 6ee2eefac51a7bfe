import type { AnyStateMachine } from 'xstate';

/**
 * Which permission each event of a workflow machine asks of the user who sends it (research 2.12: who may
 * approve is not who may pay). Each machine module registers its table under its machine id, like its
 * guard rules; `SYSTEM_EVENT` marks events only the server sends (the automatic check, the scheduler).
 */
export const SYSTEM_EVENT = 'system';

export type EventPermissions<TEvent extends string = string> = Readonly<Record<TEvent, string>>;

const registry = new Map<string, EventPermissions>();

/** Called once by each machine module whose events need more than the events operation's own permission. */
export function registerEventPermissions(machineId: string, permissions: EventPermissions): void {
  registry.set(machineId, permissions);
}

/** A machine's table by its id (the diagrams list each event's permission); undefined when it declares none. */
export const eventPermissionsOf = (machineId: string): EventPermissions | undefined => registry.get(machineId);

/** The permission the event asks for; undefined when the machine declares none (the operation's permission is enough). */
export function eventPermission(machine: AnyStateMachine, eventType: string): string | undefined {
  return registry.get(machine.id)?.[eventType];
}

/** True when a user holding `permissions` may send the event (system events: never a user). */
export function eventPermitted(machine: AnyStateMachine, eventType: string, permissions: readonly string[] | undefined): boolean {
  const permission = eventPermission(machine, eventType);
  if (permission === undefined) return true;
  if (permission === SYSTEM_EVENT) return false;
  return permissions?.includes(permission) ?? false;
}
