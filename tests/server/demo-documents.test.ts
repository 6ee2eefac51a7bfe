import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { textPdf } from '../../server/seed/demo-documents.ts';

async function textOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).filter(Boolean);
}

// Issue 28, item 13: the seeded documents read "Paciente: Fern?ndez".
describe('the demo documents', () => {
  it('keep the accents of Spanish names as a PDF viewer reads them', async () => {
    const lines = ['INVOICE - R-2026-000123', 'Paciente: Lucía Fernández Castaño', '¿Documento de demostración? (sí)', 'back\\slash'];
    expect(await textOf(textPdf(lines))).toEqual(lines);
  });

  it('writes what Latin-1 cannot hold as "?", keeping the file ASCII', async () => {
    const bytes = textPdf(['Paciente: 田中 Yui']);
    expect([...bytes].every((byte) => byte < 0x80)).toBe(true);
    expect(await textOf(bytes)).toEqual(['Paciente: ?? Yui']);
  });
});
