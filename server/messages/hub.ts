import type { Database } from '../db/database.ts';
import { USER_EVENTS_CHANNEL } from './events.ts';

type Wake = () => void;

/**
 * One LISTEN per process and database: a NOTIFY names the users with new events, and the hub wakes
 * those users' open streams in this process. Streams also poll on their keep-alive tick, so a
 * notification lost while the listening connection was down delays an event, never loses it.
 * `ready` settles once the LISTEN is in place (or has failed): a stream reads after it, so an event
 * committed while the first LISTEN connects is read then instead of at the next tick.
 */
class EventHub {
  private readonly streams = new Map<number, Set<Wake>>();
  private listening: Promise<unknown> | null = null;

  constructor(private readonly db: Database) {}

  subscribe(userId: number, wake: Wake): { ready: Promise<unknown>; unsubscribe: () => void } {
    this.listening ??= this.db
      .listen(USER_EVENTS_CHANNEL, (payload) => this.wake(payload))
      .catch(() => {
        // Try again with the next stream; until then the streams' polls carry the events.
        this.listening = null;
      });
    const set = this.streams.get(userId) ?? new Set<Wake>();
    set.add(wake);
    this.streams.set(userId, set);
    return {
      ready: this.listening,
      unsubscribe: () => {
        set.delete(wake);
        if (!set.size) this.streams.delete(userId);
      },
    };
  }

  private wake(payload: string) {
    for (const id of payload.split(',')) for (const wake of this.streams.get(Number(id)) ?? []) wake();
  }
}

const hubs = new WeakMap<Database, EventHub>();

export function eventHub(db: Database): EventHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new EventHub(db)));
  return hub;
}
