/**
 * How long data asked for ahead of its screen (src/app/signed-in-prefetch.ts) counts as fresh: the screen and the
 * header mounting just after the answer read it instead of asking again (each first load asked twice).
 */
export const PREFETCHED_FRESH_MS = 10_000;
