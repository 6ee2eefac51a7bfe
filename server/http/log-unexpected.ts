/**
 * What the server log keeps of an unexpected error: where, what kind, and the stack's frames. Never
 * the error object itself: a database driver's error carries the failed query's parameters (a new
 * user's password hash, a patient's name), and Node would print them all.
 */
export function describeUnexpected(where: string, error: unknown): string {
  if (!(error instanceof Error)) return `${where}: unexpected ${typeof error} thrown`;
  const { code } = error as { code?: unknown };
  // Database messages quote the offending value ("invalid input syntax for type integer: \"…\"").
  const message = error.message.replace(/"[^"]*"|'[^']*'/g, '"…"');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${where}: ${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${message}`, ...frames].join('\n');
}

export const logUnexpected = (where: string, error: unknown) => console.error(describeUnexpected(where, error));
