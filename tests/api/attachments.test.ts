import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { PNG as PNGJS } from 'pngjs';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { loadContract } from '../../server/http/contract.ts';
import { call, expectProblem, signIn, useServer } from './helpers.ts';

const server = useServer();
let analyst: string;
let readOnly: string;
let verificationId: number;

const PDF = textPdf(['Factura 12']);
const PNG = new Uint8Array(PNGJS.sync.write(Object.assign(new PNGJS({ width: 2, height: 2 }), { data: Buffer.alloc(16, 255) })));
const JPEG = new Uint8Array(jpeg.encode({ width: 2, height: 2, data: Buffer.alloc(16, 200) }, 90).data);
const text = (value: string) => new TextEncoder().encode(value);

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

  it("answers each download as its detected type, and the contract lists that type (a client's generated code relies on it)", async () => {
    const listed = Object.keys(loadContract().document.paths['/api/attachments/{id}/content'].get.responses['200'].content);
    for (const [bytes, type, documentType] of [[PDF, 'application/pdf', 'INVOICE'], [PNG, 'image/png', 'XRAY_INITIAL'], [JPEG, 'image/jpeg', 'XRAY_INITIAL']] as const) {
      const uploaded = await call('POST', '/api/attachments', {
        token: analyst,
        body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType, clinical: String(documentType !== 'INVOICE') }, { bytes, name: 'document.bin' }),
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const response = await server.server.api.request(`http://localhost/api/attachments/${uploaded.body.id}/content`, { headers: { authorization: `Bearer ${analyst}` } });
      expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status: 200, type });
      expect(listed).toContain(type);
    }
  });

  it('tells the type by content, not by name: a png named .pdf is a png, a text file is refused', async () => {
    const png = await call('POST', '/api/attachments', {
      token: analyst,
      body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'XRAY_INITIAL', clinical: 'true' }, { bytes: PNG, name: 'rx.pdf' }),
    });
    // The stored name says what the file is.
    expect(png.body).toMatchObject({ mime: 'image/png', clinical: true, fileName: 'rx.pdf.png' });
    expectProblem(
      await call('POST', '/api/attachments', { token: analyst, body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'OTHER' }, { bytes: text('hello'), name: 'a.pdf' }) }),
      422,
      'attachment.type',
    );
  });

  it('refuses a file that does not open as what its first bytes claim, and stores nothing of it', async () => {
    const before = await server.db.query('SELECT id FROM attachments');
    const upload = (bytes: Uint8Array, name: string) =>
      call('POST', '/api/attachments', { token: analyst, body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'OTHER' }, { bytes, name }) });
    const randomAfterHeader = new Uint8Array([...text('%PDF-1.7\n'), ...Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)]);
    expectProblem(await upload(randomAfterHeader, 'informe.pdf'), 422, 'attachment.unreadable');
    expectProblem(await upload(text('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>'), 'informe.pdf'), 422, 'attachment.unreadable');
    expectProblem(await upload(new Uint8Array([...PNG.slice(0, 8), ...text('not really a png')]), 'rx.png'), 422, 'attachment.unreadable');
    expectProblem(await upload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...text('<svg onload=alert(1)>')]), 'foto.jpg'), 422, 'attachment.unreadable');
    expect(await server.db.query('SELECT id FROM attachments')).toEqual(before);
    expect((await upload(JPEG, 'foto.jpeg')).body).toMatchObject({ mime: 'image/jpeg', fileName: 'foto.jpeg' });
  });

  it('keeps a safe display name: no path, no control or bidirectional characters, an RFC 6266 download name', async () => {
    const upload = (name: string) =>
      call('POST', '/api/attachments', { token: analyst, body: form({ ownerType: 'verification', ownerId: String(verificationId), documentType: 'OTHER' }, { bytes: PDF, name }) });
    expect((await upload('../../etc/passwd.pdf')).body.fileName).toBe('passwd.pdf');
    expect((await upload('..\\..\\windows\\informe.pdf')).body.fileName).toBe('informe.pdf');
    expect((await upload('factura\u202Efdp.exe')).body.fileName).toBe('facturafdp.exe.pdf');
    expect((await upload('a\r\nX-Injected: 1.pdf')).body.fileName).toBe('aX-Injected: 1.pdf');
    expect((await upload('...')).body.fileName).toBe('documento.pdf');
    const long = await upload(`${'ñ'.repeat(300)}.pdf`);
    expect(long.body.fileName).toBe(`${'ñ'.repeat(116)}.pdf`);
    const response = await server.server.api.request(`http://localhost/api/attachments/${long.body.id}/content`, { headers: { authorization: `Bearer ${analyst}` } });
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${'_'.repeat(116)}.pdf"; filename*=UTF-8''${'%C3%B1'.repeat(116)}.pdf`);
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
