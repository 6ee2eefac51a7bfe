/**
 * Errors that mean the database is away (restarting, unreachable, our connection to it cut), not that the
 * request is wrong: node's socket errors, PostgreSQL's shutdown and connection classes (57P01–57P03, 08xxx),
 * and node-postgres' own words for a connection that ended. The pool drops such a client and the next
 * request opens a new connection, so the answer is "try again shortly", never a 500.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const LOST_CONNECTION = /Connection terminated|connection error|Client was closed|not queryable|timeout exceeded when trying to connect/i;

export type UnavailableReason = 'unreachable' | 'shuttingDown' | 'connectionLost';

/** Why the database is away, or null when the error is not about its availability. */
export function unavailableReason(error: unknown): UnavailableReason | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return 'unreachable';
  if (typeof code === 'string' && /^57P0[123]$/.test(code)) return 'shuttingDown';
  if (typeof code === 'string' && /^08...$/.test(code)) return 'connectionLost';
  if (error instanceof AggregateError) return error.errors.map(unavailableReason).find((reason) => reason !== null) ?? null;
  return LOST_CONNECTION.test(error.message) ? 'connectionLost' : null;
}

export const isDatabaseUnavailable = (error: unknown) => unavailableReason(error) !== null;

/** Seconds a client should wait before trying again: about as long as a PostgreSQL restart takes. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
