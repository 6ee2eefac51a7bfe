import { createHash } from 'node:crypto';
import fs from 'node:fs';
import jpeg from 'jpeg-js';
import { PNG as PNGJS } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { DEMO_USERS } from '../../server/auth/roles.ts';
import { call, expectProblem, fieldErrors, signIn, useServer } from './helpers.ts';
import { openStream } from './sse.ts';

// Files on messages: the checks of a record's documents (R21), for a conversation's participants only, audited.
const server = useServer();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const PDF = textPdf(['Presupuesto 2026']);
const PNG = new Uint8Array(PNGJS.sync.write(Object.assign(new PNGJS({ width: 2, height: 2 }), { data: Buffer.alloc(16, 255) })));
const JPEG = new Uint8Array(jpeg.encode({ width: 2, height: 2, data: Buffer.alloc(16, 200) }, 90).data);
const FILES = [
  { bytes: PDF, name: 'presupuesto.pdf', mime: 'application/pdf' },
  { bytes: PNG, name: 'radiografía.png', mime: 'image/png' },
  { bytes: JPEG, name: 'foto.jpg', mime: 'image/jpeg' },
];
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

function attach(token: string, conversationId: number, file?: { bytes: Uint8Array; name: string }, body?: string) {
  const form = new FormData();
  if (body !== undefined) form.set('body', body);
  if (file) form.set('file', new File([file.bytes.slice()], file.name, { type: 'application/octet-stream' }));
  return call('POST', `/api/conversations/${conversationId}/attachments`, { token, body: form });
}

async function download(token: string, id: number) {
  const response = await server.server.api.request(`http://localhost/api/message-attachments/${id}/content`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const storedFiles = () => fs.readdirSync(server.server.filesDir).length;
const counts = async () => (await server.db.query<{ messages: number; files: number }>('SELECT (SELECT count(*)::int FROM messages) AS messages, (SELECT count(*)::int FROM message_attachments) AS files'))[0];

/** Every role that has messages at all takes part, but one: the outsider, who may read and write messages elsewhere. */
async function conversationWithout(outsider: string) {
  const members = DEMO_USERS.map((u) => u.role).filter((role) => role !== 'read_only' && role !== outsider);
  const [owner, ...others] = members;
  const created = await call('POST', '/api/conversations', { token: tokens[owner], body: { subject: `Sin ${outsider}`, participantIds: others.map((role) => ids[role]), body: 'Adjunto lo pedido' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as number, members };
}

beforeAll(async () => {
  for (const user of DEMO_USERS) {
    tokens[user.role] = await signIn(user.email);
    ids[user.role] = (await call('GET', '/api/me', { token: tokens[user.role] })).body.user.id;
  }
});

describe('message attachments: who', () => {
  it.each(['supervisor', 'administrator'])('every participant, whatever the role, attaches, lists and downloads; the %s outside it gets 404 and is audited', async (outsider) => {
    const { id, members } = await conversationWithout(outsider);
    const sent: { id: number; bytes: Uint8Array; name: string }[] = [];
    for (const [i, role] of members.entries()) {
      const file = FILES[i % FILES.length];
      const message = await attach(tokens[role], id, file, i === 0 ? 'Va el presupuesto' : undefined);
      expect(message.status, `${role}: ${JSON.stringify(message.body)}`).toBe(201);
      expect(message.body).toMatchObject({ conversationId: id, author: { id: ids[role] }, body: i === 0 ? 'Va el presupuesto' : '', readBy: [] });
      expect(message.body.attachments).toEqual([
        { id: expect.any(Number), conversationId: id, messageId: message.body.id, fileName: file.name, mime: file.mime, sizeBytes: file.bytes.length, sha256: sha(file.bytes), uploadedBy: { id: ids[role], name: expect.any(String) }, uploadedAt: expect.any(String) },
      ]);
      expect(message.headers.get('location')).toBe(`/api/message-attachments/${message.body.attachments[0].id}/content`);
      sent.push({ id: message.body.attachments[0].id, bytes: file.bytes, name: file.name });
    }
    for (const role of members) {
      const listed = await call('GET', `/api/conversations/${id}/attachments`, { token: tokens[role] });
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((item: { id: number }) => item.id)).toEqual(sent.map((file) => file.id).reverse());
      const thread = await call('GET', `/api/conversations/${id}`, { token: tokens[role] });
      expect(thread.body.messages.flatMap((m: { attachments: { id: number }[] }) => m.attachments.map((a) => a.id))).toEqual(sent.map((file) => file.id));
      const file = sent[members.indexOf(role) === 0 ? 1 : 0];
      const got = await download(tokens[role], file.id);
      expect(got.status, role).toBe(200);
      expect(got.bytes).toEqual(file.bytes);
      expect(got.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(file.name)}`);
      expect(got.headers.get('x-content-sha256')).toBe(sha(file.bytes));
    }

    expectProblem(await call('GET', `/api/conversations/${id}/attachments`, { token: tokens[outsider] }), 404, 'conversation.notFound');
    expectProblem(await attach(tokens[outsider], id, FILES[0]), 404, 'conversation.notFound');
    const refused = await download(tokens[outsider], sent[0].id);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(new TextDecoder().decode(refused.bytes)).code).toBe('messageAttachment.notFound');
    const denied = await server.db.query(`SELECT result, detail FROM audit_log WHERE action = 'ACCESS_DENIED' AND entity_type = 'messageAttachment' AND entity_id = $1 AND user_id = $2`, [String(sent[0].id), ids[outsider]]);
    expect(denied).toEqual([{ result: 'DENIED', detail: { conversationId: id } }]);

    const audited = await server.db.query<{ action: string; entity_type: string; n: number }>(
      `SELECT action, entity_type, count(*)::int AS n FROM audit_log WHERE entity_type = 'messageAttachment' AND (detail->>'conversationId')::int = $1 AND result = 'ALLOWED' GROUP BY 1, 2 ORDER BY 1`,
      [id],
    );
    expect(audited).toEqual([
      { action: 'CREATE', entity_type: 'messageAttachment', n: members.length },
      { action: 'DOWNLOAD', entity_type: 'messageAttachment', n: members.length },
      { action: 'LIST', entity_type: 'messageAttachment', n: members.length },
    ]);
  });

  it('needs the messages permissions and a session', async () => {
    const { id } = await conversationWithout('supervisor');
    const file = (await attach(tokens.administrator, id, FILES[0])).body.attachments[0];
    expectProblem(await call('GET', `/api/conversations/${id}/attachments`, { token: tokens.read_only }), 403, 'auth.forbidden');
    expectProblem(await attach(tokens.read_only, id, FILES[0]), 403, 'auth.forbidden');
    expect((await download(tokens.read_only, file.id)).status).toBe(403);
    expect((await download('', file.id)).status).toBe(401);
    expectProblem(await call('GET', `/api/conversations/${id}/attachments`), 401, 'auth.unauthenticated');
  });

  it("tells the others live that a message arrived, never the file's name", async () => {
    const { id } = await conversationWithout('supervisor');
    const stream = await openStream(server.server, tokens.treasury);
    const message = await attach(tokens.verifier, id, { bytes: PDF, name: 'caries-36.pdf' });
    const [event] = await stream.next(1);
    expect(JSON.parse(event.data)).toEqual({ kind: 'message', conversationId: id, messageId: message.body.id, link: `/mensajes/${id}`, subject: 'Sin supervisor', senderName: message.body.author.name });
    expect(event.raw).not.toMatch(/caries/);
    await stream.close();
  });
});

describe('message attachments: bad files', () => {
  it('refuses what is not a pdf, png or jpeg that opens, and a form without a file, storing nothing', async () => {
    const { id } = await conversationWithout('supervisor');
    const before = { ...(await counts()), stored: storedFiles() };
    expectProblem(await attach(tokens.verifier, id, { bytes: text('hola'), name: 'nota.pdf' }), 422, 'attachment.type');
    expectProblem(await attach(tokens.verifier, id, { bytes: new Uint8Array([...text('%PDF-1.7\n'), ...Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256)]), name: 'roto.pdf' }), 422, 'attachment.unreadable');
    expectProblem(await attach(tokens.verifier, id, { bytes: new Uint8Array([...PNG.slice(0, 8), ...text('no es png')]), name: 'rx.png' }), 422, 'attachment.unreadable');
    expectProblem(await attach(tokens.verifier, id, { bytes: new Uint8Array(0), name: 'vacío.pdf' }), 422, 'attachment.size');
    expect(fieldErrors(expectProblem(await attach(tokens.verifier, id, undefined, 'sin archivo'), 400, 'request.invalid'))).toEqual(['body/file required']);
    expectProblem(await call('POST', `/api/conversations/${id}/attachments`, { token: tokens.verifier, body: { body: 'json' } }), 415, 'request.unsupportedMediaType');
    expect(fieldErrors(expectProblem(await attach(tokens.verifier, id, FILES[0], 'x'.repeat(10001)), 400, 'request.invalid'))).toEqual(['body/body maxLength']);
    expect({ ...(await counts()), stored: storedFiles() }).toEqual(before);
  });

  it('answers 413 to a file over the upload limit, and 422 to one just over 15 MB', async () => {
    const { id } = await conversationWithout('supervisor');
    const before = { ...(await counts()), stored: storedFiles() };
    const huge = new Uint8Array(16 * 1024 * 1024);
    huge.set(PDF);
    expectProblem(await attach(tokens.verifier, id, { bytes: huge, name: 'enorme.pdf' }), 413, 'request.tooLarge');
    const over = new Uint8Array(15 * 1024 * 1024 + 1);
    over.set(PDF);
    expectProblem(await attach(tokens.verifier, id, { bytes: over, name: 'grande.pdf' }), 422, 'attachment.size');
    expect({ ...(await counts()), stored: storedFiles() }).toEqual(before);
  });

  it('keeps a safe name, and refuses files in a closed conversation without keeping the file', async () => {
    const { id } = await conversationWithout('supervisor');
    const named = await attach(tokens.verifier, id, { bytes: PDF, name: '../../etc/factura\u202Efdp.exe' });
    expect(named.body.attachments[0].fileName).toBe('facturafdp.exe.pdf');
    const got = await download(tokens.verifier, named.body.attachments[0].id);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="facturafdp.exe.pdf"; filename*=UTF-8''facturafdp.exe.pdf`);

    expect((await call('POST', `/api/conversations/${id}/close`, { token: tokens.verifier })).status).toBe(200);
    const before = { ...(await counts()), stored: storedFiles() };
    expectProblem(await attach(tokens.treasury, id, FILES[1]), 409, 'conversation.closed');
    expect({ ...(await counts()), stored: storedFiles() }).toEqual(before);
    expectProblem(await call('GET', '/api/message-attachments/99999999/content', { token: tokens.verifier }), 404, 'messageAttachment.notFound');
  });
});

describe('message attachments: several files on one message', () => {
  function attachAll(token: string, conversationId: number, files: { bytes: Uint8Array; name: string }[], body?: string) {
    const form = new FormData();
    if (body !== undefined) form.set('body', body);
    for (const file of files) form.append('file', new File([file.bytes.slice()], file.name, { type: 'application/octet-stream' }));
    return call('POST', `/api/conversations/${conversationId}/attachments`, { token, body: form });
  }

  it('keeps every file in the order sent, each downloadable with its own bytes, and audits each', async () => {
    const { id } = await conversationWithout('supervisor');
    const before = storedFiles();
    const sent = await attachAll(tokens.verifier, id, FILES, 'Tres archivos');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.body).toBe('Tres archivos');
    expect(sent.body.attachments.map((file: { fileName: string; mime: string; sha256: string }) => [file.fileName, file.mime, file.sha256])).toEqual(
      FILES.map((file) => [file.name, file.mime, sha(file.bytes)]),
    );
    expect(sent.headers.get('location')).toBe(`/api/message-attachments/${sent.body.attachments[0].id}/content`);
    expect(storedFiles()).toBe(before + 3);
    for (const [index, file] of sent.body.attachments.entries()) expect((await download(tokens.treasury, file.id)).bytes).toEqual(FILES[index].bytes);

    const thread = await call('GET', `/api/conversations/${id}`, { token: tokens.treasury });
    const shown = thread.body.messages.find((message: { id: number }) => message.id === sent.body.id);
    expect(shown.attachments.map((file: { fileName: string }) => file.fileName)).toEqual(FILES.map((file) => file.name));
    const audited = await server.db.query<{ entity_id: string }>(
      "SELECT entity_id FROM audit_log WHERE action = 'CREATE' AND entity_type = 'messageAttachment' AND entity_id = ANY($1::text[]) ORDER BY entity_id",
      [sent.body.attachments.map((file: { id: number }) => String(file.id))],
    );
    expect(audited).toHaveLength(3);
  });

  it('refuses the whole message when one file is bad, pointing at that file, and keeps none of them', async () => {
    const { id } = await conversationWithout('supervisor');
    const before = { ...(await counts()), stored: storedFiles() };
    const bad = expectProblem(await attachAll(tokens.verifier, id, [FILES[0], { bytes: text('hola'), name: 'nota.pdf' }, FILES[2]]), 422, 'attachment.type');
    expect(fieldErrors(bad)).toEqual(['body/file/1 mime']);
    const empty = expectProblem(await attachAll(tokens.verifier, id, [FILES[1], { bytes: new Uint8Array(0), name: 'vacío.pdf' }]), 422, 'attachment.size');
    expect(fieldErrors(empty)).toEqual(['body/file/1 maxSize']);
    const many = expectProblem(await attachAll(tokens.verifier, id, Array.from({ length: 11 }, () => FILES[1])), 422, 'attachment.tooMany');
    expect(many.errors).toEqual([{ path: 'body/file', keyword: 'maxItems', params: { limit: 10 } }]);
    expect({ ...(await counts()), stored: storedFiles() }).toEqual(before);
    // Ten is the most, and is taken.
    expect((await attachAll(tokens.verifier, id, Array.from({ length: 10 }, () => FILES[1]))).body.attachments).toHaveLength(10);
  });

  it('answers 413 when the files together pass 15 MB, though each is under it, and keeps nothing', async () => {
    const { id } = await conversationWithout('supervisor');
    const before = { ...(await counts()), stored: storedFiles() };
    const half = new Uint8Array(8 * 1024 * 1024);
    half.set(PDF);
    expectProblem(await attachAll(tokens.verifier, id, [{ bytes: half, name: 'a.pdf' }, { bytes: half, name: 'b.pdf' }]), 413, 'request.tooLarge');
    expect({ ...(await counts()), stored: storedFiles() }).toEqual(before);
  });

  it('removes every stored file when the message cannot be written (conversation closed)', async () => {
    const { id } = await conversationWithout('supervisor');
    const closing = await call('POST', `/api/conversations/${id}/close`, { token: tokens.verifier });
    expect(closing.status).toBe(200);
    const before = { ...(await counts()), stored: storedFiles() };
    // The participant check passes (the closed check is made under the conversation's lock, after the files are stored).
    expectProblem(await attachAll(tokens.treasury, id, FILES), 409, 'conversation.closed');
    expect({ ...(await counts()), stored: storedFiles() }).toEqual(before);
  });
});
