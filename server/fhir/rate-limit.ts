/**
 * Requests per client and minute, counted in this process (a fixed one-minute window): enough to keep one
 * practice's runaway loop from starving the others. Several server processes each allow the limit.
 */
const windows = new Map<number, { start: number; count: number }>();

/** Counts one request; answers 0 when it fits, else the seconds until the window ends. */
export function takeRequest(clientId: number, perMinute: number, now = Date.now()): number {
  const window = windows.get(clientId);
  if (!window || now - window.start >= 60_000) {
    windows.set(clientId, { start: now, count: 1 });
    return 0;
  }
  if (window.count >= perMinute) return Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
  window.count++;
  return 0;
}
