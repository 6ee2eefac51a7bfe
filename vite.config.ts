import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { isPublicKey } from './src/i18n/public-keys.ts';
import { CSP_NONCE_PLACEHOLDER } from './server/http/csp.ts';
import { CORE_ALIAS } from './scripts/core-alias.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

const PUBLIC_CATALOG = 'virtual:public-catalog';
const SPANISH = new URL('./src/i18n/messages/es.json', import.meta.url);

/** The Spanish texts the public pages use (src/i18n/public-keys.ts), so the log-in page does not carry the whole catalog. */
function publicCatalog(): Plugin {
  return {
    name: 'public-catalog',
    resolveId: (id) => (id === PUBLIC_CATALOG ? `\0${PUBLIC_CATALOG}` : null),
    load(id) {
      if (id !== `\0${PUBLIC_CATALOG}`) return null;
      this.addWatchFile(SPANISH.pathname);
      const es = JSON.parse(fs.readFileSync(SPANISH, 'utf8')) as Record<string, string>;
      return `export default ${JSON.stringify(Object.fromEntries(Object.entries(es).filter(([key]) => isPublicKey(key))))};`;
    },
  };
}

/**
 * The entry's stylesheet (the plain styles of src/styles.css, ~3 KiB compressed) goes inline into
 * index.html: a render-blocking request less before the first paint. It carries the nonce placeholder like Vite's own
 * tags (html.cspNonce below): the server's CSP admits a <style> element only with the response's nonce.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle?.[file];
          return asset?.type === 'asset' ? `<style nonce="${CSP_NONCE_PLACEHOLDER}">${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), publicCatalog(), inlineEntryCss()],
  resolve: { alias: CORE_ALIAS },
  // Every tag Vite writes gets nonce="<placeholder>", and the page a <meta property="csp-nonce"> with it (read by
  // Vite's preloader and by src/app/emotion-cache.ts); server/http/site.ts puts each response's own nonce there.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: { port: Number(process.env.DEV_PORT ?? 5173), proxy: { '/api': api } },
  build: { chunkSizeWarningLimit: 700 },
});
