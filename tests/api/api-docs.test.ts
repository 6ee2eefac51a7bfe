import fs from 'node:fs';
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';
import { createSite } from '../../server/http/site.ts';
import { CONTRACT_PATH, type ContractDocument } from '../../server/http/contract.ts';
import { useServer } from './helpers.ts';

/** The API reference on the whole site: the real API behind it and a built app beside it. */
const server = useServer();
let site: ReturnType<typeof createSite>;

beforeAll(() => {
  const dist = tempDir('dental-dist-');
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  site = createSite(server.server.api, dist);
});

/** Every URL a page loads or links (src and href attributes). */
const urlsIn = (html: string) => [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);

describe('GET /api/openapi.yaml', () => {
  it('serves the contract the server routes by, as YAML', async () => {
    const response = await site.request('/api/openapi.yaml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml\b/);
    const served = parseYaml(await response.text()) as ContractDocument;
    expect(served).toEqual(parseYaml(fs.readFileSync(CONTRACT_PATH, 'utf8')));
    expect(served.openapi).toBe('3.1.0');
    expect(served.paths['/api/insurers'].get.operationId).toBe('listInsurers');
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page loading only same-origin scripts, under the site CSP', async () => {
    const response = await site.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html\b/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const html = await response.text();
    const urls = urlsIn(html);
    expect(urls.filter((url) => url.startsWith('/api/docs/'))).toHaveLength(3);
    for (const url of urls) expect(url, url).toMatch(/^(\/(?!\/)|data:)/);
  });

  it("admits Scalar's <style> elements by this response's nonce, never stored, and style attributes on this page alone", async () => {
    const nonces = [];
    for (let i = 0; i < 3; i++) {
      const response = await site.request('/api/docs');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const csp = response.headers.get('content-security-policy') ?? '';
      const styleSrc = /(?:^|;\s*)style-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(styleSrc).not.toContain('unsafe-inline');
      const nonce = /^'self' 'nonce-([A-Za-z0-9+/]+={0,2})'$/.exec(styleSrc)?.[1];
      expect(nonce, styleSrc).toBeDefined();
      expect(/(?:^|;\s*)style-src-attr ([^;]*)/.exec(csp)?.[1]).toBe("'unsafe-inline'");
      const html = await response.text();
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      // The script giving Scalar's <style> elements the nonce runs before Scalar's bundle.
      expect(urlsIn(html).filter((url) => url.endsWith('.js'))[0]).toBe('/api/docs/nonce.js');
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
    // Any other page keeps style attributes off.
    expect((await site.request('/log-in')).headers.get('content-security-policy')).toContain("style-src-attr 'none'");
  });

  it("serves every script the page loads, Scalar's bundle from the project's own files", async () => {
    const scripts = urlsIn(await (await site.request('/api/docs')).text()).filter((url) => url.endsWith('.js'));
    const bodies: string[] = [];
    for (const url of scripts) {
      const response = await site.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/javascript\b/);
      bodies.push(await response.text());
    }
    const bundle = bodies.find((body) => body.includes('createApiReference:'));
    expect(bundle?.length).toBeGreaterThan(1_000_000);
    const bundleUrl = scripts[bodies.indexOf(bundle!)];
    expect((await site.request(bundleUrl)).headers.get('cache-control')).toContain('immutable');
  });

  it('points the reader at the served contract with every call to Scalar services switched off', async () => {
    const start = await (await site.request('/api/docs/start.js')).text();
    const configuration = JSON.parse(start.match(/createApiReference\('#reference', (\{.*\})\);/)![1]);
    expect(configuration).toMatchObject({ url: '/api/openapi.yaml', withDefaultFonts: false, telemetry: false, mcp: { disabled: true }, agent: { disabled: true } });
  });

  it('leaves every other /api path to the API', async () => {
    const missing = await site.request('/api/docs/nothing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
    expect((await site.request('/api/health')).status).toBe(200);
  });
});
