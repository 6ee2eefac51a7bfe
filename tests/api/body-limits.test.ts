import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from './helpers.ts';
import { DEMO_PASSWORD } from '../../server/domain/roles.ts';
import { textPdf } from '../../server/db/demo-documents.ts';

const MiB = 1024 * 1024;
let server: TestServer;
let node: ReturnType<typeof serve>;
let port: number;
let token: string;

beforeAll(async () => {
  server = await TestServer.start();
  token = await server.signIn('analista@demo.local');
  node = serve({ fetch: server.api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => node.once('listening', resolve));
  port = (node.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => node.close(resolve));
  await server.close();
});

/**
 * Streams a body of up to `maxBytes` in 256 KiB chunks, chunked unless a length is declared, and
 * stops writing as soon as the answer arrives. Returns the answer and how much was sent before it.
 */
function stream(path: string, headers: Record<string, string>, maxBytes: number, declaredLength?: number) {
  return new Promise<{ status: number; code?: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, ...(declaredLength ? { 'content-length': String(declaredLength) } : {}) } });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, code: text ? (JSON.parse(text) as { code?: string }).code : undefined, sent });
        req.destroy();
      });
    });
    // The server may close the connection once it has answered: that is not a failure here.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request bodies are limited while they stream', () => {
  it('answers 413 to an endless chunked JSON body long before it ends, reading no more than the limit', async () => {
    const result = await stream('/api/login', { 'content-type': 'application/json' }, 600 * MiB);
    expect(result).toMatchObject({ status: 413, code: 'request.tooLarge' });
    // Buffered whole, the answer would come after all 600 MiB; socket buffers account for the rest.
    expect(result.sent).toBeLessThan(40 * MiB);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const result = await stream('/api/login', { 'content-type': 'application/json' }, 8 * MiB, 200 * MiB);
    expect(result).toMatchObject({ status: 413, code: 'request.tooLarge' });
    expect(result.sent).toBeLessThan(8 * MiB);
  });

  it('answers 413 to a chunked upload over 15 MB without a Content-Length, after authentication', async () => {
    const headers = { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` };
    const result = await stream('/api/attachments', headers, 200 * MiB);
    expect(result).toMatchObject({ status: 413, code: 'request.tooLarge' });
    expect(result.sent).toBeLessThan(60 * MiB);
  });

  it('reads nothing of an upload whose sender is not signed in', async () => {
    const result = await stream('/api/attachments', { 'content-type': 'multipart/form-data; boundary=x' }, 200 * MiB);
    expect(result).toMatchObject({ status: 401, code: 'auth.unauthenticated' });
    expect(result.sent).toBeLessThan(40 * MiB);
  });

  it('still takes a small JSON body and a small upload over the same path', async () => {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'analista@demo.local', password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const [{ id }] = await server.db.query<{ id: number }>('SELECT id FROM verifications ORDER BY id LIMIT 1');
    const form = new FormData();
    for (const [key, value] of Object.entries({ ownerType: 'verification', ownerId: String(id), documentType: 'INVOICE' })) form.set(key, value);
    form.set('file', new File([textPdf(['Factura de prueba.']).slice()], 'factura.pdf', { type: 'application/pdf' }));
    const upload = await fetch(`${base}/api/attachments`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(201);
  });
});
