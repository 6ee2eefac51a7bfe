/**
 * Which permission each event of a workflow machine asks of the user who sends it (research 2.12: who may
 * approve is not who may pay). A machine module exports its table and `WORKFLOWS` (./index.ts) lists it
 * beside the machine; `SYSTEM_EVENT` marks events only the server sends (the automatic check, the scheduler).
 */
export const SYSTEM_EVENT = 'system';

export type EventPermissions<TEvent extends string = string> = Readonly<Record<TEvent, string>>;

/** The permission the event asks for in the machine's table; undefined when none is set (the operation's permission is enough). */
export const eventPermission = (table: EventPermissions | undefined, eventType: string): string | undefined => table?.[eventType];

/** True when a user holding `permissions` may send the event (system events: never a user). */
export function eventPermitted(table: EventPermissions | undefined, eventType: string, permissions: readonly string[] | undefined): boolean {
  const permission = eventPermission(table, eventType);
  if (permission === undefined) return true;
  if (permission === SYSTEM_EVENT) return false;
  return permissions?.includes(permission) ?? false;
}
