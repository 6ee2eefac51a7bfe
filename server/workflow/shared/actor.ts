/** Who sends an event or makes a change: a user, or the scheduler (no id, no roles). */
export interface Actor {
  id: number | null;
  roles: string[];
  permissions?: string[];
  ip?: string;
  userAgent?: string;
}

/** The scheduler's identity: its events are recorded with no user. */
export const SYSTEM: Actor = { id: null, roles: [] };

/** Who hands work out (assigns it to others) rather than taking it for themself. */
export const isSupervisor = (actor: Actor) => actor.roles.some((role) => role === 'supervisor' || role === 'administrator');
