import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { API_DOCS_PAGE, apiDocs } from './api-docs.ts';
import { pageWithNonce } from './csp.ts';
import { staticAssets } from './static-assets.ts';

/** CSP sources for the page's inline scripts (those without `src`), by their SHA-256. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

/**
 * Browser features the panel never uses, denied to it and to anything it frames (an attachment's preview),
 * so an injected script could not reach them either. Fullscreen stays: a framed PDF preview may ask for it.
 */
const DENIED_FEATURES = Object.fromEntries(
  (['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'displayCapture', 'accelerometer', 'gyroscope', 'magnetometer', 'idleDetection', 'xrSpatialTracking', 'browsingTopics'] as const).map((feature) => [feature, false]),
);

/**
 * The whole site on one port: security headers and compression on everything, the API, and the
 * built single-page app from `distDir` (its hashed files from memory, static-assets.ts), whose client routes (/app/…, /log-in …) all answer index.html.
 */
export function createSite(api: Hono, distDir: string): Hono {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  app.use('*', compress());
  // Only the panel's own scripts (and index.html's inline boot script, by its hash) and API. Style sheets
  // from the panel's files, or in a <style> element carrying this response's nonce: the page's inlined
  // stylesheet and the component library's (Emotion's cache takes the nonce from the page, src/app/emotion-cache.ts).
  // No style="…" attribute in markup is applied; styles set from scripts (element.style) are not the CSP's to
  // refuse. Every response gets a fresh nonce (Hono's NONCE: 128 random bits); only the page uses it.
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(indexHtml ?? '')],
        styleSrc: ["'self'", NONCE],
        // Scalar's API reference alone needs style attributes (api-docs.ts); the panel has none in its markup.
        styleSrcAttr: [(c) => (c.req.path === API_DOCS_PAGE ? "'unsafe-inline'" : "'none'")],
        // blob: for previews of the attachments the panel fetched with the user's token (images, and PDFs in a frame).
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'same-origin',
      // frame-ancestors 'none' already forbids every frame; SAMEORIGIN here would say otherwise to older browsers.
      xFrameOptions: 'DENY',
      permissionsPolicy: DENIED_FEATURES,
    }),
  );
  // Before the API, whose catch-all answers 404 for every /api path that is not an operation.
  app.route('/', apiDocs());
  app.route('/', api);
  if (indexHtml === null) {
    console.warn('dist/ has no built app: run `npm run build` (npm start does it for you). Serving the API only.');
    return app;
  }
  app.get('/assets/*', staticAssets(path.join(distDir, 'assets')));
  const page = (c: Context) => pageWithNonce(c, indexHtml);
  // The built index.html itself is only the page's template: never served as a file.
  app.get('/', page);
  app.get('/index.html', page);
  app.use('*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.' }));
  app.get('*', page);
  return app;
}
