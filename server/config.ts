import path from 'node:path';

/** Everything the server reads from its environment, with the defaults docs/operations.md documents. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    /** Attachment contents. */
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    databaseUrl: env.DATABASE_URL ?? null,
    sessionTtlMinutes: Number(env.SESSION_TTL_MINUTES ?? 12 * 60),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 30),
    lockoutAttempts: 5,
    lockoutMinutes: Number(env.LOCKOUT_MINUTES ?? 15),
    /** Failed sign-ins from one address within the lockout window before it is refused. */
    addressAttempts: Number(env.ADDRESS_ATTEMPTS ?? 20),
    /** Per hour: accounts one address may create, reset mails to one account and reset requests from one address. */
    registrationsPerAddress: Number(env.REGISTRATIONS_PER_ADDRESS ?? 10),
    resetMailsPerAccount: Number(env.RESET_MAILS_PER_ACCOUNT ?? 3),
    resetRequestsPerAddress: Number(env.RESET_REQUESTS_PER_ADDRESS ?? 10),
    publicUrl: env.PUBLIC_URL ?? null,
  };
}
export type Config = ReturnType<typeof readConfig>;
