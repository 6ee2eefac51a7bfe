import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { components } from '../../openapi/schema';
import { formatMinor } from '@core/benefits/currency.ts';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import fr from '../../src/i18n/messages/fr.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import zh from '../../src/i18n/messages/zh.json' with { type: 'json' };

type Reimbursement = components['schemas']['Reimbursement'];
export type PdfLanguage = 'es' | 'en' | 'fr' | 'zh' | 'ja';

const CATALOGS: Record<PdfLanguage, Record<string, string>> = { es, en, fr, zh, ja };

const bundledFont = (pkg: string, file: string) => path.join(path.dirname(createRequire(import.meta.url).resolve(pkg)), '..', 'fonts', file);

/** Noto Sans Hans (GB2312), shipped by npm with the project, so a machine without a CJK system font still writes Chinese. */
export const bundledChineseFont = () => bundledFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf');

/** Noto Sans JP, shipped the same way, so Japanese is written with Japanese glyph shapes on any machine, not Chinese ones. */
export const bundledJapaneseFont = () => bundledFont('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf');

/**
 * Fonts for scripts the PDF standard fonts (Latin only) cannot write, tried in order: PDF_FONT_PATHS
 * (colon-separated) first, then for Japanese the bundled Japanese font, then where Debian/Ubuntu put Noto
 * CJK, WenQuanYi and IPA, then the bundled Chinese font. A font is used only if it has a glyph for every
 * character of the document; Japanese comes first for a Japanese reader because a Chinese font covers most
 * kanji too, drawn the Chinese way.
 */
export const fontCandidates = (language: PdfLanguage = 'zh') => [
  ...(process.env.PDF_FONT_PATHS?.split(':').filter(Boolean) ?? []),
  ...(language === 'ja' ? [bundledJapaneseFont()] : []),
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf',
  bundledChineseFont(),
];

/** Texts of the summary in one language; `{name}` placeholders filled from `values`. */
function textsOf(language: PdfLanguage) {
  const catalog = CATALOGS[language];
  return (id: string, values: Record<string, string> = {}) =>
    (catalog[id] ?? es[id as keyof typeof es] ?? id).replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}

interface Layout {
  title: string;
  facts: [string, string][];
  headings: string[];
  rows: string[][];
  totals: [string, string][];
  /** The dental auditor's latest review (issue 28): a heading and its label/value pairs; null before any. */
  review: { title: string; facts: [string, string][] } | null;
  footer: string;
}

/** The medical review as the PDF tells it, in the catalogs' words the record page uses. */
function reviewTexts(r: Reimbursement, t: ReturnType<typeof textsOf>, money: (minor: number) => string, stamp: (iso: string) => string): Layout['review'] {
  const review = r.medicalReview.review;
  if (!review) return null;
  const lineName = (lineId: number) => {
    const index = r.lines.findIndex((line) => line.id === lineId);
    return t('reimbursements.approval.line', { n: String(index + 1), code: r.lines[index]?.procedureCode ?? '' });
  };
  const reason = (code: string) => `${code}: ${t(`reason.${code}`)}`;
  return {
    title: t('reimbursements.medical.title'),
    facts: [
      [t('reimbursements.medical.result'), t(`reimbursements.medical.result.${review.result}`)],
      [t('reimbursements.medical.findings'), review.findings ?? '—'],
      [t('reimbursements.medical.reviewer'), `${review.reviewerName} · ${stamp(review.at)}`],
      ...(review.attachmentName ? [[t('reimbursements.medical.attachment'), review.attachmentName] as [string, string]] : []),
      ...review.lines.map((c): [string, string] => [
        lineName(c.lineId),
        c.decision === 'REDUCE'
          ? t('reimbursements.medical.lineReduced', { amount: money(c.amountCents ?? 0), reason: reason(c.reasonCode) })
          : t('reimbursements.medical.lineRejected', { reason: reason(c.reasonCode) }),
      ]),
      ...(review.documents.length ? [[t('reimbursements.review.requestedDocuments'), review.documents.map((d) => t(`settings.documentType.${d}`)).join(', ')] as [string, string]] : []),
    ],
  };
}

/**
 * A line's decision (issue 28 item 6): approved, reduced (with its reason and what the reviewer cut) or rejected with
 * its reason code and text — a reduced line never reads just "approved".
 */
function lineStatus(line: Reimbursement['lines'][number], t: ReturnType<typeof textsOf>, money: (minor: number | null | undefined) => string): string {
  const reduced = line.status === 'APPROVED' && line.reviewDecision === 'REDUCE';
  const code = line.status === 'REJECTED' ? (line.reviewReason ?? line.reason) : line.reviewReason;
  const label = t(`liquidationPdf.line.${reduced ? 'REDUCED' : line.status}`);
  const details = [code ? `${code}: ${t(`reason.${code}`)}` : null, (line.reviewCutCents ?? 0) > 0 ? t('reimbursements.lines.cut', { amount: money(line.reviewCutCents) }) : null].filter(Boolean);
  return details.length ? `${label} (${details.join('; ')})` : label;
}

/** Everything the page says, as text, in `language`. */
export function liquidationTexts(r: Reimbursement, language: PdfLanguage, printedOn: Date): Layout {
  const t = textsOf(language);
  const money = (minor: number | null | undefined) => (minor == null ? '—' : formatMinor(minor, r.currency, language));
  const stamp = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
  const date = (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : '—');
  return {
    title: t('liquidationPdf.title', { folio: r.folio }),
    facts: [
      [t('liquidationPdf.patient'), r.patientName],
      [t('liquidationPdf.insurer'), r.insurerName],
      [t('liquidationPdf.state'), t(`machine.reimbursement.state.${r.state}`)],
      [t('liquidationPdf.invoice'), r.invoiceNumber ? `${r.invoiceNumber} · ${date(r.invoiceDate)}` : '—'],
      [t('liquidationPdf.currency'), r.currency],
    ],
    headings: ['code', 'serviceDate', 'tooth', 'charged', 'allowed', 'deductible', 'covered', 'excess', 'status'].map((c) => t(`liquidationPdf.column.${c}`)),
    rows: r.lines.map((line) => [
      line.procedureCode,
      date(line.serviceDate),
      line.tooth ? `${line.tooth}${line.surfaces ? ` ${line.surfaces}` : ''}` : '—',
      money(line.chargedCents),
      money(line.allowedCents),
      money(line.deductibleCents),
      money(line.coveredCents),
      money(line.excessCents),
      lineStatus(line, t, money),
    ]),
    totals: [
      [t('liquidationPdf.total.claimed'), money(r.claimedCents)],
      [t('liquidationPdf.total.allowed'), money(r.allowedCents)],
      [t('liquidationPdf.total.deductible'), money(r.deductibleCents)],
      [t('liquidationPdf.total.payable'), money(r.payableCents)],
      ...(r.paidCents != null ? [[t('liquidationPdf.total.paid'), `${money(r.paidCents)} · ${date(r.paidOn)}`] as [string, string]] : []),
    ],
    review: reviewTexts(r, t, money, stamp),
    footer: t('liquidationPdf.footer', { date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(printedOn) + ' UTC' }),
  };
}

const allText = (layout: Layout) =>
  [layout.title, layout.footer, ...layout.facts.flat(), ...layout.headings, ...layout.rows.flat(), ...layout.totals.flat(), layout.review?.title ?? '', ...(layout.review?.facts.flat() ?? [])].join('');

/** The first font that writes every character of `text`, or null. */
async function coveringFont(doc: PDFDocument, text: string, candidates: string[]): Promise<PDFFont | null> {
  const codePoints = [...new Set([...text].map((ch) => ch.codePointAt(0)!))].filter((cp) => cp > 0x20);
  for (const file of candidates) {
    if (!fs.existsSync(file)) continue;
    const bytes = fs.readFileSync(file);
    const font = fontkit.create(bytes) as unknown as { fonts?: unknown[]; hasGlyphForCodePoint: (cp: number) => boolean };
    // A collection (.ttc, as Debian's fonts-noto-cjk installs it) cannot be embedded by pdf-lib: embedding its
    // bytes failed with "createSubset is not a function", a 500 for the reader. The next candidate is tried.
    if (font.fonts) continue;
    if (codePoints.every((cp) => font.hasGlyphForCodePoint(cp))) return doc.embedFont(bytes, { subset: true });
  }
  return null;
}

/** Latin-1 and the WinAnsi extras: what the standard Helvetica writes. */
const winAnsi = (text: string) => [...text].every((ch) => ch.codePointAt(0)! < 0x100 || '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(ch));

/**
 * The liquidation summary as a PDF in `language`, or in English when no font at hand writes that
 * language's script. Answers the bytes and the language they are written in.
 */
export async function renderLiquidationPdf(r: Reimbursement, language: PdfLanguage, printedOn = new Date(), fonts = fontCandidates(language)): Promise<{ bytes: Uint8Array; language: PdfLanguage }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  let layout = liquidationTexts(r, language, printedOn);
  let regular: PDFFont;
  let bold: PDFFont;
  if (winAnsi(allText(layout))) {
    regular = await doc.embedFont(StandardFonts.Helvetica);
    bold = await doc.embedFont(StandardFonts.HelveticaBold);
  } else {
    const font = await coveringFont(doc, allText(layout), fonts);
    if (font) {
      regular = bold = font;
    } else {
      language = 'en';
      layout = liquidationTexts(r, language, printedOn);
      regular = await doc.embedFont(StandardFonts.Helvetica);
      bold = await doc.embedFont(StandardFonts.HelveticaBold);
    }
  }
  doc.setTitle(layout.title);
  doc.setLanguage(language);
  doc.setCreationDate(printedOn);
  draw(doc, layout, regular, bold);
  return { bytes: await doc.save(), language };
}

const A4_LANDSCAPE: [number, number] = [842, 595];
const MARGIN = 40;
const ink = rgb(0.1, 0.1, 0.12);
const muted = rgb(0.4, 0.4, 0.45);

/** Text shortened with an ellipsis to fit `width`. */
function fit(text: string, font: PDFFont, size: number, width: number) {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function draw(doc: PDFDocument, layout: Layout, regular: PDFFont, bold: PDFFont) {
  let page: PDFPage = doc.addPage(A4_LANDSCAPE);
  const [width, height] = A4_LANDSCAPE;
  let y = height - MARGIN;
  const text = (value: string, x: number, size: number, font = regular, color = ink, maxWidth = width - MARGIN - x) =>
    page.drawText(fit(value, font, size, maxWidth), { x, y, size, font, color });

  text(layout.title, MARGIN, 18, bold);
  y -= 28;
  for (const [label, value] of layout.facts) {
    text(label, MARGIN, 10, bold, muted, 140);
    text(value, MARGIN + 150, 10);
    y -= 15;
  }
  y -= 12;

  // Amount columns are right-aligned; the status column takes what is left.
  const widths = [70, 80, 60, 80, 80, 80, 80, 80];
  const starts = [MARGIN];
  for (let i = 1; i < widths.length; i++) starts.push(starts[i - 1]! + widths[i - 1]!);
  const statusX = starts.at(-1)! + widths.at(-1)! + 10;
  const cell = (value: string, i: number, font: PDFFont) => {
    if (i >= 8) return text(value, statusX, 9, font, ink, width - MARGIN - statusX);
    const right = i >= 3;
    const shown = fit(value, font, 9, widths[i]! - 6);
    const x = right ? starts[i]! + widths[i]! - 6 - font.widthOfTextAtSize(shown, 9) : starts[i]!;
    page.drawText(shown, { x, y, size: 9, font, color: ink });
  };
  const headings = () => {
    layout.headings.forEach((heading, i) => cell(heading, i, bold));
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.6, color: muted });
    y -= 13;
  };
  headings();
  for (const row of layout.rows) {
    if (y < MARGIN + 110) {
      page = doc.addPage(A4_LANDSCAPE);
      y = height - MARGIN;
      headings();
    }
    row.forEach((value, i) => cell(value, i, regular));
    y -= 14;
  }
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.6, color: muted });
  y -= 16;
  for (const [label, value] of layout.totals) {
    text(label, width - MARGIN - 360, 10, bold, ink, 200);
    page.drawText(value, { x: width - MARGIN - bold.widthOfTextAtSize(value, 10), y, size: 10, font: bold, color: ink });
    y -= 15;
  }
  if (layout.review) {
    // Below the totals, on a page of its own when too little room is left; long findings are cut to one line.
    const needed = 30 + 15 * layout.review.facts.length;
    if (y - needed < MARGIN + 10) {
      page = doc.addPage(A4_LANDSCAPE);
      y = height - MARGIN;
    }
    y -= 10;
    text(layout.review.title, MARGIN, 12, bold);
    y -= 18;
    for (const [label, value] of layout.review.facts) {
      text(label, MARGIN, 10, bold, muted, 190);
      text(value, MARGIN + 200, 10);
      y -= 15;
    }
  }
  page.drawText(fit(layout.footer, regular, 8, width - 2 * MARGIN), { x: MARGIN, y: MARGIN - 10, size: 8, font: regular, color: muted });
}
