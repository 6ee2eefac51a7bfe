import type { Deps, HandlersOf } from '../http/types.ts';
import { search } from './search.ts';
import { requestActor } from '../workflow/shared/workflow-actor.ts';

/** Búsqueda: one box over the kinds the user may read. */
export const searchHandlers = ({ db }: Deps): HandlersOf<'search'> => ({
  async search(request) {
    const actor = requestActor(request);
    return { status: 200, body: await search(db, request.query.q, request.query.limit ?? 5, { ...actor, permissions: request.user?.permissions ?? [] }) };
  },
});
