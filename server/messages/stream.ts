import { sql } from 'kysely';
import { hashToken } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { eventsAfter, type UserEvent } from './events.ts';
import { eventHub } from './hub.ts';

const KEEP_ALIVE_MS = 15_000;
const BATCH = 200;

/** Still signed in, without touching the session: an open stream must not keep an idle session alive. */
async function sessionLive(db: Database, config: Config, token: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.id')
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('u.active', '=', true)
    .where(sql<boolean>`s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => ${config.sessionIdleMinutes})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** A link into the panel, the conversation's subject and who wrote; never the message's text (research 2.10: minimum necessary). */
const frame = (event: UserEvent) =>
  `id: ${event.seq}\nevent: ${event.kind}\ndata: ${JSON.stringify({
    kind: event.kind,
    conversationId: event.conversationId,
    ...(event.messageId ? { messageId: event.messageId } : {}),
    link: `/mensajes/${event.conversationId}`,
    subject: event.subject,
    ...(event.senderName ? { senderName: event.senderName } : {}),
  })}\n\n`;

/**
 * The user's events after `after`, then each new one as it commits, as Server-Sent Events. Reads are
 * by sequence number, one at a time, so a wake-up during a read only causes another read: nothing is
 * sent twice or skipped. The stream ends when the session does (logout on any process revokes it).
 */
export function eventStream(db: Database, config: Config, token: string, userId: number, after: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last = after;
  let closed = false;
  let reading = false;
  let again = false;
  let unsubscribe = () => {};
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    closed = true;
    clearInterval(timer);
    unsubscribe();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const pump = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const events = await eventsAfter(db, userId, last, BATCH);
            for (const event of events) {
              if (closed) return;
              send(frame(event));
              last = event.seq;
            }
            if (events.length === BATCH) again = true;
          } while (again && !closed);
        } catch {
          // A failed read (database restarting) is retried at the next wake-up or tick.
        } finally {
          reading = false;
        }
      };
      send('retry: 3000\n: connected\n\n');
      const end = () => {
        if (closed) return;
        stop();
        controller.close();
      };
      const subscription = eventHub(db).subscribe(userId, { wake: () => void pump(), end });
      unsubscribe = subscription.unsubscribe;
      void subscription.ready.then(pump);
      timer = setInterval(() => {
        void sessionLive(db, config, token)
          .then((live) => {
            if (!live) return end();
            send(': keep-alive\n\n');
            return pump();
          })
          .catch(() => {});
      }, KEEP_ALIVE_MS);
    },
    cancel: stop,
  });
}
