import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createSite } from '../../server/http/site.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../server/http/csp.ts';

/** A built index.html as `vite build` writes it: its inlined stylesheet and the nonce's meta tag carry the placeholder. */
const INDEX_HTML = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><style nonce="${CSP_NONCE_PLACEHOLDER}">body{margin:0}</style></head><body><div id="root"></div></body></html>`;

function builtApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
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
