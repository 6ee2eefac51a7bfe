import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, signIn, useServer } from './helpers.ts';

const server = useServer();
let analyst: string;
let readOnly: string;
let verificationId: number;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  if (file) data.set('file', new File([file.bytes.slice()], file.name, { type: file.type ?? 'application/octet-stream' }));
  return data;
}

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  readOnly = await signIn('consulta@demo.local');
  [{ id: verificationId }] = await server.db.query<{ id: number }>('SELECT id FROM verifications ORDER BY id LIMIT 1');
});

describe('attachments', () => {
  it('stores a pdf with its sha-256, lists it and streams it back unchanged', async () => {
    const uploaded = await call('POST', '/api/attachments', {
      token: analyst,
      body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'INVOICE' }, { bytes: PDF, name: 'factura nº 12.pdf' }),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ mime: 'application/pdf', sizeBytes: PDF.length, sha256: createHash('sha256').update(PDF).digest('hex'), fileName: 'factura nº 12.pdf' });
    const list = await call('GET', `/api/attachments?ownerType=verification&ownerId=${verificationId}`, { token: analyst });
    expect(list.body.items.map((a: { id: number }) => a.id)).toContain(uploaded.body.id);

    const response = await server.server.api.request(`http://localhost/api/attachments/${uploaded.body.id}/content`, { headers: { authorization: `Bearer ${analyst}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''factura%20n%C2%BA%2012.pdf");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    const downloads = await server.db.query(`SELECT 1 FROM audit_log WHERE action = 'DOWNLOAD' AND entity_id = $1`, [String(uploaded.body.id)]);
    expect(downloads).toHaveLength(1);
  });

  it('tells the type by content, not by name: a png named .pdf is a png, a text file is refused', async () => {
    const png = await call('POST', '/api/attachments', {
      token: analyst,
      body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'XRAY_INITIAL', clinical: 'true' }, { bytes: PNG, name: 'rx.pdf' }),
    });
    expect(png.body).toMatchObject({ mime: 'image/png', clinical: true });
    expectProblem(
      await call('POST', '/api/attachments', { token: analyst, body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'OTHER' }, { bytes: new TextEncoder().encode('hello'), name: 'a.pdf' }) }),
      422,
      'attachment.type',
    );
  });

  it('refuses files over 15 MB, unknown owners, missing files and users without permission', async () => {
    const big = new Uint8Array(15 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await call('POST', '/api/attachments', { token: analyst, body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'INVOICE' }, { bytes: big, name: 'big.pdf' }) });
    expect([413, 422]).toContain(tooBig.status);
    expect(tooBig.body.code).toMatch(/^(request\.tooLarge|attachment\.size)$/);
    expectProblem(
      await call('POST', '/api/attachments', { token: analyst, body: form({ ownerType: 'reimbursement', ownerId: '999999', documentType: 'INVOICE' }, { bytes: PDF, name: 'f.pdf' }) }),
      422,
      'attachment.ownerUnknown',
    );
    expectProblem(await call('POST', '/api/attachments', { token: analyst, body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'INVOICE' }) }), 400, 'request.invalid');
    expectProblem(
      await call('POST', '/api/attachments', { token: readOnly, body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'INVOICE' }, { bytes: PDF, name: 'f.pdf' }) }),
      403,
      'auth.forbidden',
    );
    expectProblem(await call('POST', '/api/attachments', { token: analyst, body: { ownerType: 'verification' } }), 415, 'request.unsupportedMediaType');
    expectProblem(await call('GET', '/api/attachments/999999/content', { token: analyst }), 404, 'attachment.notFound');
  });
});
