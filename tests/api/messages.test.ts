import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { DEMO_USERS } from '../../server/auth/roles.ts';
import { emitUserEvents, latestEvent } from '../../server/messages/events.ts';
import { eventStream } from '../../server/messages/stream.ts';
import { call, expectProblem, fieldErrors, signIn, useServer } from './helpers.ts';
import { openStream, sseReader, startedConversationEvent } from './sse.ts';

// Mensajes (research 2.10): conversations with a subject, optionally about a record, participants,
// unread counts, read receipts and live delivery over Server-Sent Events with resumable event ids.
const server = useServer();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  for (const user of DEMO_USERS) {
    tokens[user.role] = await signIn(user.email);
    ids[user.role] = (await call('GET', '/api/me', { token: tokens[user.role] })).body.user.id;
  }
});

const start = (token: string, body: Record<string, unknown>) => call('POST', '/api/conversations', { token, body });
const unread = async (token: string) => (await call('GET', '/api/conversations/unread', { token })).body.unread as number;

describe('conversations', () => {
  it('starts a conversation about a record; the other participant sees it unread, reads it, and the sender sees the receipt', async () => {
    const [reimbursement] = await server.db.query<{ id: number; verification_id: number }>('SELECT id, verification_id FROM reimbursements ORDER BY id LIMIT 1');
    const before = await unread(tokens.reimbursement_analyst);
    const created = await start(tokens.supervisor, {
      subject: 'Factura ilegible',
      participantIds: [ids.reimbursement_analyst],
      entityType: 'reimbursement',
      entityId: reimbursement.id,
      body: 'Por favor, pide una copia legible.',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      subject: 'Factura ilegible',
      entityType: 'reimbursement',
      link: `/reembolsos/editar/${reimbursement.verification_id}/${reimbursement.id}`,
      participants: expect.arrayContaining([
        { id: ids.supervisor, name: 'Sergio Supervisor' },
        { id: ids.reimbursement_analyst, name: 'Andrés Analista' },
      ]),
      unread: 0,
      messages: [{ author: { id: ids.supervisor }, body: 'Por favor, pide una copia legible.', readBy: [] }],
    });
    expect(await unread(tokens.reimbursement_analyst)).toBe(before + 1);
    const listed = await call('GET', '/api/conversations?unread=true', { token: tokens.reimbursement_analyst });
    expect(listed.body.items.find((c: { id: number }) => c.id === created.body.id)).toMatchObject({ unread: 1, createdBy: { id: ids.supervisor } });

    const messageId = created.body.messages[0].id;
    const read = await call('POST', `/api/conversations/${created.body.id}/read`, { token: tokens.reimbursement_analyst, body: { upToMessageId: messageId } });
    expect(read.body).toEqual({ marked: 1, unread: before });
    const again = await call('POST', `/api/conversations/${created.body.id}/read`, { token: tokens.reimbursement_analyst, body: { upToMessageId: messageId } });
    expect(again.body.marked).toBe(0);
    const seen = await call('GET', `/api/conversations/${created.body.id}`, { token: tokens.supervisor });
    expect(seen.body.messages[0].readBy).toEqual([{ userId: ids.reimbursement_analyst, readAt: expect.any(String) }]);
  });

  it('adds replies in order and moves the conversation to the top of each list; searches subjects', async () => {
    const first = await start(tokens.verifier, { subject: 'Cobertura de ortodoncia', participantIds: [ids.supervisor], body: 'Hola' });
    await start(tokens.verifier, { subject: 'Otro asunto', participantIds: [ids.supervisor], body: 'Hola' });
    const reply = await call('POST', `/api/conversations/${first.body.id}/messages`, { token: tokens.supervisor, body: { body: 'Respuesta' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ conversationId: first.body.id, author: { id: ids.supervisor }, body: 'Respuesta', readBy: [] });
    const list = await call('GET', '/api/conversations', { token: tokens.verifier });
    expect(list.body.items[0]).toMatchObject({ id: first.body.id, unread: 1 });
    const conversation = await call('GET', `/api/conversations/${first.body.id}`, { token: tokens.verifier });
    expect(conversation.body.messages.map((m: { body: string }) => m.body)).toEqual(['Hola', 'Respuesta']);
    const found = await call('GET', `/api/conversations?q=${encodeURIComponent('ortodoncia')}`, { token: tokens.verifier });
    expect(found.body.items.map((c: { subject: string }) => c.subject)).toEqual(['Cobertura de ortodoncia']);
  });

  it('offers as recipients the active staff who can read messages, not the sender', async () => {
    const { body } = await call('GET', '/api/conversations/recipients', { token: tokens.verifier });
    const names = body.items.map((u: { name: string }) => u.name);
    expect(names).toContain('Andrés Analista');
    expect(names).not.toContain('Valeria Verificadora');
    expect(names).not.toContain('Carla Consulta');
    const filtered = await call('GET', '/api/conversations/recipients?q=tesor', { token: tokens.verifier });
    expect(filtered.body.items).toEqual([{ id: ids.treasury, name: 'Tomás Tesorería' }]);
  });
});

describe('conversations: permissions and bad input', () => {
  it('keeps a conversation to its participants', async () => {
    const created = await start(tokens.verifier, { subject: 'Privado', participantIds: [ids.supervisor], body: 'Solo nosotros' });
    const outsider = tokens.treasury;
    expectProblem(await call('GET', `/api/conversations/${created.body.id}`, { token: outsider }), 404, 'conversation.notFound');
    expectProblem(await call('POST', `/api/conversations/${created.body.id}/messages`, { token: outsider, body: { body: 'x' } }), 404, 'conversation.notFound');
    expectProblem(await call('POST', `/api/conversations/${created.body.id}/read`, { token: outsider, body: { upToMessageId: 1 } }), 404, 'conversation.notFound');
    const list = await call('GET', '/api/conversations', { token: outsider });
    expect(list.body.items.map((c: { id: number }) => c.id)).not.toContain(created.body.id);
  });

  it('needs messages permissions and a session', async () => {
    expectProblem(await call('GET', '/api/conversations', { token: tokens.read_only }), 403, 'auth.forbidden');
    expectProblem(await call('GET', '/api/events', { token: tokens.read_only }), 403, 'auth.forbidden');
    expectProblem(await start(tokens.read_only, { subject: 'x', participantIds: [ids.supervisor], body: 'x' }), 403, 'auth.forbidden');
    expectProblem(await call('GET', '/api/conversations/unread'), 401, 'auth.unauthenticated');
    expectProblem(await call('GET', '/api/events'), 401, 'auth.unauthenticated');
  });

  it('refuses conversations without another participant, with unknown ones, or with users who cannot read messages', async () => {
    expectProblem(await start(tokens.verifier, { subject: 'x', participantIds: [ids.verifier], body: 'x' }), 422, 'conversation.needsParticipants');
    const unknown = expectProblem(await start(tokens.verifier, { subject: 'x', participantIds: [ids.supervisor, 999999], body: 'x' }), 422, 'conversation.unknownParticipant');
    expect(fieldErrors(unknown)).toEqual(['body/participantIds/1 recipient']);
    const reader = expectProblem(await start(tokens.verifier, { subject: 'x', participantIds: [ids.read_only], body: 'x' }), 422, 'conversation.unknownParticipant');
    expect(fieldErrors(reader)).toEqual(['body/participantIds/0 recipient']);
    expectProblem(
      await start(tokens.verifier, { subject: 'x', participantIds: [ids.supervisor], entityType: 'reimbursement', entityId: 1, body: 'x' }),
      422,
      'note.recordNotReadable',
    );
    expectProblem(await start(tokens.verifier, { subject: 'x', participantIds: [ids.supervisor], entityType: 'patient', entityId: 999999, body: 'x' }), 404, 'patient.notFound');
  });

  it('answers 400 naming the field for malformed input', async () => {
    const empty = expectProblem(await start(tokens.verifier, { subject: ' ', participantIds: [], body: '' }), 400, 'request.invalid');
    expect(fieldErrors(empty)).toEqual(['body/body minLength', 'body/body pattern', 'body/participantIds minItems', 'body/subject pattern']);
    const half = expectProblem(await start(tokens.verifier, { subject: 'x', participantIds: [ids.supervisor], entityType: 'patient', body: 'x' }), 400, 'request.invalid');
    expect(fieldErrors(half)).toEqual(['body/entityId required']);
    const long = expectProblem(await call('POST', '/api/conversations/1/messages', { token: tokens.verifier, body: { body: 'x'.repeat(10001) } }), 400, 'request.invalid');
    expect(fieldErrors(long)).toEqual(['body/body maxLength']);
    expectProblem(await call('GET', '/api/events?lastEventId=abc', { token: tokens.verifier }), 400, 'request.invalid');
    expectProblem(await call('GET', '/api/events', { token: tokens.verifier, headers: { 'Last-Event-ID': 'yesterday' } }), 400, 'request.invalid');
  });
});

describe('live delivery (Server-Sent Events)', () => {
  it('delivers a new message as an event with an id, a link, its subject and sender, never the text', async () => {
    const stream = await openStream(server.server, tokens.dental_auditor);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const created = await start(tokens.supervisor, { subject: 'Radiografía panorámica', participantIds: [ids.dental_auditor], body: 'Caries en 36, revisar' });
    const [event] = await stream.next(1);
    expect(event.event).toBe('message');
    // Who wrote, on what: the toast names them (issue 28, item 19); the message's text stays out.
    expect(JSON.parse(event.data)).toEqual(startedConversationEvent(created.body));
    expect(JSON.parse(event.data)).toMatchObject({ subject: 'Radiografía panorámica', senderName: 'Sergio Supervisor' });
    expect(event.raw).not.toMatch(/Caries/);
    await stream.close();
  });

  it('resumes after Last-Event-ID with every missed event once, in order, then live ones', async () => {
    const first = await openStream(server.server, tokens.treasury);
    const conversation = await start(tokens.supervisor, { subject: 'Pagos', participantIds: [ids.treasury], body: 'uno' });
    const [one] = await first.next(1);
    await first.close();
    // While the client is away (a network drop), two more messages arrive.
    for (const body of ['dos', 'tres']) await call('POST', `/api/conversations/${conversation.body.id}/messages`, { token: tokens.supervisor, body: { body } });
    const resumed = await openStream(server.server, tokens.treasury, { 'Last-Event-ID': one.id });
    const missed = await resumed.next(2);
    expect(missed.map((e) => Number(e.id))).toEqual([Number(one.id) + 1, Number(one.id) + 2]);
    await call('POST', `/api/conversations/${conversation.body.id}/messages`, { token: tokens.supervisor, body: { body: 'cuatro' } });
    const [live] = await resumed.next(1);
    expect(Number(live.id)).toBe(Number(one.id) + 3);
    const messages = (await call('GET', `/api/conversations/${conversation.body.id}`, { token: tokens.treasury })).body.messages;
    expect([...missed, live].map((e) => JSON.parse(e.data).messageId)).toEqual(messages.slice(1).map((m: { id: number }) => m.id));
    expect(await resumed.quiet(300)).toEqual([]);
    await resumed.close();
    // The query parameter works like the header (for clients that cannot set headers).
    const byQuery = await openStream(server.server, tokens.treasury, {}, `?lastEventId=${one.id}`);
    expect((await byQuery.next(3)).map((e) => Number(e.id))).toEqual([1, 2, 3].map((n) => Number(one.id) + n));
    await byQuery.close();
  });

  it('numbers a user’s events without gaps when many messages are sent at once', async () => {
    const stream = await openStream(server.server, tokens.reimbursement_analyst);
    const conversation = await start(tokens.supervisor, { subject: 'Ráfaga', participantIds: [ids.reimbursement_analyst, ids.verifier], body: '0' });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', `/api/conversations/${conversation.body.id}/messages`, { token: i % 2 ? tokens.supervisor : tokens.verifier, body: { body: String(i + 1) } }),
      ),
    );
    const events = await stream.next(13);
    const seqs = events.map((e) => Number(e.id));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    // The verifier's own messages are not notified to her, the analyst hears of all 13.
    expect(new Set(events.map((e) => JSON.parse(e.data).messageId)).size).toBe(13);
    await stream.close();
  });

  it('tells the sender live when the reader has read', async () => {
    const stream = await openStream(server.server, tokens.supervisor);
    const conversation = await start(tokens.supervisor, { subject: 'Acuse', participantIds: [ids.verifier], body: 'Léelo' });
    await call('POST', `/api/conversations/${conversation.body.id}/read`, { token: tokens.verifier, body: { upToMessageId: conversation.body.messages[0].id } });
    const [event] = await stream.next(1);
    expect(event.event).toBe('read');
    expect(JSON.parse(event.data)).toEqual({ kind: 'read', conversationId: conversation.body.id, link: `/mensajes/${conversation.body.id}`, subject: 'Acuse' });
    await stream.close();
  });
});

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
