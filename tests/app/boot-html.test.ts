import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import { inlineScriptHashes } from '../../server/http/site.ts';

// index.html draws the page's outline before any script: it must read as the Spanish page React draws next.
const html = readFileSync('index.html', 'utf8');

describe('index.html before the scripts', () => {
  it('draws the public header with the catalog’s product name and language names', () => {
    const header = html.match(/<header class="pub-header">([\s\S]*?)<\/header>/)?.[1] ?? '';
    expect(header).toContain(`<p class="pub-brand">${es['app.title']}</p>`);
    const options = [...header.matchAll(/<option>([^<]*)<\/option>/g)].map((m) => m[1]);
    expect(options).toEqual(['es', 'en', 'fr', 'zh', 'ja'].map((code) => es[`lang.${code}` as keyof typeof es]));
    expect(html).toContain(`<p class="shell-skeleton-brand">${es['app.title']}</p>`);
  });

  it('has one inline script, which the server allows by its hash', () => {
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
});
