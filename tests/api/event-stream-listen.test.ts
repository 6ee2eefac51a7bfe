import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { emitUserEvents, latestEvent } from '../../server/messages/events.ts';
import { eventStream } from '../../server/messages/stream.ts';
import { useServer } from './helpers.ts';
import { sseReader } from './sse.ts';

const server = useServer();

describe('a stream opened while the LISTEN connects', () => {
  // On PostgreSQL the first stream of a process opens the listening connection; an event committed before
  // that LISTEN is in place sends its NOTIFY to no one (CI once saw exactly this on a loaded machine).
  it('delivers an event committed before the LISTEN was in place, without waiting for the keep-alive tick', async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const slowListen: Database = { ...server.db, listen: async (channel, onNotify) => (await gate, server.db.listen(channel, onNotify)) };
    const [{ id: userId }] = await server.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'supervisor@demo.local'`);
    const [{ id: conversationId }] = await server.db.query<{ id: number }>('SELECT id FROM conversations ORDER BY id LIMIT 1');
    const after = await latestEvent(server.db, userId);

    const stream = sseReader(new Response(eventStream(slowListen, server.config, 'unused-before-the-tick', userId, after)));
    await stream.quiet(200);
    await server.db.transaction((tx) => emitUserEvents(tx, [userId], { kind: 'read', conversationId }));
    openGate();

    const [event] = await stream.next(1);
    expect(event.id).toBe(String(after + 1));
    expect(JSON.parse(event.data)).toMatchObject({ kind: 'read', conversationId });
    await stream.close();
  });
});
