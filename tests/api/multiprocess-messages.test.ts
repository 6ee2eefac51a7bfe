import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from './postgres-cluster.ts';
import { startCluster, type ApiProcess } from './multiprocess.ts';
import { sseReader, startedConversationEvent } from './sse.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/*
 * Live messages with several API processes on one PostgreSQL: a message sent through one process
 * reaches a stream held open by another (LISTEN/NOTIFY, well before the streams' 15-second poll), and a
 * client that reconnects to a different process resumes after its Last-Event-ID without gaps or repeats.
 */
const requireDb = process.env.CI === 'true' || hasPostgres;
const suite = requireDb ? describe : describe.skip;

suite('messages across API processes', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    cluster = await startCluster(2);
    [a, b] = cluster.processes as [ApiProcess, ApiProcess];
  }, hangLimit(240_000));
  afterAll(async () => {
    await cluster?.stop();
  });

  it('a message sent through one process arrives live on an SSE stream of the other, and resumes on the first', async () => {
    const supervisor = await a.signIn('supervisor@demo.local');
    const analyst = await b.signIn('analista@demo.local');
    const analystId = (await b.call('GET', '/api/me', { token: analyst })).body.user.id as number;

    const onB = sseReader(await b.fetch('/api/events', { token: analyst }));
    const sentAt = Date.now();
    const created = await a.call('POST', '/api/conversations', {
      token: supervisor,
      body: { subject: 'Entre procesos', participantIds: [analystId], body: 'Hola desde A' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [first] = await onB.next(1);
    expect(Date.now() - sentAt).toBeLessThan(hangLimit(10_000));
    expect(JSON.parse(first.data)).toEqual(startedConversationEvent(created.body));
    await onB.close();

    // Away from B (a dropped connection), two messages arrive through B; the client reconnects to A.
    for (const body of ['dos', 'tres']) {
      expect((await b.call('POST', `/api/conversations/${created.body.id}/messages`, { token: await b.signIn('supervisor@demo.local'), body: { body } })).status).toBe(201);
    }
    const onA = sseReader(await a.fetch('/api/events', { token: analyst, headers: { 'Last-Event-ID': first.id } }));
    const missed = await onA.next(2);
    expect(missed.map((e) => Number(e.id))).toEqual([Number(first.id) + 1, Number(first.id) + 2]);
    await b.call('POST', `/api/conversations/${created.body.id}/messages`, { token: await b.signIn('supervisor@demo.local'), body: { body: 'cuatro' } });
    const [live] = await onA.next(1);
    expect(Number(live.id)).toBe(Number(first.id) + 3);
    expect(await onA.quiet(500)).toEqual([]);
    const messages = (await a.call('GET', `/api/conversations/${created.body.id}`, { token: analyst })).body.messages as { id: number }[];
    expect([first, ...missed, live].map((e) => JSON.parse(e.data).messageId)).toEqual(messages.map((m) => m.id));
    await onA.close();
  }, hangLimit(120_000));
});
