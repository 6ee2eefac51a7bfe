import type { Context } from 'hono';

/**
 * Where a built page takes its CSP nonce: the build writes this placeholder as every `nonce` attribute and in
 * `<meta property="csp-nonce">` (vite.config.ts, Vite's `html.cspNonce`), and the server (site.ts) replaces it in
 * each response with the fresh nonce that response's Content-Security-Policy admits styles by.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** A page with this response's nonce in place of the placeholder, kept by no cache: a copy served again would carry a nonce already seen. */
export const pageWithNonce = (c: Context, template: string) =>
  c.html(template.replaceAll(CSP_NONCE_PLACEHOLDER, c.get('secureHeadersNonce') ?? ''), 200, { 'Cache-Control': 'no-store' });
