/**
 * Requests per client and minute, counted in this server (a fixed one-minute window): enough to keep one
 * practice's runaway loop from starving the others. Several server processes each allow the limit. Each server
 * has its own counts: two servers in one process (tests) never share a client's window.
 */
export function requestLimiter() {
  const windows = new Map<number, { start: number; count: number }>();
  /** Counts one request; answers 0 when it fits, else the seconds until the window ends. */
  return function takeRequest(clientId: number, perMinute: number, now = Date.now()): number {
    const window = windows.get(clientId);
    if (!window || now - window.start >= 60_000) {
      windows.set(clientId, { start: now, count: 1 });
      return 0;
    }
    if (window.count >= perMinute) return Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
    window.count++;
    return 0;
  };
}
