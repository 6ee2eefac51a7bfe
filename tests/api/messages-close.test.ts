import { beforeAll, describe, expect, it } from 'vitest';
import { runDailyJobs } from '../../server/scheduler.ts';
import { call, expectProblem, signIn, useServer } from './helpers.ts';

// Closing a conversation, paging through many, and the daily purge of old live-stream events.
const server = useServer();
let supervisor: string;
let analyst: string;
let analystId: number;

beforeAll(async () => {
  supervisor = await signIn('supervisor@demo.local');
  analyst = await signIn('analista@demo.local');
  analystId = (await call('GET', '/api/me', { token: analyst })).body.user.id;
});

const start = (subject: string) => call('POST', '/api/conversations', { token: supervisor, body: { subject, participantIds: [analystId], body: 'Hola' } });

describe('closing a conversation', () => {
  it('any participant closes it: messages stay, a new one is refused (409), the others hear of it, closing twice changes nothing', async () => {
    const created = await start('Cierre de caso');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ closedAt: null, closedBy: null });
    const supervisorId = created.body.createdBy.id;
    const [before] = await server.db.query<{ seq: number }>(`SELECT coalesce(max(seq), 0)::int AS seq FROM user_events WHERE user_id = $1`, [supervisorId]);

    const closed = await call('POST', `/api/conversations/${created.body.id}/close`, { token: analyst });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.closedAt).toEqual(expect.any(String));
    expect(closed.body.closedBy).toEqual({ id: analystId, name: 'Andrés Analista' });
    expect(closed.body.messages.map((m: { body: string }) => m.body)).toEqual(['Hola']);

    const events = await server.db.query(`SELECT kind, conversation_id FROM user_events WHERE user_id = $1 AND seq > $2 ORDER BY seq`, [supervisorId, before!.seq]);
    expect(events).toEqual([{ kind: 'closed', conversation_id: created.body.id }]);

    expectProblem(await call('POST', `/api/conversations/${created.body.id}/messages`, { token: supervisor, body: { body: '¿Sigue ahí?' } }), 409, 'conversation.closed');
    const again = await call('POST', `/api/conversations/${created.body.id}/close`, { token: supervisor });
    expect(again.body).toMatchObject({ closedAt: closed.body.closedAt, closedBy: { id: analystId } });
    const audits = await server.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'conversation' AND entity_id = $1 AND action = 'UPDATE'`, [String(created.body.id)]);
    expect(audits).toEqual([{ n: 1 }]);
    expect((await call('GET', '/api/conversations?pageSize=100', { token: supervisor })).body.items.find((c: { id: number }) => c.id === created.body.id).closedAt).toBe(closed.body.closedAt);
  });

  it('is not for whoever is not in it (404) nor without messages:create (403)', async () => {
    const created = await start('Solo nosotros');
    expectProblem(await call('POST', `/api/conversations/${created.body.id}/close`, { token: await signIn('tesoreria@demo.local') }), 404, 'conversation.notFound');
    expectProblem(await call('POST', `/api/conversations/${created.body.id}/close`, { token: await signIn('consulta@demo.local') }), 403, 'auth.forbidden');
    expectProblem(await call('POST', '/api/conversations/abc/close', { token: analyst }), 400, 'request.invalid');
  });
});

describe('paging and purging', () => {
  it('pages through more conversations than one page holds, each once', async () => {
    for (let i = 0; i < 23; i++) expect((await start(`Lote ${i}`)).status).toBe(201);
    const seen: number[] = [];
    const first = (await call('GET', '/api/conversations?pageSize=10&page=1', { token: analyst })).body;
    expect(first.total).toBeGreaterThan(23);
    for (let page = 1; page <= Math.ceil(first.total / 10); page++) {
      seen.push(...(await call('GET', `/api/conversations?pageSize=10&page=${page}`, { token: analyst })).body.items.map((c: { id: number }) => c.id));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
  });

  it('the daily scheduler purges live-stream events older than a week and keeps the numbering', async () => {
    await server.db.query(`UPDATE user_events SET created_at = now() - interval '8 days' WHERE user_id = $1`, [analystId]);
    const [{ last }] = await server.db.query<{ last: number }>(`SELECT max(seq)::int AS last FROM user_events WHERE user_id = $1`, [analystId]);
    await server.db.query(`DELETE FROM scheduled_runs WHERE job = 'messages.purgeStreamEvents'`);
    const sent = await runDailyJobs(server.db, new Date().toISOString().slice(0, 10));
    expect(sent['messages.purgeStreamEvents']).toBeGreaterThanOrEqual(1);
    expect(await server.db.query(`SELECT count(*)::int AS n FROM user_events WHERE user_id = $1`, [analystId])).toEqual([{ n: 0 }]);
    await start('Después de la purga');
    expect(await server.db.query(`SELECT seq::int AS seq FROM user_events WHERE user_id = $1`, [analystId])).toEqual([{ seq: last + 1 }]);
  });
});
