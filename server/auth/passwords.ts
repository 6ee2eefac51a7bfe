import { randomBytes, scrypt, timingSafeEqual, createHash, type ScryptOptions } from 'node:crypto';

// N=2^15 keeps a sign-in near 50 ms on these 2-core machines while staying costly to brute-force.
const PRODUCTION_N = 32768;

/**
 * The test suites sign in thousands of times: under NODE_ENV=test (Vitest, the browser suite's server)
 * TEST_SCRYPT_N may lower the cost of new hashes. Anywhere else the production cost holds, and a hash
 * always verifies at the cost written in it.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.TEST_SCRYPT_N);
  if (env.NODE_ENV !== 'test' || !Number.isInteger(asked) || asked < 2 || (asked & (asked - 1)) !== 0) return PRODUCTION_N;
  return Math.min(asked, PRODUCTION_N);
}

const PARAMS = { N: scryptCost(), r: 8, p: 1 };
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: MAXMEM }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, 64, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(N), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
