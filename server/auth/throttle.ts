import { sql } from 'kysely';
import type { Queryable } from '../db/database.ts';

// Serialises the counting of one key (its hash is the second key), also across servers.
const THROTTLE_LOCK = 8_150_345;

/**
 * Whether one more `kind` event for `key` fits within `limit` per `windowMinutes`; if it does, it is
 * counted, atomically with the check, in the caller's transaction.
 */
export async function takeThrottle(tx: Queryable, kind: string, key: string, limit: number, windowMinutes: number): Promise<boolean> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [THROTTLE_LOCK, `${kind}:${key}`]);
  await tx.kysely.deleteFrom('throttle_events').where('kind', '=', kind).where('key', '=', key).where(sql<boolean>`at < now() - make_interval(mins => ${windowMinutes})`).execute();
  const { count } = await tx.kysely
    .selectFrom('throttle_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (Number(count) >= limit) return false;
  await tx.kysely.insertInto('throttle_events').values({ kind, key }).execute();
  return true;
}
