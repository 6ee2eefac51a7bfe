import { unavailableReason, UNAVAILABLE_RETRY_SECONDS } from '../db/unavailable.ts';
import type { Deps, Handlers } from '../http/types.ts';

export const healthHandlers = ({ db }: Deps): Handlers => ({
  async getHealth() {
    try {
      await db.query('SELECT 1');
    } catch (error) {
      // A word for the operator watching the probe, never the driver's message (it names hosts and ports).
      const reason = unavailableReason(error);
      if (!reason) throw error;
      return { status: 503, body: { status: 'unavailable', database: db.kind, reason }, headers: { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) } };
    }
    return { status: 200, body: { status: 'ok', database: db.kind } };
  },
});
