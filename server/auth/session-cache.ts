import type { Database } from '../db/database.ts';
import type { Watch } from '../db/postgres-watch.ts';

/** What a server remembers of a live session, with times on this process's clock (performance.now()). */
export interface CachedSession<U> {
  userId: number;
  user: U;
  /** No later than the session's real expiry. */
  expiresAt: number;
  /** No later than the session's real last use: an older guess only makes the server read the row again. */
  lastSeenAt: number;
}

const CHANNEL = 'session_changes';
const MAX_ENTRIES = 20_000;
const RETRY_MS = 1_000;

/**
 * Live sessions kept in memory, forgotten when migration 021's triggers say a session, its user or a
 * role changed. Before an entry is used, the watch's fence makes sure every change committed before
 * the request arrived has been applied; while the listener is down nothing is served from memory.
 *
 * A reader that fetched a row from the database stores it only if no change arrived since it began
 * reading (`epoch`): a revocation committed between its read and its store would otherwise be lost.
 */
export function sessionCache<U>(db: Database) {
  const entries = new Map<string, CachedSession<U>>();
  const byUser = new Map<number, Set<string>>();
  let epoch = 0;
  let watch: Watch | null = null;
  let starting: Promise<void> | null = null;
  let retryAfter = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.userId);
  };
  const forgetAll = () => {
    epoch++;
    entries.clear();
    byUser.clear();
  };
  const onNotify = (payload: string) => {
    epoch++;
    const user = /^u:(\d+)$/.exec(payload);
    if (!user) return forgetAll();
    for (const key of byUser.get(Number(user[1])) ?? []) forget(key);
  };

  const start = () => {
    if (watch || starting || performance.now() < retryAfter) return starting;
    starting = db
      .watch(CHANNEL, { onNotify, onReset: forgetAll })
      .then((started) => void (watch = started))
      .catch(() => void (retryAfter = performance.now() + RETRY_MS))
      .finally(() => (starting = null));
    return starting;
  };

  return {
    /** Where a reader stands before reading the database; pass it back to `store`. */
    mark: () => epoch,

    /** The cached session of `key`, once every change committed before this call has been applied. */
    async lookup(key: string): Promise<CachedSession<U> | null> {
      await start();
      if (!watch || !(await watch.fence())) return null;
      return entries.get(key) ?? null;
    },

    store(key: string, mark: number, entry: CachedSession<U>) {
      if (!watch || mark !== epoch) return;
      forget(key);
      // Map order is insertion order: the oldest entry goes first when the cache is full.
      if (entries.size >= MAX_ENTRIES) forget(entries.keys().next().value as string);
      entries.set(key, entry);
      const keys = byUser.get(entry.userId) ?? new Set<string>();
      keys.add(key);
      byUser.set(entry.userId, keys);
    },

    forget,
  };
}
