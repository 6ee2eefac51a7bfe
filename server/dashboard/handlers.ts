import { actor, type Deps, type HandlersOf } from '../http/types.ts';
import { dashboardOf } from './dashboard.ts';

export const dashboardHandlers = ({ db, today }: Deps): HandlersOf<'getDashboard'> => ({
  async getDashboard(request) {
    return { status: 200, body: await dashboardOf(db, actor(request), today()) };
  },
});
