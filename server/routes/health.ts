import type { Deps, Handlers } from '../http/types.ts';

export const healthHandlers = ({ db }: Deps): Handlers => ({
  async getHealth() {
    await db.query('SELECT 1');
    return { status: 200, body: { status: 'ok', database: db.kind } };
  },
});
