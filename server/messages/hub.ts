import type { Database } from '../db/database.ts';
import { USER_EVENTS_CHANNEL } from './events.ts';

/** What a stream gives the hub: `wake` to read its new events, `end` to close when the process stops. */
interface Listener {
  wake: () => void;
  end: () => void;
}

/**
 * One LISTEN per process and database: a NOTIFY names the users with new events, and the hub wakes
 * those users' open streams in this process. Streams also poll on their keep-alive tick, so a
 * notification lost while the listening connection was down delays an event, never loses it.
 * `ready` settles once the LISTEN is in place (or has failed): a stream reads after it, so an event
 * committed while the first LISTEN connects is read then instead of at the next tick.
 */
class EventHub {
  private readonly streams = new Map<number, Set<Listener>>();
  private listening: Promise<unknown> | null = null;

  constructor(private readonly db: Database) {}

  subscribe(userId: number, listener: Listener): { ready: Promise<unknown>; unsubscribe: () => void } {
    this.listening ??= this.db
      .listen(USER_EVENTS_CHANNEL, (payload) => this.wake(payload))
      .catch(() => {
        // Try again with the next stream; until then the streams' polls carry the events.
        this.listening = null;
      });
    const set = this.streams.get(userId) ?? new Set<Listener>();
    set.add(listener);
    this.streams.set(userId, set);
    return {
      ready: this.listening,
      unsubscribe: () => {
        set.delete(listener);
        if (!set.size) this.streams.delete(userId);
      },
    };
  }

  /** Ends every open stream: a stopping server does not wait for them, and their clients reconnect elsewhere. */
  endAll() {
    for (const set of [...this.streams.values()]) for (const listener of [...set]) listener.end();
  }

  private wake(payload: string) {
    for (const id of payload.split(',')) for (const listener of this.streams.get(Number(id)) ?? []) listener.wake();
  }
}

const hubs = new WeakMap<Database, EventHub>();

export function eventHub(db: Database): EventHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new EventHub(db)));
  return hub;
}

/** Ends this process's open event streams on the database (a server stopping). */
export function endEventStreams(db: Database) {
  hubs.get(db)?.endAll();
}
