import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { CONTRACT_PATH } from './contract.ts';
import { CSP_NONCE_PLACEHOLDER, pageWithNonce } from './csp.ts';

/**
 * The API reference for API clients: the contract itself at /api/openapi.yaml and Scalar's reader at
 * /api/docs. Everything comes from the project's own files (Scalar's standalone bundle from
 * node_modules), so the page works offline and within the site's CSP (scripts, fetches and fonts from
 * this origin only). Not contract operations: the site mounts these before the API.
 *
 * Scalar injects its styles as <style> elements it makes itself: the page carries its response's CSP nonce
 * (like the panel's page) and a script run before Scalar's gives that nonce to every <style> element made on
 * the page. Scalar also writes style="…" attributes in the HTML it inserts (its code samples' line-number
 * widths), which no nonce can admit: the site's CSP lets this page alone apply style attributes (site.ts).
 */
const SCALAR_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/@scalar/api-reference');

// Scalar reaches out to its own services by default (fonts, telemetry, its AI agent, MCP and developer
// tools); each is switched off here, and the CSP would refuse them anyway.
const SCALAR_CONFIGURATION = {
  url: '/api/openapi.yaml',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  mcp: { disabled: true },
  agent: { disabled: true },
  documentDownloadType: 'yaml',
};

/** The reference's page. */
export const API_DOCS_PAGE = '/api/docs';

/** Run before Scalar's bundle: each <style> element the page's scripts make carries the page's nonce. */
const NONCE_SCRIPT = `(function () {
  var meta = document.querySelector('meta[property="csp-nonce"]');
  var nonce = meta && (meta.nonce || meta.getAttribute('nonce'));
  if (!nonce) return;
  var createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (name) {
    var element = createElement.apply(this, arguments);
    if (String(name).toLowerCase() === 'style') element.nonce = nonce;
    return element;
  };
})();
`;

export function apiDocs(): Hono {
  const version = (JSON.parse(fs.readFileSync(path.join(SCALAR_DIR, 'package.json'), 'utf8')) as { version: string }).version;
  // Versioned, so browsers may keep it for good; read on first use (4 MB) and kept.
  const bundlePath = `/api/docs/scalar-api-reference-${version}.js`;
  let bundle: Buffer | undefined;
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Dental back office API reference</title>
    <link rel="icon" href="data:," />
    <meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/docs/nonce.js"></script>
    <script src="${bundlePath}"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;
  const start = `Scalar.createApiReference('#reference', ${JSON.stringify(SCALAR_CONFIGURATION)});\n`;

  const app = new Hono();
  app.get('/api/openapi.yaml', (c) =>
    c.body(fs.readFileSync(CONTRACT_PATH, 'utf8'), 200, { 'Content-Type': 'application/yaml; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  // With this response's nonce, kept by no cache (as the panel's page).
  app.get(API_DOCS_PAGE, (c) => pageWithNonce(c, page));
  app.get('/api/docs/nonce.js', (c) => c.body(NONCE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.get('/api/docs/start.js', (c) => c.body(start, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.get(bundlePath, (c) => {
    bundle ??= fs.readFileSync(path.join(SCALAR_DIR, 'dist/browser/standalone.js'));
    return c.body(new Uint8Array(bundle), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
  return app;
}
