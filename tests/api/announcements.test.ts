import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, fieldErrors, signIn, useServer } from './helpers.ts';

const server = useServer();
let admin: string;
let supervisor: string;
let verifier: string;
let analyst: string;
let readOnly: string;

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const draft = (overrides: Record<string, unknown> = {}) => ({
  title: 'Nuevo arancel 2027',
  body: '<p>Desde enero rige el <strong>nuevo arancel</strong>.</p>',
  priority: 'normal',
  audience: 'everyone',
  publishFrom: hourAgo(),
  ...overrides,
});

async function create(token: string, overrides: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/announcements', { token, body: draft(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const send = (token: string, id: number, type: string, version: number) => call('POST', `/api/announcements/${id}/events`, { token, body: { type, version } });

async function publish(token: string, overrides: Record<string, unknown> = {}) {
  const created = await create(token, overrides);
  const published = await send(token, created.id, 'PUBLISH', created.version);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return published.body;
}

const pendingIds = async (token: string) => ((await call('GET', '/api/me/announcements', { token })).body.items as { id: number }[]).map((a) => a.id);

beforeAll(async () => {
  [admin, supervisor, verifier, analyst, readOnly] = await Promise.all(
    ['admin@demo.local', 'supervisor@demo.local', 'verificador@demo.local', 'analista@demo.local', 'consulta@demo.local'].map((email) => signIn(email)),
  );
});

describe('announcements — writing', () => {
  it('keeps only the allowed HTML of the body: no script, handler, style or javascript: link', async () => {
    const created = await create(supervisor, {
      body: '<p onclick="steal()">Hola<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.org/a">ok</a><img src=x onerror=alert(1)></p><style>p{}</style>',
    });
    expect(created.body).toBe('<p>Hola <a rel="noopener noreferrer" target="_blank">x</a> <a href="https://example.org/a" rel="noopener noreferrer" target="_blank">ok</a></p>');
    expect(created).toMatchObject({ state: 'draft', bodyVersion: 1, authorName: 'Sergio Supervisor', allowedEvents: ['PUBLISH', 'ARCHIVE'] });
  });

  it('refuses bad input with the field named: blank title, unknown priority, window in the wrong order, blocking without high priority', async () => {
    expect(fieldErrors(expectProblem(await call('POST', '/api/announcements', { token: admin, body: draft({ title: '', priority: 'urgent' }) }), 400, 'request.invalid'))).toEqual([
      'body/priority enum',
      'body/title minLength',
    ]);
    const order = expectProblem(await call('POST', '/api/announcements', { token: admin, body: draft({ publishUntil: hourAgo(), publishFrom: inDays(1) }) }), 422, 'announcement.windowOrder');
    expect(fieldErrors(order)).toEqual(['body/publishUntil windowOrder']);
    expectProblem(await call('POST', '/api/announcements', { token: admin, body: draft({ blocking: true, requiresAcknowledgement: true, priority: 'medium' }) }), 422, 'announcement.blockingNeedsHighAcknowledged');
    expectProblem(await call('POST', '/api/announcements', { token: admin, body: draft({ audience: 'roles', audienceRoles: ['nobody'] }) }), 422, 'announcement.audienceRolesInvalid');
    expectProblem(await call('POST', '/api/announcements', { token: admin, body: draft({ audience: 'users', audienceUserIds: [] }) }), 422, 'announcement.audienceUsersInvalid');
  });

  it('lets only those with the right write: a verifier reads but does not create, nobody unsigned', async () => {
    expectProblem(await call('POST', '/api/announcements', { token: verifier, body: draft() }), 403, 'auth.forbidden');
    expectProblem(await call('GET', '/api/announcements'), 401, 'auth.unauthenticated');
    expectProblem(await call('GET', '/api/announcements/1/report', { token: verifier }), 403, 'auth.forbidden');
  });

  it('publishes a body that sanitises to nothing only after it is written: the statechart refuses it with its rule', async () => {
    const empty = await create(admin, { body: '<script>alert(1)</script>' });
    expect(empty.body).toBe('');
    expect(empty.blockedEvents).toEqual([{ type: 'PUBLISH', guards: expect.arrayContaining(['hasContent']) }]);
    const refused = expectProblem(await send(admin, empty.id, 'PUBLISH', empty.version), 409, 'announcement.contentMissing');
    expect(refused.detail).toMatch(/título y cuerpo|title and a body/);
  });
});

describe('announcements — lifecycle and audience', () => {
  it('schedules one whose window begins later, shows it to nobody yet, and publishes it once the window opens', async () => {
    const scheduled = await publish(admin, { title: 'Corte programado', publishFrom: inDays(1), requiresAcknowledgement: true });
    expect(scheduled.state).toBe('scheduled');
    expect(await pendingIds(verifier)).not.toContain(scheduled.id);
    expectProblem(await call('GET', `/api/announcements/${scheduled.id}`, { token: verifier }), 404, 'announcement.notFound');
    // The clock reaches the start: the next request that looks sends WINDOW_OPENED.
    await server.db.query(`UPDATE announcements SET publish_from = now() - interval '1 minute' WHERE id = $1`, [scheduled.id]);
    expect(await pendingIds(verifier)).toContain(scheduled.id);
    const now = (await call('GET', `/api/announcements/${scheduled.id}`, { token: admin })).body;
    expect(now).toMatchObject({ state: 'published', publishedAt: expect.any(String) });
    const history = await server.db.query<{ event: string; to_state: string }>(`SELECT event, to_state FROM workflow_history WHERE entity_type = 'announcement' AND entity_id = $1 ORDER BY id`, [scheduled.id]);
    expect(history).toEqual([
      { event: 'PUBLISH', to_state: 'scheduled' },
      { event: 'WINDOW_OPENED', to_state: 'published' },
    ]);
  });

  it('archives a published one when its window ends', async () => {
    const live = await publish(admin, { title: 'Feriado', publishUntil: inDays(2) });
    await server.db.query(`UPDATE announcements SET publish_from = now() - interval '2 days', publish_until = now() - interval '1 second' WHERE id = $1`, [live.id]);
    const listed = await call('GET', `/api/announcements?state=archived`, { token: admin });
    expect(listed.body.items.map((a: { id: number }) => a.id)).toContain(live.id);
  });

  it('reaches the chosen audience only: a role, named users, an insurer\'s staff', async () => {
    const toVerifiers = await publish(admin, { title: 'Para verificadores', audience: 'roles', audienceRoles: ['verifier'], requiresAcknowledgement: true });
    const verifierId = (await call('GET', '/api/me', { token: verifier })).body.user.id;
    const toOne = await publish(admin, { title: 'Solo para Valeria', audience: 'users', audienceUserIds: [verifierId], requiresAcknowledgement: true });
    const [insurer] = await server.db.query<{ id: number }>(`SELECT id FROM insurers ORDER BY id LIMIT 1`);
    const analystId = (await call('GET', '/api/me', { token: analyst })).body.user.id;
    // The analyst joins the insurer's staff on the users API, as the user edit screen does.
    const analystUser = (await call('GET', `/api/users/${analystId}`, { token: admin })).body;
    const joined = await call('PUT', `/api/users/${analystId}`, {
      token: admin,
      body: { version: analystUser.version, name: analystUser.name, email: analystUser.email, locale: analystUser.locale, roles: analystUser.roles, insurerIds: [insurer!.id] },
    });
    expect(joined.body.insurerIds).toEqual([insurer!.id]);
    const toStaff = await publish(admin, { title: 'Para el personal de la aseguradora', audience: 'insurer', audienceInsurerId: insurer!.id, requiresAcknowledgement: true });

    const mine = await pendingIds(verifier);
    expect(mine).toEqual(expect.arrayContaining([toVerifiers.id, toOne.id]));
    expect(mine).not.toContain(toStaff.id);
    const theirs = await pendingIds(analyst);
    expect(theirs).toContain(toStaff.id);
    expect(theirs).not.toContain(toVerifiers.id);
    expect(theirs).not.toContain(toOne.id);
    // Those who only read see the published ones addressed to them, not drafts.
    const unpublished = await create(admin, { title: 'Borrador para todos' });
    const toEveryone = await publish(admin, { title: 'Para todos' });
    const items = (await call('GET', '/api/announcements?pageSize=100', { token: readOnly })).body.items as { id: number; state: string }[];
    expect(new Set(items.map((a) => a.state))).toEqual(new Set(['published']));
    expect(items.map((a) => a.id)).toContain(toEveryone.id);
    expect(items.map((a) => a.id)).not.toContain(unpublished.id);
  });
});

describe('announcements — acknowledgement, versions and reports', () => {
  it('a blocking one comes first among what is pending, and leaves once acknowledged', async () => {
    // Nothing else blocks Carla (other cases leave blocking ones to everyone pending), and something is pending that
    // would come first were it not for the blocking: as high a priority, published an hour earlier.
    const before = (await call('GET', '/api/me/announcements', { token: readOnly })).body.items as { id: number; blocking: boolean; bodyVersion: number }[];
    for (const other of before.filter((a) => a.blocking)) {
      expect((await call('POST', `/api/announcements/${other.id}/acknowledgement`, { token: readOnly, body: { bodyVersion: other.bodyVersion } })).status).toBe(200);
    }
    const earlier = await publish(admin, { title: 'Revisión de accesos', priority: 'high', requiresAcknowledgement: true, publishFrom: new Date(Date.now() - 7_200_000).toISOString() });
    const blocking = await publish(admin, { title: 'Cambio de contraseña obligatorio', priority: 'high', requiresAcknowledgement: true, blocking: true });
    const pending = (await call('GET', '/api/me/announcements', { token: readOnly })).body.items;
    expect(pending[0]).toMatchObject({ id: blocking.id, blocking: true, acknowledgedAt: null });
    expect(pending.map((a: { id: number }) => a.id)).toContain(earlier.id);
    const acked = await call('POST', `/api/announcements/${blocking.id}/acknowledgement`, { token: readOnly, body: { bodyVersion: 1 } });
    expect(acked.status).toBe(200);
    expect(acked.body).toMatchObject({ readAt: expect.any(String), acknowledgedAt: expect.any(String) });
    expect(await pendingIds(readOnly)).not.toContain(blocking.id);
  });

  it('does not block or ask its own author: she wrote it (issue 28 item 8); the report counts the audience without her', async () => {
    const blocking = await publish(supervisor, { title: 'Cierre de mes', priority: 'high', requiresAcknowledgement: true, blocking: true });
    expect(await pendingIds(supervisor)).not.toContain(blocking.id);
    expect(await pendingIds(readOnly)).toContain(blocking.id);
    const report = (await call('GET', `/api/announcements/${blocking.id}/report`, { token: supervisor })).body.users as { name: string }[];
    expect(report.map((user) => user.name)).not.toContain('Sergio Supervisor');
    expect(report.map((user) => user.name)).toContain('Carla Consulta');
    // Nothing for her to acknowledge: it is not addressed to her.
    expect((await call('POST', `/api/announcements/${blocking.id}/acknowledgement`, { token: supervisor, body: { bodyVersion: 1 } })).status).toBe(404);
  });

  it('a new body of a published one is a new version: acknowledgements start again, the old text is kept, an old version cannot be acknowledged', async () => {
    const live = await publish(supervisor, { title: 'Horario de verano', requiresAcknowledgement: true });
    await call('POST', `/api/announcements/${live.id}/acknowledgement`, { token: verifier, body: { bodyVersion: 1 } });
    expect(await pendingIds(verifier)).not.toContain(live.id);

    const current = (await call('GET', `/api/announcements/${live.id}`, { token: supervisor })).body;
    const revised = await call('PUT', `/api/announcements/${live.id}`, { token: supervisor, body: { ...draft({ title: 'Horario de verano', requiresAcknowledgement: true, publishFrom: current.publishFrom }), body: '<p>Nuevo horario: 8 a 15 h.</p>', version: current.version } });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body).toMatchObject({ state: 'published', bodyVersion: 2, body: '<p>Nuevo horario: 8 a 15 h.</p>' });
    expect(await pendingIds(verifier)).toContain(live.id);
    expectProblem(await call('POST', `/api/announcements/${live.id}/acknowledgement`, { token: verifier, body: { bodyVersion: 1 } }), 409, 'announcement.newerVersion');
    const kept = await server.db.query(`SELECT body_version, body FROM announcement_versions WHERE announcement_id = $1`, [live.id]);
    expect(kept).toEqual([{ body_version: 1, body: '<p>Desde enero rige el <strong>nuevo arancel</strong>.</p>' }]);

    // A stale edit is refused with the current version.
    const stale = expectProblem(await call('PUT', `/api/announcements/${live.id}`, { token: supervisor, body: { ...draft(), version: current.version } }), 409, 'conflict.staleVersion');
    expect(stale.errors?.[0]?.params).toEqual({ currentVersion: revised.body.version });
  });

  it('reports who of the audience read and acknowledged the current version', async () => {
    const live = await publish(admin, { title: 'Para verificadores y analistas', audience: 'roles', audienceRoles: ['verifier', 'reimbursement_analyst'], requiresAcknowledgement: true });
    await call('GET', `/api/announcements/${live.id}`, { token: analyst });
    await call('POST', `/api/announcements/${live.id}/acknowledgement`, { token: verifier, body: { bodyVersion: 1 } });
    const report = await call('GET', `/api/announcements/${live.id}/report`, { token: admin });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ bodyVersion: 1, read: 2, acknowledged: 1 });
    const byEmail = Object.fromEntries(report.body.users.map((u: { email: string; readAt: string | null; acknowledgedAt: string | null }) => [u.email, [!!u.readAt, !!u.acknowledgedAt]]));
    expect(byEmail['verificador@demo.local']).toEqual([true, true]);
    expect(byEmail['analista@demo.local']).toEqual([true, false]);
    expect(byEmail['admin@demo.local']).toBeUndefined();
  });

  it('refuses to acknowledge what is not addressed to you, or asks for no acknowledgement', async () => {
    const toVerifiers = await publish(admin, { audience: 'roles', audienceRoles: ['verifier'], requiresAcknowledgement: true });
    expectProblem(await call('POST', `/api/announcements/${toVerifiers.id}/acknowledgement`, { token: analyst, body: { bodyVersion: 1 } }), 404, 'announcement.notFound');
    const plain = await publish(admin);
    expectProblem(await call('POST', `/api/announcements/${plain.id}/acknowledgement`, { token: analyst, body: { bodyVersion: 1 } }), 409, 'announcement.noAcknowledgement');
    expectProblem(await call('POST', `/api/announcements/${plain.id}/acknowledgement`, { token: analyst, body: { bodyVersion: 0 } }), 400, 'request.invalid');
  });

  it('an archived one is history: not edited, not published again', async () => {
    const live = await publish(admin);
    const archived = (await send(admin, live.id, 'ARCHIVE', live.version)).body;
    expect(archived).toMatchObject({ state: 'archived', allowedEvents: [] });
    expectProblem(await call('PUT', `/api/announcements/${live.id}`, { token: admin, body: { ...draft(), version: archived.version } }), 409, 'announcement.notEditable');
    expectProblem(await send(admin, live.id, 'PUBLISH', archived.version), 409, 'workflow.illegalEvent');
    expectProblem(await call('POST', `/api/announcements/${live.id}/events`, { token: admin, body: { type: 'REVISE', version: archived.version } }), 400, 'request.invalid');
    expectProblem(await call('POST', `/api/announcements/${live.id}/events`, { token: admin, body: { type: 'ARCHIVE' } }), 428, 'request.versionRequired');
  });
});
