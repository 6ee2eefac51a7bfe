import { isDatabaseUnavailable, UNAVAILABLE_RETRY_SECONDS } from '../db/unavailable.ts';
import type { Deps, Handlers } from '../http/types.ts';

export const healthHandlers = ({ db }: Deps): Handlers => ({
  async getHealth() {
    try {
      await db.query('SELECT 1');
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The reason is the driver's message (it names no query or value here), for the operator watching the probe.
      const reason = error instanceof Error ? error.message : 'unreachable';
      return { status: 503, body: { status: 'unavailable', database: db.kind, reason }, headers: { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) } };
    }
    return { status: 200, body: { status: 'ok', database: db.kind } };
  },
});
