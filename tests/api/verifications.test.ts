import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit.ts';
import { call, expectProblem, signIn, useServer, sendEvent } from './helpers.ts';

// The server's clock, fixed so the dates these tests compute hold.
const now = '2026-11-21';
const server = useServer({}, () => now);
let admin: string;
let verifier: string;
let readOnly: string;
let verifierId: number;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  verifier = await signIn('verificador@demo.local');
  readOnly = await signIn('consulta@demo.local');
  verifierId = (await call('GET', '/api/me', { token: verifier })).body.user.id;
});

/** A fresh adult patient with active coverage and no open verification. */
async function freshPatient(): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(
    `SELECT p.id FROM patients p JOIN policies po ON po.id = p.policy_id
      WHERE po.state = 'ACTIVE' AND p.birth_date < '2000-01-01'
        AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id AND v.state IN ('pending', 'inProgress', 'needsInfo'))
      ORDER BY p.id LIMIT 1`,
  );
  return row.id;
}

const event = (id: number, body: Record<string, unknown>, token = verifier) => sendEvent('verifications', id, body, token);

describe('verifications', () => {
  it('lists the worklist and the history with paging and filters, each with its state and allowed events', async () => {
    const open = await call('GET', '/api/verifications?group=open&pageSize=100', { token: admin });
    expect(open.status).toBe(200);
    expect(new Set(open.body.items.map((v: { state: string }) => v.state))).toEqual(new Set(['pending', 'inProgress', 'needsInfo']));
    const history = await call('GET', '/api/verifications?group=history&pageSize=100', { token: admin });
    expect(new Set(history.body.items.map((v: { state: string }) => v.state))).toEqual(new Set(['verified', 'notEligible', 'expired', 'cancelled']));
    for (const v of [...open.body.items, ...history.body.items]) expect(Array.isArray(v.allowedEvents)).toBe(true);
    const pending = await call('GET', '/api/verifications?state=pending&sort=-folio', { token: admin });
    const folios = pending.body.items.map((v: { folio: string }) => v.folio);
    expect(folios).toEqual([...folios].sort().reverse());
    const mine = await call('GET', `/api/verifications?assigneeId=${verifierId}&pageSize=100`, { token: admin });
    expect(mine.body.items.every((v: { assigneeId: number }) => v.assigneeId === verifierId)).toBe(true);
    expectProblem(await call('GET', '/api/verifications?state=approved', { token: admin }), 400, 'request.invalid');
  });

  it('runs pending → inProgress → needsInfo → inProgress → verified, recording history and audit', async () => {
    const created = await call('POST', '/api/verifications', {
      token: verifier,
      body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-11-25' },
    });
    expect(created.status).toBe(201);
    // The verifier's own verification is hers at once (issue 28, item 3): no taking it before starting.
    expect(created.body).toMatchObject({ state: 'pending', folio: expect.stringMatching(/^VER-2026-\d{6}$/), assigneeId: verifierId });
    expect(created.body.allowedEvents).toEqual(expect.arrayContaining(['START', 'CANCEL']));
    const id = created.body.id;
    expect((await event(id, { type: 'START' })).body.state).toBe('inProgress');
    expect((await event(id, { type: 'REQUEST_INFO', note: '  ' })).status).toBe(409);
    expect((await event(id, { type: 'REQUEST_INFO', note: 'Falta la credencial.' })).body).toMatchObject({ state: 'needsInfo', note: 'Falta la credencial.' });
    expect((await event(id, { type: 'INFO_RECEIVED' })).body.state).toBe('inProgress');
    const verified = await event(id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' });
    expect(verified.body).toMatchObject({ state: 'verified', channel: 'PORTAL', coverageActive: true, validUntil: '2026-12-21' });
    expect(verified.body.allowedEvents).toEqual([]);

    const history = await call('GET', `/api/verifications/${id}/history`, { token: readOnly });
    expect(history.body.items.map((h: { event: string; toState: string }) => `${h.event}>${h.toState}`)).toEqual([
      'ASSIGN>pending',
      'START>inProgress',
      'REQUEST_INFO>needsInfo',
      'INFO_RECEIVED>inProgress',
      'RECORD_ELIGIBLE>verified',
    ]);
    const audited = await server.db.query(`SELECT 1 FROM audit_log WHERE entity_type = 'verification' AND entity_id = $1 AND action = 'STATE_CHANGE'`, [String(id)]);
    expect(audited).toHaveLength(5);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });

  it('assigns a verifier\'s new verification to her, taken in its history; one an administrator enters waits unassigned to be handed out', async () => {
    const own = await call('POST', '/api/verifications', {
      token: verifier,
      body: { patientId: await freshPatient(), kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-26' },
    });
    expect(own.body).toMatchObject({ assigneeId: verifierId, assigneeName: 'Valeria Verificadora' });
    const taken = await call('GET', `/api/verifications/${own.body.id}/history`, { token: verifier });
    expect(taken.body.items).toMatchObject([{ event: 'ASSIGN', fromState: 'pending', toState: 'pending', actorId: verifierId, payload: { assigneeId: verifierId } }]);

    const entered = await call('POST', '/api/verifications', {
      token: admin,
      body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-11-26' },
    });
    expect(entered.status).toBe(201);
    expect(entered.body.assigneeId).toBeNull();
    expect((await call('GET', `/api/verifications/${entered.body.id}/history`, { token: admin })).body.items).toEqual([]);
    // START needs the actor to be the assignee (or a supervisor): the verifier takes it first.
    const seen = await call('GET', `/api/verifications/${entered.body.id}`, { token: verifier });
    expect(seen.body.allowedEvents).toContain('ASSIGN');
    expect(seen.body.allowedEvents).not.toContain('START');
    expectProblem(await event(entered.body.id, { type: 'START' }), 409, 'verification.notAssignee');
    expect((await event(entered.body.id, { type: 'ASSIGN', assigneeId: verifierId })).body).toMatchObject({ state: 'pending', assigneeId: verifierId });
    expect((await event(entered.body.id, { type: 'START' })).body.state).toBe('inProgress');
  });

  it('answers 409 with the rule that refused, and changes nothing', async () => {
    const { body } = await call('GET', '/api/verifications?state=verified&pageSize=1', { token: admin });
    const before = body.items[0];
    const refused = await event(before.id, { type: 'START' }, admin);
    expectProblem(refused, 409, 'workflow.illegalEvent');
    const after = (await call('GET', `/api/verifications/${before.id}`, { token: admin })).body;
    expect(after).toMatchObject({ state: before.state, version: before.version });
  });

  it('refuses to verify when the policy is not active on the service date', async () => {
    // A policy suspended before its history was kept counts as suspended since its row last changed, which the demo
    // seed wrote on the run's day: a fixed date here stopped being after it once the runs passed that date.
    const [row] = await server.db.query<{ id: number; suspended_on: string }>(
      `SELECT p.id, po.updated_at::date::text AS suspended_on FROM patients p JOIN policies po ON po.id = p.policy_id WHERE po.state = 'SUSPENDED' ORDER BY p.id LIMIT 1`,
    );
    const created = await call('POST', '/api/verifications', { token: admin, body: { patientId: row.id, kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: row.suspended_on } });
    const id = created.body.id;
    await event(id, { type: 'START' }, admin);
    expectProblem(await event(id, { type: 'RECORD_ELIGIBLE', channel: 'PHONE' }, admin), 409, 'verification.coverageInactive');
    expect((await event(id, { type: 'RECORD_NOT_ELIGIBLE', reason: 'Póliza suspendida.' }, admin)).body).toMatchObject({ state: 'notEligible', coverageActive: false });
  });

  it('needs an authorization number to approve a pre-authorisation, and orthodontics only for children', async () => {
    expectProblem(
      await call('POST', '/api/verifications', { token: admin, body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'ORTHODONTIC', plannedServiceDate: '2026-12-01' } }),
      422,
      'verification.orthodonticNeedsPreauthorization',
    );
    const adult = await freshPatient();
    const created = await call('POST', '/api/verifications', { token: admin, body: { patientId: adult, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', plannedServiceDate: '2026-12-01' } });
    await event(created.body.id, { type: 'START' }, admin);
    expectProblem(await event(created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin), 409, 'verification.authorizationNumberRequired');
    expectProblem(await event(created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-1' }, admin), 409, 'verification.orthoAgeLimitReached');
  });

  it('tells the kinds of 409 apart by the problem type: stale version, refused by a guard, state conflict', async () => {
    const patientId = await freshPatient();
    const body = { patientId, kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-12-03' };
    const created = (await call('POST', '/api/verifications', { token: admin, body })).body;
    const stale = await event(created.id, { type: 'START', version: created.version + 1 }, admin);
    expect(expectProblem(stale, 409, 'conflict.staleVersion')).toMatchObject({ type: 'urn:problem:stale-version' });
    const refused = await event(created.id, { type: 'RECORD_ELIGIBLE', channel: 'PHONE' }, admin);
    expect(expectProblem(refused, 409, 'workflow.illegalEvent')).toMatchObject({ type: 'urn:problem:rule-refused' });
    const second = await call('POST', '/api/verifications', { token: admin, body });
    expect(expectProblem(second, 409, 'verification.alreadyOpen')).toMatchObject({ type: 'urn:problem:state-conflict' });
  });

  it('refuses a second open verification of the same kind for a patient, and unknown patients', async () => {
    const patientId = await freshPatient();
    const body = { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-12-02' };
    expect((await call('POST', '/api/verifications', { token: verifier, body })).status).toBe(201);
    expectProblem(await call('POST', '/api/verifications', { token: verifier, body }), 409, 'verification.alreadyOpen');
    expectProblem(await call('POST', '/api/verifications', { token: verifier, body: { ...body, patientId: 999999 } }), 422, 'verification.patientUnknown');
    expectProblem(await call('POST', '/api/verifications', { token: readOnly, body }), 403, 'auth.forbidden');
  });

  it('refuses an event that names no version with 428, takes it from If-Match, and lets one of 50 concurrent ASSIGNs win', async () => {
    const created = await call('POST', '/api/verifications', {
      token: admin,
      body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-11-26' },
    });
    const id = created.body.id;
    const bare = { type: 'ASSIGN', assigneeId: verifierId };
    expectProblem(await call('POST', `/api/verifications/${id}/events`, { token: admin, body: bare }), 428, 'request.versionRequired');
    expectProblem(await call('POST', `/api/verifications/${id}/events`, { token: admin, body: bare, headers: { 'if-match': '*' } }), 428, 'request.versionRequired');
    expect((await call('GET', `/api/verifications/${id}`, { token: admin })).body).toMatchObject({ version: created.body.version, assigneeId: null });

    const stale = await call('POST', `/api/verifications/${id}/events`, { token: admin, body: bare, headers: { 'if-match': `"${created.body.version + 1}"` } });
    expectProblem(stale, 409, 'conflict.staleVersion');
    const tagged = await call('POST', `/api/verifications/${id}/events`, { token: admin, body: bare, headers: { 'if-match': `W/"${created.body.version}"` } });
    expect(tagged.body).toMatchObject({ assigneeId: verifierId, version: created.body.version + 1 });

    // Fifty hand it on to the same other person at once (naming its present assignee again is refused, issue 28 item 2).
    const adminId = (await call('GET', '/api/me', { token: admin })).body.user.id;
    const racers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/verifications/${id}/events`, { token: admin, body: { ...bare, assigneeId: adminId, version: tagged.body.version } })),
    );
    expect(racers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racers.filter((r) => r.status === 409 && r.body.code === 'conflict.staleVersion')).toHaveLength(49);
    const history = await call('GET', `/api/verifications/${id}/history`, { token: admin });
    expect(history.body.items.filter((h: { event: string }) => h.event === 'ASSIGN')).toHaveLength(2);
  });

  it('updates an open verification with its version; a stale version gets 409', async () => {
    const created = await call('POST', '/api/verifications', { token: verifier, body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-12-03' } });
    const { id, version } = created.body;
    const updated = await call('PUT', `/api/verifications/${id}`, { token: verifier, body: { plannedServiceDate: '2026-12-04', note: 'Llamar por la tarde', version } });
    expect(updated.body).toMatchObject({ plannedServiceDate: '2026-12-04', note: 'Llamar por la tarde', version: version + 1 });
    expectProblem(await call('PUT', `/api/verifications/${id}`, { token: verifier, body: { plannedServiceDate: '2026-12-05', version } }), 409, 'conflict.staleVersion');
  });

  it('lets only one of two concurrent events on a record win', async () => {
    const created = await call('POST', '/api/verifications', { token: admin, body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-12-06' } });
    const id = created.body.id;
    await event(id, { type: 'START' }, admin);
    const results = await Promise.all([
      event(id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin),
      event(id, { type: 'RECORD_NOT_ELIGIBLE', reason: 'Sin cobertura' }, admin),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const history = await call('GET', `/api/verifications/${id}/history`, { token: admin });
    expect(history.body.items).toHaveLength(2);
  });

  it('cancels an open verification with a reason, but not one that has reimbursements', async () => {
    const created = await call('POST', '/api/verifications', { token: verifier, body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-12-07' } });
    expectProblem(await event(created.body.id, { type: 'CANCEL', reason: '' }), 409, 'verification.reasonRequired');
    expect((await event(created.body.id, { type: 'CANCEL', reason: 'Pedido por error' })).body).toMatchObject({ state: 'cancelled', reason: 'Pedido por error', allowedEvents: [] });

    // A verification that already led to a reimbursement stays: its history matters.
    const [used] = await server.db.query<{ verification_id: number }>(`SELECT verification_id FROM reimbursements LIMIT 1`);
    const [open] = await server.db.query<{ id: number }>(`SELECT id FROM verifications WHERE state = 'pending' ORDER BY id LIMIT 1`);
    await server.db.query(`UPDATE reimbursements SET verification_id = $1 WHERE verification_id = $2`, [open.id, used.verification_id]);
    expectProblem(await event(open.id, { type: 'CANCEL', reason: 'Ya no hace falta' }, admin), 409, 'verification.hasReimbursements');
  });

  it('hands the worklist out: a supervisor assigns several to a verifier; a verifier only takes one for themself', async () => {
    const supervisor = await signIn('supervisor@demo.local');
    const adminId = (await call('GET', '/api/me', { token: admin })).body.user.id;
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await call('POST', '/api/verifications', { token: admin, body: { patientId: await freshPatient(), kind: 'ELIGIBILITY', category: 'GENERAL', plannedServiceDate: '2026-11-27' } });
      ids.push(created.body.id);
    }
    // The worklist's bulk assign: one ASSIGN per chosen row, naming the verifier.
    for (const id of ids) expect((await event(id, { type: 'ASSIGN', assigneeId: verifierId }, supervisor)).body).toMatchObject({ state: 'pending', assigneeId: verifierId });
    const mine = await call('GET', '/api/verifications?group=open&assigned=mine&pageSize=100', { token: verifier });
    expect(mine.body.items.map((v: { id: number }) => v.id)).toEqual(expect.arrayContaining(ids));

    // A verifier hands nothing to someone else (and nothing changes); taking one already hers is shown refused with
    // its reason (issue 28 item 2); taking another's is offered and allowed.
    const before = (await call('GET', `/api/verifications/${ids[0]}`, { token: verifier })).body;
    expect(before.allowedEvents).not.toContain('ASSIGN');
    expect(before.blockedEvents).toContainEqual({ type: 'ASSIGN', guards: ['assigneeChanges'] });
    expectProblem(await event(ids[0], { type: 'ASSIGN', assigneeId: adminId }), 409, 'verification.assignerNotAllowed');
    expect((await call('GET', `/api/verifications/${ids[0]}`, { token: admin })).body).toMatchObject({ assigneeId: verifierId, version: before.version });
    expect((await event(ids[1], { type: 'ASSIGN', assigneeId: adminId }, supervisor)).body.assigneeId).toBe(adminId);
    expect((await call('GET', `/api/verifications/${ids[1]}`, { token: verifier })).body.allowedEvents).toContain('ASSIGN');
    expect((await event(ids[1], { type: 'ASSIGN', assigneeId: verifierId })).body.assigneeId).toBe(verifierId);
  });

  it('filters the worklist by service dates and sorts it by age; filters the history by insurer, doctor and dates', async () => {
    const all = async (query: string) => (await call('GET', `/api/verifications?pageSize=100&${query}`, { token: admin })).body.items as {
      id: number; plannedServiceDate: string; createdAt: string; insurerId: number; doctorId: number | null;
    }[];
    // The range is read from the worklist (the seed's open ones fall on six days), so what other tests of this file
    // left open changes nothing: from its first day to its last day but one, both ends included.
    const open = await all('group=open');
    const days = [...new Set(open.map((v) => v.plannedServiceDate))].sort();
    expect(days.length).toBeGreaterThan(2);
    const [from, to] = [days[0], days.at(-2)!];
    const between = await all(`group=open&from=${from}&to=${to}`);
    const ids = (rows: typeof open) => rows.map((v) => v.id).sort((a, b) => a - b);
    expect(ids(between)).toEqual(ids(open.filter((v) => v.plannedServiceDate >= from && v.plannedServiceDate <= to)));
    expect(between.length).toBeLessThan(open.length);
    // Oldest first, as the worklist asks by default; newest first when reversed.
    const byAge = (await all('group=open&sort=createdAt')).map((v) => v.createdAt);
    expect(byAge).toEqual([...byAge].sort());
    const newest = (await all('group=open&sort=-createdAt')).map((v) => v.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());

    const history = await all('group=history');
    const sample = history.find((v) => v.doctorId !== null)!;
    const ofInsurer = await all(`group=history&insurerId=${sample.insurerId}`);
    expect(ofInsurer.map((v) => v.id)).toContain(sample.id);
    expect(ofInsurer.every((v) => v.insurerId === sample.insurerId)).toBe(true);
    const ofDoctor = await all(`group=history&doctorId=${sample.doctorId}`);
    expect(ofDoctor.map((v) => v.id)).toContain(sample.id);
    expect(ofDoctor.every((v) => v.doctorId === sample.doctorId)).toBe(true);
    const onDay = await all(`group=history&from=${sample.plannedServiceDate}&to=${sample.plannedServiceDate}`);
    expect(onDay.map((v) => v.id)).toContain(sample.id);
    expect(onDay.every((v) => v.plannedServiceDate === sample.plannedServiceDate)).toBe(true);
    // Each filter narrows the history.
    expect(Math.max(ofInsurer.length, ofDoctor.length, onDay.length)).toBeLessThan(history.length);
    expectProblem(await call('GET', '/api/verifications?group=history&from=2026-13-01', { token: admin }), 400, 'request.invalid');
  });
});
