/**
 * Where a built page takes its CSP nonce: the build writes this placeholder as every `nonce` attribute and in
 * `<meta property="csp-nonce">` (vite.config.ts, Vite's `html.cspNonce`), and the server (site.ts) replaces it in
 * each response with the fresh nonce that response's Content-Security-Policy admits styles by.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
