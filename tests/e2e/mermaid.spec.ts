import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';

const require = createRequire(import.meta.url);
const DIAGRAMS = path.resolve('docs/diagrams');
const files = fs.readdirSync(DIAGRAMS).filter((f) => f.endsWith('.mmd')).sort();

// The exported .mmd files, parsed and drawn by the real Mermaid (its browser build) in the test
// browser: what an analyst's Markdown viewer would do with them.
test('every exported Mermaid diagram parses and renders with Mermaid 11', async ({ page }) => {
  expect(files.length).toBeGreaterThan(0);
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') });
  for (const file of files) {
    const text = fs.readFileSync(path.join(DIAGRAMS, file), 'utf8');
    const drawn = await page.evaluate(
      async ({ id, text }) => {
        const mermaid = (globalThis as unknown as { mermaid: { initialize: (c: object) => void; parse: (t: string) => Promise<unknown>; render: (id: string, t: string) => Promise<{ svg: string }> } }).mermaid;
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
        try {
          await mermaid.parse(text);
          const { svg } = await mermaid.render(id, text);
          const host = document.createElement('div');
          host.innerHTML = svg;
          document.body.append(host);
          const labels = [...host.querySelectorAll('.nodeLabel, .label, text')].map((e) => e.textContent?.trim()).filter(Boolean);
          host.remove();
          return { error: null, labels };
        } catch (error) {
          return { error: String((error as Error).message ?? error), labels: [] };
        }
      },
      { id: `d-${file.replace(/\W/g, '-')}`, text },
    );
    expect(drawn.error, file).toBeNull();
    // Every state the file declares is drawn with its label.
    const declared = [...text.matchAll(/^\s*state "([^"]*)" as /gm)].map((m) => m[1]!.split('<br')[0]!.trim());
    const missing = declared.filter((label) => !drawn.labels.some((l) => l!.includes(label)));
    expect(missing, file).toEqual([]);
  }
});
