import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from './helpers.ts';
import { startApiProcess, type ApiProcess } from './multiprocess.ts';
import { DEMO_PASSWORD } from '../../server/auth/roles.ts';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

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
function stream(path: string, headers: Record<string, string>, maxBytes: number, declaredLength?: number, to = port) {
  return new Promise<{ status: number; code?: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port: to, path, method: 'POST', headers: { ...headers, ...(declaredLength ? { 'content-length': String(declaredLength) } : {}) } });
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

/** The process's resident memory now and at its highest since the last reset, in bytes (Linux's /proc). */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { resident: kib('VmRSS'), peak: kib('VmHWM') };
}
/** From here on, VmHWM is the highest resident size since this moment. */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

// The server as `npm start` runs it, in a process of its own, so its memory is measured apart from the
// test's (which makes the bodies): before the limits, 600 MB chunked left 1.67 GB resident.
describe('memory stays flat while huge bodies are refused', () => {
  let api: ApiProcess;
  let apiPort: number;
  let apiToken: string;
  beforeAll(async () => {
    api = await startApiProcess('memory://', { SEED_DEMO: '1' });
    apiPort = Number(new URL(api.url).port);
    apiToken = await api.signIn('analista@demo.local');
  }, hangLimit(120_000));
  afterAll(() => api?.stop());

  it('grows by far less than the bodies sent: an endless JSON body and a 200 MiB upload, each refused with 413', async () => {
    const pid = api.child.pid!;
    const json = () => stream('/api/login', { 'content-type': 'application/json' }, 600 * MiB, undefined, apiPort);
    const upload = () => stream('/api/attachments', { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${apiToken}` }, 200 * MiB, undefined, apiPort);
    // Once each first, so what the first refusal loads (code, buffers) is not counted as growth.
    await json();
    await upload();
    const before = memoryOf(pid);
    resetPeak(pid);
    const refused = [await json(), await upload(), await json(), await upload()];
    expect(refused.map((r) => r.status)).toEqual([413, 413, 413, 413]);
    const grown = memoryOf(pid).peak - before.resident;
    // Buffered whole, the first body alone would have added 600 MiB and more; at the limit, the upload's
    // 15 MB (and its copy) is the most one request may hold.
    expect(grown, `${(grown / MiB).toFixed(1)} MiB more at the peak`).toBeLessThan(64 * MiB);
  }, hangLimit(120_000));
});
