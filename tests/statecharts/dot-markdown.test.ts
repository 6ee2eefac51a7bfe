import { describe, expect, it } from 'vitest';
import { renderSvg } from '../../scripts/diagrams.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { describeMachine } from '../../scripts/statecharts/describe.ts';
import { writeDot } from '../../scripts/statecharts/dot.ts';
import { writeMarkdown } from '../../scripts/statecharts/markdown.ts';
import { parseXml, type XmlElement } from '../../scripts/statecharts/xml.ts';
import { stateSvgId, transitionSvgId } from '../../src/statecharts/format.ts';
import { CATALOGS } from '../../scripts/statecharts/catalogs.ts';
import { FEATURE, FEATURE_CATALOGS, PARALLEL_ROOT } from './fixtures.ts';

/** Every `<g>` of the SVG with its id and class. */
function groups(svg: string): Array<{ id: string; cls: string }> {
  const out: Array<{ id: string; cls: string }> = [];
  const walk = (e: XmlElement) => {
    if (e.name === 'g' && e.attrs.id !== undefined) out.push({ id: e.attrs.id, cls: e.attrs.class ?? '' });
    for (const c of e.children) if (typeof c !== 'string') walk(c);
  };
  walk(parseXml(svg));
  return out;
}

describe('DOT export', () => {
  const d = describeMachine(FEATURE);
  const dot = writeDot(d);

  it('labels a state box with its Spanish and English catalog texts, or its key when no catalog holds them', () => {
    expect(writeDot(d, FEATURE_CATALOGS)).toMatch(/"feature\.done" \[[^\n]*label=<<TABLE[^\n]*<B>Hecho<\/B><\/TD><\/TR><TR><TD><FONT POINT-SIZE="9">Done<\/FONT>/);
    expect(dot).toMatch(/"feature\.done" \[[^\n]*<B>done<\/B>/);
  });

  it('draws compound and parallel states as clusters, finals as double circles, history as H / H*', () => {
    expect(dot).toContain('subgraph "cluster_feature.working" {');
    expect(dot).toContain('subgraph "cluster_feature.working.upload" {');
    expect(dot).toMatch(/"feature\.done" \[id="state-feature\.done", class="state final final", shape=doublecircle/);
    expect(dot).toMatch(/"feature\.working\.audit\.deep" \[[^\n]*shape=circle[^\n]*label="H\*"/);
    expect(dot).toContain('compound=true');
  });

  it('puts guards and actions on edges, clipped at cluster borders for cross-hierarchy transitions', () => {
    expect(dot).toContain('"feature.working.upload.failed" -> "feature.waiting" [id="transition-feature.working.upload.failed:BACK:0", class="transition event", label="BACK"];');
    expect(dot).toContain('"feature.waiting" -> "feature.done" [id="transition-feature.waiting:after:slow:0", class="transition after", label="after slow\\n[big]\\n/ log"];');
    expect(dot).toMatch(/"feature\.checking" -> "feature\.working::anchor" \[lhead="cluster_feature\.working", id="transition-feature\.checking:always:1", [^\n]*style=dashed\];/);
    expect(dot).toContain('id="transition-feature.working:GO:0-2"');
  });

  it('writes label fonts as inline style, which a page resetting `font` (the panel: `* { font: inherit }`) cannot override', async () => {
    const svg = await renderSvg(writeDot(d, FEATURE_CATALOGS));
    const texts: XmlElement[] = [];
    const walk = (e: XmlElement) => {
      if (e.name === 'text') texts.push(e);
      e.children.forEach((c) => typeof c !== 'string' && walk(c));
    };
    walk(parseXml(svg));
    expect(texts.length).toBeGreaterThan(10);
    for (const t of texts) {
      expect(t.attrs['font-size'], t.children.join('')).toBeUndefined();
      expect(t.attrs.style, t.children.join('')).toMatch(/^font-family: Helvetica, Arial, [^;]+; font-size: \d+px(; font-weight: bold)?; text-rendering: geometricPrecision$/);
    }
    const hecho = texts.find((t) => t.children.join('') === 'Hecho')!;
    expect(hecho.attrs.style).toContain('font-size: 10px; font-weight: bold');
  });

  for (const registered of [...MACHINES, FEATURE, PARALLEL_ROOT]) {
    it(`${registered.name}: the SVG carries every state id and every transition id`, async () => {
      const desc = describeMachine(registered);
      const svg = await renderSvg(writeDot(desc));
      const ids = new Map(groups(svg).map((g) => [g.id, g.cls]));
      for (const s of desc.states) {
        if (s.parent === null && !ids.has(stateSvgId(s.id))) continue; // a plain root is the graph itself
        expect(ids.get(stateSvgId(s.id)), s.id).toMatch(new RegExp(`\\bstate ${s.type}\\b`));
      }
      for (const t of desc.transitions) {
        if (t.targets.length) {
          t.targets.forEach((_, n) => expect(ids.get(transitionSvgId(t.id, n)), t.id).toMatch(new RegExp(`\\btransition ${t.kind.replace('.', '\\.')}\\b`)));
        } else {
          expect(ids.get(transitionSvgId(t.id)), t.id).toBe('transition internal');
        }
      }
    });
  }
});

describe('Markdown page', () => {
  it('lists states with es/en labels and rules, events, guards with es/en descriptions and rule codes, transitions and approximations', () => {
    const d = describeMachine(MACHINES.find((m) => m.name === 'verification')!, { strict: true });
    const md = writeMarkdown(d, { mermaid: 'stateDiagram-v2\n', svg: 'verification.svg' });
    expect(md).toContain('# Statechart `verification` (machine `verification`, workflow)');
    expect(md).toContain('![Statechart verification](verification.svg)');
    expect(md).toContain('```mermaid\nstateDiagram-v2\n```');
    expect(md).toContain('| `inProgress` | atomic | En proceso | In progress | EN_PROCESO | R3, R7, R8, R14 |');
    expect(md).toContain(
      '| `channelGiven` | `verification.channelRequired` | Indique el canal por el que se verificó (portal, teléfono, correo, API o presencial). | Give the channel used to verify (portal, phone, email, API or in person). | `verification.inProgress:RECORD_ELIGIBLE:0` |',
    );
    expect(md).toContain('| `verification.verified:EXPIRE:0` | `verified` | `EXPIRE` | `validityElapsed` |  | `expired` |');
    expect(md).toContain('| `EXPIRE` | `verified` → `expired` |');
    expect(md).toContain('| R8 | `inProgress`, `verified` |');
    // The texts are the catalogs' entries, read when the page is written.
    const renamed = { ...CATALOGS, es: { ...CATALOGS.es, 'machine.verification.state.inProgress': 'Trabajando' } };
    expect(writeMarkdown(d, { catalogs: renamed })).toContain('| `inProgress` | atomic | Trabajando | In progress |');
    expect(md).toContain('## Mermaid approximations');
    expect(md).toContain('| `verification.pending:ASSIGN:0` | targetless | transition without target drawn as a self-loop |');
  });

  it('escapes table cells and shows the kinds of internal events', () => {
    const md = writeMarkdown(describeMachine(FEATURE), { catalogs: FEATURE_CATALOGS });
    expect(md).toContain('| `allowed` | `feature.notAllowed` | Permitido (con "comillas" \\| barra). | Allowed <min>. |');
    expect(md).toContain('| `feature.working:RESET:0` | `working` | `RESET` |  |  | `checking`<br>Back to the start<br>of everything |');
    expect(md).toContain('`after 1000ms` (after)');
    expect(md).toContain('`done.invoke.fetch` (done.invoke)');
    // Every row of every table has as many cells as its header (pipes in cells are escaped).
    const cells = (line: string) => line.replace(/\\\|/g, '').split('|').length;
    const lines = md.split('\n');
    lines.forEach((line, i) => {
      if (line.startsWith('| ---')) {
        const width = cells(lines[i - 1]!);
        for (let j = i + 1; lines[j]?.startsWith('|'); j++) expect(cells(lines[j]!), lines[j]).toBe(width);
      }
    });
  });
});
