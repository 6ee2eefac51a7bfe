import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';
import { createSite } from '../../server/http/site.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../server/http/csp.ts';
import { chooseEncoding } from '../../server/http/static-assets.ts';

/** A built index.html as `vite build` writes it: its inlined stylesheet and the nonce's meta tag carry the placeholder. */
const INDEX_HTML = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><style nonce="${CSP_NONCE_PLACEHOLDER}">body{margin:0}</style></head><body><div id="root"></div></body></html>`;

/** A screen's chunk: big enough for compression to matter. */
const SCREEN = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Paciente ${i}` })))};`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function builtApp() {
  const dir = tempDir('dental-dist-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'assets', 'screen-9f8e.js'), SCREEN);
  fs.writeFileSync(path.join(dir, 'assets', 'logo-77aa.png'), PNG);
  return dir;
}

describe('the site around the API', () => {
  const api = new Hono().get('/api/health', (c) => c.json({ status: 'ok' }));
  const site = createSite(api, builtApp());

  it('answers client routes with the single-page app, never stored: each copy has a nonce of its own', async () => {
    for (const route of ['/', '/index.html', '/log-in', '/app/aseguradoras/editar/3', '/no/such/page']) {
      const response = await site.request(route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain('<div id="root">');
      expect(response.headers.get('cache-control'), route).toBe('no-store');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await site.request('/assets/app-1a2b.js');
    expect(await response.text()).toBe('console.log(1)');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends a chunk compressed as the browser accepts, brotli first, and the same bytes every time', async () => {
    const fetchAs = async (acceptEncoding?: string) => {
      const response = await site.request('/assets/screen-9f8e.js', { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      return { encoding: response.headers.get('content-encoding'), body };
    };
    const br = await fetchAs('gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCREEN);
    expect(br.body.length).toBeLessThan(SCREEN.length / 4);
    expect((await fetchAs('gzip, deflate, br, zstd')).body.equals(br.body)).toBe(true);
    const gzip = await fetchAs('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCREEN);
    const plain = await fetchAs();
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toBe(SCREEN);
    // A refused encoding (q=0) is never sent.
    expect((await fetchAs('br;q=0, gzip')).encoding).toBe('gzip');
    const head = await site.request('/assets/screen-9f8e.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(br.body.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('sends an image as it is, and answers 404 for a file that is not in the build instead of the page', async () => {
    const image = await site.request('/assets/logo-77aa.png', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    for (const missing of ['/assets/screen-0000.js', '/assets/sub/screen-9f8e.js', '/assets/..%2Findex.html']) {
      const response = await site.request(missing);
      expect(response.status, missing).toBe(404);
      expect(await response.text(), missing).not.toContain('<div id="root">');
    }
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, identity; q=0.5, *;q=0')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
    expect(chooseEncoding('br;q=0')).toBe('identity');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
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

  /** The CSP's directives by name, each with its sources. */
  const directives = (csp: string | null) => new Map((csp ?? '').split(/;\s*/).map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));

  /** The page at `route`: its policy's style sources, the nonce they admit, and every nonce its HTML carries. */
  async function page(route: string) {
    const response = await site.request(route);
    const policy = directives(response.headers.get('content-security-policy'));
    const styleSrc = policy.get('style-src') ?? [];
    const nonces = styleSrc.filter((source) => source.startsWith("'nonce-")).map((source) => source.slice(7, -1));
    const html = await response.text();
    return { policy, styleSrc, nonces, html, inHtml: [...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]) };
  }

  it('admits no inline style but the <style> elements that carry the nonce its response names', async () => {
    for (const route of ['/', '/index.html', '/log-in', '/app/aseguradoras']) {
      const { policy, styleSrc, nonces, html, inHtml } = await page(route);
      expect(styleSrc, route).not.toContain("'unsafe-inline'");
      expect(styleSrc, route).toEqual(["'self'", `'nonce-${nonces[0]}'`]);
      // 128 random bits at least, in base64.
      expect(nonces[0], route).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(Buffer.from(nonces[0]!, 'base64').length, route).toBeGreaterThanOrEqual(16);
      // No style="…" attribute in markup applies (the panel sets styles from script only).
      expect(policy.get('style-src-attr'), route).toEqual(["'none'"]);
      // The page's inlined stylesheet and the meta tag the app reads it from carry that very nonce.
      expect(html, route).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(inHtml, route).toEqual([nonces[0], nonces[0]]);
      expect(html, route).toContain(`<meta property="csp-nonce" nonce="${nonces[0]}">`);
      expect(html, route).toContain(`<style nonce="${nonces[0]}">`);
    }
  });

  it('gives every response of the page a nonce of its own', async () => {
    const seen = [];
    for (let i = 0; i < 5; i++) for (const route of ['/log-in', '/']) seen.push((await page(route)).nonces[0]);
    expect(seen.every(Boolean)).toBe(true);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
