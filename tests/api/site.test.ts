import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createSite } from '../../server/http/site.ts';

function builtApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  return dir;
}

describe('the site around the API', () => {
  const api = new Hono().get('/api/health', (c) => c.json({ status: 'ok' }));
  const site = createSite(api, builtApp());

  it('answers client routes with the single-page app, uncached', async () => {
    for (const route of ['/log-in', '/app/aseguradoras/editar/3', '/no/such/page']) {
      const response = await site.request(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await site.request('/assets/app-1a2b.js');
    expect(await response.text()).toBe('console.log(1)');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends a content security policy and no-sniff on pages and API alike', async () => {
    for (const route of ['/log-in', '/api/health']) {
      const headers = (await site.request(route)).headers;
      expect(headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // An attachment is fetched with the token and previewed from a blob: URL, as an image or a PDF in a frame.
      expect(headers.get('content-security-policy')).toContain("img-src 'self' data: blob:");
      expect(headers.get('content-security-policy')).toContain("frame-src 'self' blob:");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      // The old header agrees with frame-ancestors 'none': no framing at all, not even by the panel itself.
      expect(headers.get('x-frame-options')).toBe('DENY');
      const denied = (headers.get('permissions-policy') ?? '').split(/,\s*/);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(denied).toContain(`${feature}=()`);
    }
    expect(await (await site.request('/api/health')).json()).toEqual({ status: 'ok' });
  });
});
