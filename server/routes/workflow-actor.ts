import type { SessionUser } from '../auth/sessions.ts';
import { actor } from '../http/types.ts';
import type { Actor } from '../workflow/shared/actor.ts';

/** The signed-in user of a workflow operation, with where the request came from (for the audit rows). */
export const requestActor = (request: { user: SessionUser | null; ip: string; userAgent: string }): Actor & { id: number } => ({
  ...actor(request),
  ip: request.ip,
  userAgent: request.userAgent,
});
