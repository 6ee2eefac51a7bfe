/**
 * Errors that mean the database is away (restarting, unreachable, our connection to it cut), not that the
 * request is wrong: node's socket errors, PostgreSQL's shutdown and connection classes (57P01–57P03, 08xxx),
 * and node-postgres' own words for a connection that ended. The pool drops such a client and the next
 * request opens a new connection, so the answer is "try again shortly", never a 500.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const LOST_CONNECTION = /Connection terminated|connection error|Client was closed|not queryable|timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || /^(57P0[123]|08...)$/.test(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return LOST_CONNECTION.test(error.message);
}

/** Seconds a client should wait before trying again: about as long as a PostgreSQL restart takes. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
