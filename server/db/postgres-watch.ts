import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A channel watched for a cache that must never serve a change late (see Database['watch']). */
export interface Watch {
  /**
   * Resolves true once every notification committed before the call has been handed to `onNotify`;
   * false when that cannot be known (no listening connection now), and then the cache is unusable.
   */
  fence(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface WatchHandlers {
  onNotify(payload: string): void;
  /** Notifications may have been missed (the connection is gone, or is back): forget everything. */
  onReset(): void;
}

const RECONNECT_MS = 500;
// A fence that has not come back by then means a connection that hangs: it is dropped and replaced.
const FENCE_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection of its own. PostgreSQL delivers notifications in commit order, so a
 * notification this connection sends to itself (on a channel private to it) arrives after every
 * notification committed before it was sent: that round trip is the fence. Requests arriving while a
 * fence is on its way share the next one, so under load one round trip serves many requests.
 */
export function postgresWatch(connectionString: string, channel: string, handlers: WatchHandlers): Watch {
  const ownChannel = `fence_${randomBytes(8).toString('hex')}`;
  let client: pg.Client | null = null;
  let stopped = false;
  let serial = 0;
  const waiting = new Map<string, (arrived: boolean) => void>();
  let inFlight: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    handlers.onReset();
    for (const resolve of waiting.values()) resolve(false);
    waiting.clear();
    void lost.end().catch(() => {});
    if (!stopped) setTimeout(() => void connect(), RECONNECT_MS).unref();
  };

  const connect = async () => {
    if (stopped || client) return;
    const next = new pg.Client({ connectionString, application_name: 'session-watch' });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
      else if (message.channel === ownChannel) {
        waiting.get(message.payload ?? '')?.(true);
        waiting.delete(message.payload ?? '');
      }
    });
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    try {
      await next.connect();
      // The fence's own NOTIFY is a transaction of its own; nothing of it needs to reach the disk.
      await next.query(`SET synchronous_commit = off; LISTEN ${pg.escapeIdentifier(channel)}; LISTEN ${pg.escapeIdentifier(ownChannel)}`);
    } catch {
      void next.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect(), RECONNECT_MS).unref();
      return;
    }
    if (stopped) return void next.end().catch(() => {});
    client = next;
    // Whatever was cached before this connection listened may have missed a notification.
    handlers.onReset();
  };

  const ping = (): Promise<boolean> => {
    const current = client;
    if (!current) return Promise.resolve(false);
    const key = String(++serial);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(key);
        resolve(false);
        drop(current);
      }, FENCE_TIMEOUT_MS);
      timer.unref();
      waiting.set(key, (arrived) => {
        clearTimeout(timer);
        resolve(arrived);
      });
      current.query('SELECT pg_notify($1, $2)', [ownChannel, key]).catch(() => drop(current));
    });
  };

  const fence = (): Promise<boolean> => {
    if (!client) return Promise.resolve(false);
    if (!inFlight) {
      const sent = ping();
      inFlight = sent;
      void sent.then(() => {
        if (inFlight === sent) inFlight = null;
      });
      return sent;
    }
    // The fence on its way may have been sent before this request arrived: wait for the next one.
    queued ??= inFlight.then(() => {
      queued = null;
      return fence();
    });
    return queued;
  };

  void connect();
  return {
    fence,
    async stop() {
      stopped = true;
      const current = client;
      client = null;
      for (const resolve of waiting.values()) resolve(false);
      waiting.clear();
      if (current) await current.end().catch(() => {});
    },
  };
}
