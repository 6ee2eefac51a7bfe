import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deferInlineStyles } from '../../src/features/diagrams/DiagramCanvas.tsx';

// The page's CSP applies no style="…" attribute it finds in markup: the exported drawings' label fonts are renamed
// data-style before the drawing is inserted, and set from script afterwards (applyDeferredStyles, in the browser).
const DIAGRAMS = 'docs/diagrams';
const drawings = fs.readdirSync(DIAGRAMS).filter((file) => file.endsWith('.svg'));
const styleAttributes = (svg: string) => [...svg.matchAll(/<[^>]*\sstyle="([^"]*)"/g)].map((m) => m[1]);

describe('an exported drawing made ready for the page', () => {
  it.each(drawings)('%s keeps every label font, as data-style, and no style attribute', (file) => {
    const svg = fs.readFileSync(path.join(DIAGRAMS, file), 'utf8');
    const deferred = deferInlineStyles(svg);
    expect(styleAttributes(deferred)).toEqual([]);
    expect([...deferred.matchAll(/\sdata-style="([^"]*)"/g)].map((m) => m[1])).toEqual(styleAttributes(svg));
    // Nothing else changes.
    expect(deferred.replaceAll(' data-style="', ' style="')).toBe(svg);
  });

  it('renames only the attribute, never text or another attribute that mentions it', () => {
    expect(deferInlineStyles(`<text x="1" title='a style="b"' style="font-size: 9px">style="c"</text>`)).toBe(`<text x="1" title='a style="b"' data-style="font-size: 9px">style="c"</text>`);
    expect(deferInlineStyles(`<g data-style="x"><text\nstyle='font-weight: bold'>t</text></g>`)).toBe(`<g data-style="x"><text\ndata-style='font-weight: bold'>t</text></g>`);
  });
});
