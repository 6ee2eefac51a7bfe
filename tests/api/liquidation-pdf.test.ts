import fs from 'node:fs';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { bundledChineseFont, bundledJapaneseFont, liquidationTexts, renderLiquidationPdf } from '../../server/exports/liquidation-pdf.ts';
import { call, expectProblem, signIn, signInChoosingOwn, useServer } from './helpers.ts';
import { tempDir } from '../support/temp-dir.ts';
import { formatMinor } from '@core/benefits/currency.ts';

type Reimbursement = components['schemas']['Reimbursement'];

// The liquidation summary of a reimbursement as a PDF: made on the server in the reader's language, amounts in
// the currency's minor-unit format, for whoever may read the reimbursement, each download audited.
const server = useServer();
let admin: string;

/** The PDF's text, page by page, as a reader's PDF viewer extracts it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

/** The names of the fonts a PDF embeds, without a subset's prefix (`ABCDEF+`) or pdf-lib's numeric suffix (`-2514`). */
async function embeddedFonts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) {
      const base = object.get(PDFName.of('BaseFont'));
      if (base instanceof PDFName) names.add(base.decodeText().replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, ''));
    }
  }
  return [...names];
}

async function fetchPdf(token: string, id: number) {
  const response = await server.server.api.request(`http://localhost/api/reimbursements/${id}/liquidation-summary`, { headers: { authorization: `Bearer ${token}` } }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

// The amounts as the screens show them (one formatter for both).
const money = formatMinor;
// pdf.js gives back the PDF's spaces as plain spaces: compare without the narrow/no-break kinds Intl uses.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

let liquidated: { id: number; folio: string; currency: string };
let draft: { id: number };

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  [liquidated] = await server.db.query(`SELECT id, folio, currency FROM reimbursements WHERE state IN ('approved', 'partiallyApproved', 'paid') ORDER BY (currency = 'CLP') DESC, id LIMIT 1`);
  [draft] = await server.db.query(`SELECT r.id FROM reimbursements r WHERE state = 'draft' AND NOT EXISTS (SELECT 1 FROM reimbursement_lines l WHERE l.reimbursement_id = r.id AND l.allowed_cents IS NOT NULL) LIMIT 1`);
  expect(liquidated).toBeDefined();
  expect(draft).toBeDefined();
});

describe('the liquidation summary PDF', () => {
  it("is written in the reader's language with the claim's figures in the currency's format, and audited", async () => {
    const record = (await call('GET', `/api/reimbursements/${liquidated.id}`, { token: admin })).body;
    const pdf = await fetchPdf(admin, liquidated.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-language')).toBe('es');
    expect(pdf.headers.get('content-disposition')).toContain(`liquidacion-${liquidated.folio}.pdf`);
    expect(Number(pdf.headers.get('content-length'))).toBe(pdf.bytes.byteLength);
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    const text = plain(await pdfText(pdf.bytes));
    expect(text).toContain(`Liquidación del reembolso ${liquidated.folio}`);
    expect(text).toContain(record.patientName);
    expect(text).toContain(record.insurerName);
    expect(text).toContain('Total a reembolsar');
    expect(text).toContain(plain(money(record.payableCents, record.currency, 'es')));
    expect(text).toContain(plain(money(record.claimedCents, record.currency, 'es')));
    for (const line of record.lines) expect(text).toContain(line.procedureCode);

    const [audited] = await server.db.query<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM audit_log WHERE entity_type = 'reimbursement' AND entity_id = $1 AND action = 'DOWNLOAD' ORDER BY id DESC LIMIT 1`,
      [String(liquidated.id)],
    );
    expect(audited).toMatchObject({ action: 'DOWNLOAD', detail: { document: 'liquidationSummary', folio: liquidated.folio, language: 'es' } });
  });

  it('comes in English, Chinese and Japanese for readers of those languages, Chinese with the font npm installs', async () => {
    const record = (await call('GET', `/api/reimbursements/${liquidated.id}`, { token: admin })).body;
    const titles = { en: `Liquidation of reimbursement ${liquidated.folio}`, zh: `报销 ${liquidated.folio} 的理算单`, ja: `払い戻し ${liquidated.folio} の精算書` };
    for (const [locale, title] of Object.entries(titles)) {
      const email = `pdf.${locale}@demo.local`;
      const created = await call('POST', '/api/users', { token: admin, body: { name: `Lector ${locale}`, email, locale, roles: ['reimbursement_analyst'], password: 'reader-pass-12' } });
      expect(created.status).toBe(201);
      const pdf = await fetchPdf(await signInChoosingOwn(email, 'reader-pass-12'), liquidated.id);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-language'), locale).toBe(locale);
      const text = plain(await pdfText(pdf.bytes));
      expect(text).toContain(title);
      expect(text).toContain(plain(money(record.payableCents, record.currency, locale)));
    }
  });

  it('is written in Chinese and Japanese on a machine without any CJK system font, and in English when no font covers the text', async () => {
    const record = (await call('GET', `/api/reimbursements/${liquidated.id}`, { token: admin })).body as Reimbursement;
    const printed = new Date('2026-03-01T10:00:00Z');
    for (const language of ['zh', 'ja'] as const) {
      const pdf = await renderLiquidationPdf(record, language, printed, [bundledChineseFont()]);
      expect(pdf.language).toBe(language);
      const text = await pdfText(pdf.bytes);
      expect(text).toContain(liquidationTexts(record, language, printed).title);
      // Subset: the font's 8 MB are not copied into every summary.
      expect(pdf.bytes.byteLength).toBeLessThan(300_000);
    }
    const fallback = await renderLiquidationPdf(record, 'zh', printed, ['/nonexistent/font.ttf']);
    expect(fallback.language).toBe('en');
    expect(await pdfText(fallback.bytes)).toContain(`Liquidation of reimbursement ${liquidated.folio}`);
  });

  it('passes over a font collection (.ttc, as Debian installs Noto CJK), which the PDF cannot embed, for the next font', async () => {
    const record = (await call('GET', `/api/reimbursements/${liquidated.id}`, { token: admin })).body as Reimbursement;
    // The bundled Chinese font wrapped as a one-font collection: a 'ttcf' header, its tables moved 16 bytes on.
    const single = fs.readFileSync(bundledChineseFont());
    const header = Buffer.alloc(16);
    header.write('ttcf', 0, 'latin1');
    header.writeUInt32BE(0x00010000, 4);
    header.writeUInt32BE(1, 8);
    header.writeUInt32BE(16, 12);
    const moved = Buffer.from(single);
    for (let table = 0; table < moved.readUInt16BE(4); table++) moved.writeUInt32BE(moved.readUInt32BE(12 + table * 16 + 8) + 16, 12 + table * 16 + 8);
    const collection = path.join(tempDir('dental-ttc-'), 'NotoSansHans.ttc');
    fs.writeFileSync(collection, Buffer.concat([header, moved]));
    const pdf = await renderLiquidationPdf(record, 'zh', new Date('2026-03-01T10:00:00Z'), [collection, bundledChineseFont()]);
    expect(pdf.language).toBe('zh');
    expect(await embeddedFonts(pdf.bytes)).toEqual(['NotoSansHans-Regular']);
    fs.rmSync(path.dirname(collection), { recursive: true, force: true });
  });

  it('is written in Japanese with the Japanese font npm installs, whatever system fonts the machine has; Chinese keeps a Chinese font', async () => {
    const record = (await call('GET', `/api/reimbursements/${liquidated.id}`, { token: admin })).body as Reimbursement;
    const printed = new Date('2026-03-01T10:00:00Z');
    // No CJK system font at all, only the two bundled fonts: Japanese glyph shapes, and the text a reader extracts.
    const japanese = await renderLiquidationPdf(record, 'ja', printed, [bundledJapaneseFont(), bundledChineseFont()]);
    expect(japanese.language).toBe('ja');
    expect(await embeddedFonts(japanese.bytes)).toEqual(['NotoSansJP-Regular']);
    const texts = liquidationTexts(record, 'ja', printed);
    const extracted = await pdfText(japanese.bytes);
    for (const wanted of [texts.title, ...texts.headings, texts.facts[0][0]]) expect(extracted).toContain(wanted);
    expect(japanese.bytes.byteLength).toBeLessThan(300_000);
    // The server's own choice (no font given): Japanese takes Noto Sans JP ahead of any system font, Chinese does not.
    expect(await embeddedFonts((await renderLiquidationPdf(record, 'ja', printed)).bytes)).toEqual(['NotoSansJP-Regular']);
    expect(await embeddedFonts((await renderLiquidationPdf(record, 'zh', printed)).bytes)).not.toContain('NotoSansJP-Regular');
  });

  it('is refused to whoever may not read the reimbursement (403), before liquidation (409) and for no reimbursement (404)', async () => {
    const verifier = await signIn('verificador@demo.local');
    const me = (await call('GET', '/api/me', { token: verifier })).body;
    if (!me.permissions.includes('reimbursements:read')) {
      const refused = await fetchPdf(verifier, liquidated.id);
      expect(refused.status).toBe(403);
    } else {
      const readOnly = await call('POST', '/api/users', { token: admin, body: { name: 'Sin reembolsos', email: 'noreimb@demo.local', locale: 'es', roles: [], password: 'noreimb-pass-1' } });
      expect(readOnly.status).toBe(201);
      expect((await fetchPdf(await signInChoosingOwn('noreimb@demo.local', 'noreimb-pass-1'), liquidated.id)).status).toBe(403);
    }
    const notYet = await call('GET', `/api/reimbursements/${draft.id}/liquidation-summary`, { token: admin });
    expectProblem(notYet, 409, 'reimbursement.notLiquidated');
    expectProblem(await call('GET', '/api/reimbursements/99999999/liquidation-summary', { token: admin }), 404, 'reimbursement.notFound');
  });
});
