import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/auth/roles.ts';
import { call, expectProblem, fieldErrors, signIn, useServer } from './helpers.ts';

// Notas (research 2.9): notes on any record, internal or private, pinned, the author's to change for
// 15 minutes by the server's clock and append-only after that; /notas lists mine and the latest on
// records I work on.
const server = useServer();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let patientId: number;
let verificationId: number;
let reimbursement: { id: number; verification_id: number; folio: string };

beforeAll(async () => {
  for (const user of DEMO_USERS) {
    tokens[user.role] = await signIn(user.email);
    ids[user.role] = (await call('GET', '/api/me', { token: tokens[user.role] })).body.user.id;
  }
  patientId = (await server.db.query<{ id: number }>('SELECT id FROM patients ORDER BY id LIMIT 1'))[0].id;
  verificationId = (await server.db.query<{ id: number }>('SELECT id FROM verifications ORDER BY id LIMIT 1'))[0].id;
  reimbursement = (await server.db.query<{ id: number; verification_id: number; folio: string }>('SELECT id, verification_id, folio FROM reimbursements ORDER BY id LIMIT 1'))[0];
});

const write = (token: string, body: Record<string, unknown>) => call('POST', '/api/notes', { token, body });
const notesOn = async (token: string, entityType: string, entityId: number) => {
  const response = await call('GET', `/api/notes?entityType=${entityType}&entityId=${entityId}&sort=-pinned,-createdAt`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items as { id: number; text: string; pinned: boolean; visibility: string; author: { id: number }; editableUntil: string | null }[];
};
/** Moves a note's writing time back, as if it had been written that many minutes ago. */
const age = (id: number, minutes: number) => server.db.query(`UPDATE notes SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [id, minutes]);

describe('notes on a record', () => {
  it('writes an internal note with the record named and linked, editable by the author for 15 minutes', async () => {
    const created = await write(tokens.reimbursement_analyst, { entityType: 'reimbursement', entityId: reimbursement.id, text: 'Falta la factura original.' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      entityType: 'reimbursement',
      entityId: reimbursement.id,
      entityLabel: reimbursement.folio,
      link: `/reembolsos/editar/${reimbursement.verification_id}/${reimbursement.id}`,
      visibility: 'internal',
      pinned: false,
      author: { id: ids.reimbursement_analyst, name: 'Andrés Analista' },
      version: 1,
    });
    const window = Date.parse(created.body.editableUntil) - Date.parse(created.body.createdAt);
    expect(window).toBe(15 * 60_000);
    // Others see it, but may not change its text: editableUntil is null for them.
    const seen = (await notesOn(tokens.supervisor, 'reimbursement', reimbursement.id)).find((n) => n.id === created.body.id);
    expect(seen).toMatchObject({ text: 'Falta la factura original.', editableUntil: null });
  });

  it('keeps a private note to its author', async () => {
    const mine = await write(tokens.verifier, { entityType: 'patient', entityId: patientId, text: 'Recordar llamar al titular.', visibility: 'private' });
    expect(mine.status).toBe(201);
    expect((await notesOn(tokens.verifier, 'patient', patientId)).map((n) => n.id)).toContain(mine.body.id);
    expect((await notesOn(tokens.supervisor, 'patient', patientId)).map((n) => n.id)).not.toContain(mine.body.id);
    expectProblem(await call('PUT', `/api/notes/${mine.body.id}`, { token: tokens.supervisor, body: { pinned: true, version: 1 } }), 404, 'note.notFound');
  });

  it("lists pinned notes first, then the newest, in the record panel's order (sort=-pinned,-createdAt); the newest first by default", async () => {
    // The whole list is compared: a verification no note is on yet, as the other cases write theirs on the first one.
    const [{ id: noted }] = await server.db.query<{ id: number }>(
      `SELECT v.id FROM verifications v WHERE NOT EXISTS (SELECT 1 FROM notes n WHERE n.entity_type = 'verification' AND n.entity_id = v.id) ORDER BY v.id LIMIT 1`,
    );
    const first = await write(tokens.verifier, { entityType: 'verification', entityId: noted, text: 'Primera', pinned: true });
    const second = await write(tokens.verifier, { entityType: 'verification', entityId: noted, text: 'Segunda' });
    const third = await write(tokens.supervisor, { entityType: 'verification', entityId: noted, text: 'Tercera' });
    expect((await notesOn(tokens.verifier, 'verification', noted)).map((n) => n.id)).toEqual([first.body.id, third.body.id, second.body.id]);
    const newest = await call('GET', `/api/notes?entityType=verification&entityId=${noted}`, { token: tokens.verifier });
    expect(newest.body.items.slice(0, 3).map((n: { id: number }) => n.id)).toEqual([third.body.id, second.body.id, first.body.id]);
  });

  it('lets the author change the text inside the window, with the version last read', async () => {
    const note = await write(tokens.verifier, { entityType: 'verification', entityId: verificationId, text: 'Texto con erata' });
    const changed = await call('PUT', `/api/notes/${note.body.id}`, { token: tokens.verifier, body: { text: 'Texto corregido', version: 1 } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ text: 'Texto corregido', version: 2 });
    const stale = await call('PUT', `/api/notes/${note.body.id}`, { token: tokens.verifier, body: { text: 'Otra vez', version: 1 } });
    expect(expectProblem(stale, 409, 'conflict.staleVersion').errors).toEqual([{ path: 'body/version', keyword: 'stale', params: { currentVersion: 2 } }]);
  });

  it('refuses the text change after 15 minutes by the server clock, and from anyone but the author; pinning stays open', async () => {
    const note = await write(tokens.verifier, { entityType: 'verification', entityId: verificationId, text: 'Escrita hace un rato' });
    expectProblem(await call('PUT', `/api/notes/${note.body.id}`, { token: tokens.supervisor, body: { text: 'Ajena', version: 1 } }), 422, 'note.notAuthor');
    await age(note.body.id, 14);
    const still = await call('PUT', `/api/notes/${note.body.id}`, { token: tokens.verifier, body: { text: 'Aún a tiempo', version: 1 } });
    expect(still.status).toBe(200);
    await age(note.body.id, 16);
    const [listed] = (await notesOn(tokens.verifier, 'verification', verificationId)).filter((n) => n.id === note.body.id);
    expect(listed.editableUntil).toBeNull();
    expectProblem(await call('PUT', `/api/notes/${note.body.id}`, { token: tokens.verifier, body: { text: 'Demasiado tarde', version: 2 } }), 422, 'note.editWindowClosed');
    const pinned = await call('PUT', `/api/notes/${note.body.id}`, { token: tokens.supervisor, body: { pinned: true, version: 2 } });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ text: 'Aún a tiempo', pinned: true, version: 3 });
  });
});

describe('notes: permissions and bad input', () => {
  it('needs notes:create to write and notes:read to list', async () => {
    expectProblem(await write(tokens.read_only, { entityType: 'patient', entityId: patientId, text: 'x' }), 403, 'auth.forbidden');
    expectProblem(await call('GET', '/api/notes', { token: tokens.treasury }), 403, 'auth.forbidden');
    expectProblem(await call('GET', '/api/notes'), 401, 'auth.unauthenticated');
    expect((await call('GET', '/api/notes', { token: tokens.read_only })).status).toBe(200);
  });

  it('writes only on records that exist and that the user may read', async () => {
    expectProblem(await write(tokens.verifier, { entityType: 'patient', entityId: 999999, text: 'x' }), 404, 'patient.notFound');
    // The verifier may not read reimbursements, so neither their notes.
    expectProblem(await write(tokens.verifier, { entityType: 'reimbursement', entityId: reimbursement.id, text: 'x' }), 422, 'note.recordNotReadable');
    expectProblem(await call('GET', `/api/notes?entityType=reimbursement&entityId=${reimbursement.id}`, { token: tokens.verifier }), 403, 'auth.forbidden');
    expectProblem(await call('GET', '/api/notes?entityType=patient&entityId=999999', { token: tokens.verifier }), 404, 'patient.notFound');
  });

  it('answers 400 naming the field for malformed input', async () => {
    const blank = expectProblem(await write(tokens.verifier, { entityType: 'patient', entityId: patientId, text: '   ' }), 400, 'request.invalid');
    expect(fieldErrors(blank)).toEqual(['body/text pattern']);
    const long = expectProblem(await write(tokens.verifier, { entityType: 'patient', entityId: patientId, text: 'x'.repeat(4001) }), 400, 'request.invalid');
    expect(fieldErrors(long)).toEqual(['body/text maxLength']);
    const kind = expectProblem(await write(tokens.verifier, { entityType: 'hospital', entityId: 1, text: 'x' }), 400, 'request.invalid');
    expect(fieldErrors(kind)).toContain('body/entityType enum');
    const half = expectProblem(await call('GET', '/api/notes?entityType=patient', { token: tokens.verifier }), 400, 'request.invalid');
    expect(fieldErrors(half)).toEqual(['query/entityId required']);
    expectProblem(await call('PUT', '/api/notes/1', { token: tokens.verifier, body: { version: 1 } }), 400, 'request.invalid');
    expectProblem(await call('GET', '/api/notes?scope=everyone', { token: tokens.verifier }), 400, 'request.invalid');
  });
});

describe('/notas: mine and the latest on records I work on', () => {
  it('lists my notes, others’ internal notes on records I noted, and searches the text', async () => {
    const patient2 = (await server.db.query<{ id: number }>('SELECT id FROM patients ORDER BY id OFFSET 1 LIMIT 1'))[0].id;
    await write(tokens.dental_auditor, { entityType: 'patient', entityId: patient2, text: 'Nota de la auditora sobre radiografía' });
    const other = await write(tokens.supervisor, { entityType: 'patient', entityId: patient2, text: 'Comentario del supervisor' });
    const unrelated = await write(tokens.supervisor, { entityType: 'doctor', entityId: 1, text: 'Sin relación con la auditora' });
    const all = await call('GET', '/api/notes', { token: tokens.dental_auditor });
    const listedIds = all.body.items.map((n: { id: number }) => n.id);
    expect(listedIds).toContain(other.body.id);
    expect(listedIds).not.toContain(unrelated.body.id);
    const mine = await call('GET', '/api/notes?scope=mine', { token: tokens.dental_auditor });
    expect(mine.body.items.every((n: { author: { id: number } }) => n.author.id === ids.dental_auditor)).toBe(true);
    const related = await call('GET', '/api/notes?scope=related', { token: tokens.dental_auditor });
    const relatedIds = related.body.items.map((n: { id: number }) => n.id);
    expect(relatedIds).toContain(other.body.id);
    expect(relatedIds).not.toContain(unrelated.body.id);
    expect(related.body.items.some((n: { author: { id: number } }) => n.author.id === ids.dental_auditor)).toBe(false);
    const found = await call('GET', `/api/notes?q=${encodeURIComponent('radiograf')}`, { token: tokens.dental_auditor });
    expect(found.body.items.map((n: { text: string }) => n.text)).toEqual(['Nota de la auditora sobre radiografía']);
    expect(found.body.total).toBe(1);
  });

  it('audits writes without their text', async () => {
    const note = await write(tokens.verifier, { entityType: 'patient', entityId: patientId, text: 'Dato clínico sensible' });
    const [row] = await server.db.query<{ action: string; entity_type: string; entity_id: string; detail: string }>(
      `SELECT action, entity_type, entity_id, detail::text AS detail FROM audit_log WHERE entity_type = 'note' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ action: 'CREATE', entity_type: 'note', entity_id: String(note.body.id) });
    expect(row.detail).not.toContain('sensible');
  });
});
