import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGRAMS_DIR, readerSvg, renderSvg } from '../../scripts/diagrams.ts';
import { CATALOGS } from '../../scripts/statecharts/catalogs.ts';
import { describeMachine } from '../../scripts/statecharts/describe.ts';
import { writeDot } from '../../scripts/statecharts/dot.ts';
import { minWidth, readerTexts } from '../../scripts/statecharts/reader.ts';
import { parseXml, type XmlElement } from '../../scripts/statecharts/xml.ts';
import { MACHINES } from '../../src/machines/registry.ts';

const reimbursement = describeMachine(MACHINES.find((m) => m.name === 'reimbursement')!, { strict: true });

/** Every `<g>` id and every text of an SVG. */
function contents(svg: string): { ids: string[]; texts: string[] } {
  const ids: string[] = [];
  const texts: string[] = [];
  const walk = (e: XmlElement) => {
    if (e.name === 'g' && e.attrs.id) ids.push(e.attrs.id);
    if (e.name === 'text') texts.push(e.children.filter((c) => typeof c === 'string').join(''));
    for (const c of e.children) if (typeof c !== 'string') walk(c);
  };
  walk(parseXml(svg));
  return { ids, texts };
}

describe("the reader's view (<name>.<lang>.svg)", () => {
  it('names states, events and conditions in the reader’s language, with the rule codes and no code names', async () => {
    const { texts } = contents(await readerSvg(reimbursement, 'ja'));
    expect(texts).toContain('払い戻し');
    expect(texts).toContain('審査中');
    expect(texts).toContain('支払う');
    expect(texts).toContain('承認する');
    // PAY's branches: five payment conditions (issue 26 added the run's hold) and the unchanged liquidation.
    expect(texts).toContain('条件 6 件');
    expect(texts.some((t) => /\bR13\b/.test(t))).toBe(true);
    const code = /approverIsNotCreator|PAY|APPROVE|inReview|postToLedger|\[|\//;
    expect(texts.filter((t) => code.test(t))).toEqual([]);
    const es = contents(await readerSvg(reimbursement, 'es')).texts;
    expect(es).toEqual(expect.arrayContaining(['En revisión', 'Pagar', 'Aprobar', '6 condiciones', '1 condición']));
  });

  it('keeps the engineer’s drawing’s state and transition ids, so the panel marks both alike', async () => {
    const engineer = contents(await renderSvg(writeDot(reimbursement))).ids;
    const reader = contents(await readerSvg(reimbursement, 'fr')).ids;
    const marked = (ids: string[]) => ids.filter((id) => /^(state|transition)-/.test(id)).sort();
    expect(marked(reader)).toEqual(marked(engineer));
    expect(marked(reader).length).toBeGreaterThan(20);
  });

  it('gives lines of East Asian text a full em per character, which Graphviz measures narrower', () => {
    expect(minWidth('Verificada', 10)).toBe(0);
    expect(minWidth('取り消し済み', 10)).toBeGreaterThanOrEqual(60);
    expect(minWidth('条件 5 件', 8)).toBeGreaterThanOrEqual(8 * 3 + 8 * 0.62 * 3);
    const dot = writeDot(reimbursement, CATALOGS, readerTexts('zh'));
    const cell = /<TD WIDTH="(\d+)"><B>已取消<\/B>/.exec(dot) ?? /<TD WIDTH="(\d+)"><B>([^<]*)<\/B>/.exec(dot);
    expect(cell, 'a Chinese state label cell with a width').not.toBeNull();
    expect(Number(cell![1])).toBeGreaterThanOrEqual(10 * [...(cell![2] ?? '已取消')].length);
    expect(writeDot(reimbursement, CATALOGS, readerTexts('en'))).not.toContain('WIDTH=');
  });

  it('`npm run diagrams -- --lang ja` writes one reader’s SVG per machine in Japanese, and refuses another language', () => {
    const root = path.resolve(DIAGRAMS_DIR, '..', '..');
    const dir = mkdtempSync(path.join(tmpdir(), 'diagrams-lang-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/diagrams.ts', '--lang', 'ja', '--dir', dir], { cwd: root, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(MACHINES.map((m) => `${m.name}.ja.svg`).sort());
      expect(readFileSync(path.join(dir, 'verification.ja.svg'), 'utf8')).toBe(readFileSync(path.join(DIAGRAMS_DIR, 'verification.ja.svg'), 'utf8'));
      const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/diagrams.ts', '--lang', 'de', '--dir', dir], { cwd: root, encoding: 'utf8' });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--lang takes one of es, en, fr, zh, ja (not "de")');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
