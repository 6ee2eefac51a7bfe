import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { apiDocs } from './api-docs.ts';

/**
 * The whole site on one port: security headers and compression on everything, the API, and the
 * built single-page app from `distDir`, whose client routes (/app/…, /log-in …) all answer index.html.
 */
export function createSite(api: Hono, distDir: string): Hono {
  const app = new Hono();
  app.use('*', compress());
  // Only the panel's own scripts and API; inline styles because the component library injects them.
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'same-origin',
    }),
  );
  // Before the API, whose catch-all answers 404 for every /api path that is not an operation.
  app.route('/', apiDocs());
  app.route('/', api);
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    console.warn('dist/ has no built app: run `npm run build` (npm start does it for you). Serving the API only.');
    return app;
  }
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.' }));
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  app.get('*', (c) => c.html(indexHtml, 200, { 'Cache-Control': 'no-cache' }));
  return app;
}
