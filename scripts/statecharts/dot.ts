/**
 * Graphviz DOT export of a machine description: compound and parallel states as clusters (regions of a
 * parallel state dashed), initial pseudo-states as dots, final states as double circles, history states as
 * `H` / `H*` circles, guards and actions on the edges (`EVENT [guard] / actions`), and transitions without
 * target listed inside their state as UML internal transitions (`EVENT [guard] / actions`). Graphviz draws
 * transitions across hierarchy levels exactly (edges clipped at cluster borders), so nothing is approximated.
 *
 * In the SVG Graphviz renders from it, each state's group has `id="state-<state id>"` and `class="state
 * <type>"`, each transition's group `id="transition-<transition id>"` (a second target of the same
 * transition `transition-<id>-2`…) and `class="transition <kind>"`, so a panel can highlight them;
 * `finishSvg` gives internal transitions the same ids (src/statecharts/format.ts names them for the panel).
 */
import { stateSvgId, transitionSvgId, type GuardNode, type MachineDescription, type StateDescription, type TransitionDescription } from '../../src/statecharts/format.ts';
import { bilingual, CATALOGS, type Catalogs } from './catalogs.ts';
import { actionText, eventLabel, guardExpression } from './labels.ts';
import type { ReaderTexts } from './reader.ts';

const FONT = 'Helvetica';
const MUTED = '#555555';

/** A double-quoted DOT string. */
const q = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
/** Text inside an HTML-like label. */
const h = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const nodeName = (id: string) => q(id);
const anchorName = (s: StateDescription) => q(`${s.id}::${s.type === 'compound' ? 'initial' : 'anchor'}`);
const clusterName = (id: string) => q(`cluster_${id}`);

/** The guard as one or more lines: a long and/or puts one operand a line. */
function guardLines(guard: GuardNode, width = 44): string[] {
  const text = guardExpression(guard, true);
  if (text.length <= width || (guard.kind !== 'and' && guard.kind !== 'or')) return [`[${text}]`];
  const parts = guard.guards.map((g) => guardExpression(g, true));
  return parts.map((p, i) => `${i === 0 ? `[${guard.kind}(` : '  '}${p}${i === parts.length - 1 ? ')]' : ','}`);
}

function actionLines(t: TransitionDescription, width = 44): string[] {
  if (!t.actions.length) return [];
  const parts = t.actions.map((a) => actionText(a, true));
  const one = `/ ${parts.join(', ')}`;
  if (one.length <= width) return [one];
  return parts.map((p, i) => `${i === 0 ? '/ ' : '  '}${p}${i === parts.length - 1 ? '' : ','}`);
}

/** The lines of an edge label: event, guard, actions. */
export function edgeLabelLines(t: TransitionDescription): string[] {
  return [eventLabel(t), ...(t.guard ? guardLines(t.guard) : []), ...actionLines(t)];
}

const internalText = (t: TransitionDescription) =>
  [eventLabel(t), t.guard ? `[${guardExpression(t.guard, true)}]` : '', t.actions.length ? `/ ${t.actions.map((a) => actionText(a, true)).join(', ')}` : '']
    .filter(Boolean)
    .join(' ');

/** A cell's minimum width: Graphviz measures East Asian characters as narrow as Latin ones (see reader.ts). */
const widthAttr = (texts: string[], size: number, reader: ReaderTexts | undefined) => {
  const width = reader ? Math.max(0, ...texts.map((t) => reader.minWidth(t, size))) : 0;
  return width ? ` WIDTH="${width}"` : '';
};

/**
 * The reader's label of a state: its name in the reader's language, the rule codes it applies, and the
 * events it handles without leaving (no code: guards and actions are told in the panel beside the drawing).
 */
function readerStateLabel(d: MachineDescription, s: StateDescription, internal: TransitionDescription[], isCluster: boolean, reader: ReaderTexts): string {
  const rows: string[] = [];
  const row = (content: string, texts: string[], size: number, attrs = '') => rows.push(`<TR><TD${attrs}${widthAttr(texts, size, reader)}>${content}</TD></TR>`);
  const title = s.parent === null ? reader.machineTitle(d) : reader.stateLabel(s);
  row(`<B>${h(title)}</B>`, [title], isCluster ? 11 : 10);
  if (s.rules.length) row(`<FONT POINT-SIZE="8" COLOR="${MUTED}">${h(s.rules.join(' '))}</FONT>`, [], 8);
  const left = ` ALIGN="${isCluster ? 'CENTER' : 'LEFT'}"`;
  for (const t of internal) {
    const text = reader.transitionText(d, t);
    row(`<FONT POINT-SIZE="8">${h(text)}</FONT>`, [text], 8, `${left} ID="${h(transitionSvgId(t.id))}" TOOLTIP="${h(text)}"`);
  }
  return `<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">${rows.join('')}</TABLE>>`;
}

/** The reader's label of an edge: the event's name and, when guarded, how many conditions it checks. */
function readerEdgeLabel(d: MachineDescription, t: TransitionDescription, reader: ReaderTexts): string {
  const event = reader.eventName(d, t);
  const rows = [`<TR><TD${widthAttr([event], 9, reader)}>${h(event)}</TD></TR>`];
  const conditions = reader.conditions(t);
  if (conditions) rows.push(`<TR><TD${widthAttr([conditions], 8, reader)}><FONT POINT-SIZE="8" COLOR="${MUTED}">${h(conditions)}</FONT></TD></TR>`);
  return `<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0">${rows.join('')}</TABLE>>`;
}

/** The HTML-like label of a state: labels, status and rules, tags, entry/exit/invokes, internal transitions. */
function stateLabel(d: MachineDescription, s: StateDescription, internal: TransitionDescription[], isCluster: boolean, catalogs: Catalogs): string {
  const rows: string[] = [];
  const row = (content: string, attrs = '') => rows.push(`<TR><TD${attrs}>${content}</TD></TR>`);
  if (s.parent === null) {
    row(`<B>${h(d.name)}</B>`);
    row(`<FONT POINT-SIZE="9" COLOR="${MUTED}">machine ${h(d.id)} · ${h(d.kind)}</FONT>`);
  } else if (bilingual(s.labelId, catalogs)) {
    const label = bilingual(s.labelId, catalogs)!;
    row(`<B>${h(label.es)}</B>`);
    row(`<FONT POINT-SIZE="9">${h(label.en)}</FONT>`);
  } else {
    row(`<B>${h(s.key)}</B>`);
  }
  const facts = [s.status, s.rules.length ? s.rules.join(' ') : undefined, ...s.tags.map((t) => `«${t}»`)].filter(Boolean) as string[];
  if (facts.length) row(`<FONT POINT-SIZE="8" COLOR="${MUTED}">${h(facts.join(' · '))}</FONT>`);
  const small = (text: string) => `<FONT POINT-SIZE="8">${h(text)}</FONT>`;
  const left = ` ALIGN="${isCluster ? 'CENTER' : 'LEFT'}"`;
  if (s.entry.length) row(small(`entry / ${s.entry.map((a) => actionText(a, true)).join(', ')}`), left);
  if (s.exit.length) row(small(`exit / ${s.exit.map((a) => actionText(a, true)).join(', ')}`), left);
  for (const inv of d.invokes.filter((i) => i.state === s.id)) row(small(`invoke ${inv.id}${inv.src !== inv.id ? ` (${inv.src})` : ''}`), left);
  for (const t of internal) {
    row(small(internalText(t)), `${left} ID="${h(transitionSvgId(t.id))}" TOOLTIP="${h(`${t.id}: ${internalText(t)}`)}"`);
  }
  return `<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">${rows.join('')}</TABLE>>`;
}

/**
 * The `.dot` source: the engineer's view (Spanish and English labels, guards and actions as code), or with
 * `reader` the reader's view in one language (same layout rules, ids and classes, so the panel marks both alike).
 */
export function writeDot(d: MachineDescription, catalogs: Catalogs = CATALOGS, reader?: ReaderTexts): string {
  const labelOf = (s: StateDescription, internal: TransitionDescription[], cluster: boolean) =>
    reader ? readerStateLabel(d, s, internal, cluster, reader) : stateLabel(d, s, internal, cluster, catalogs);
  const edgeLabel = (t: TransitionDescription) => (reader ? readerEdgeLabel(d, t, reader) : q(edgeLabelLines(t).join('\n')));
  const byId = new Map(d.states.map((s) => [s.id, s]));
  const root = byId.get(d.root)!;
  /** The root is drawn as the graph itself unless it has more to show than its children (then as a cluster). */
  const rootCluster =
    root.type !== 'compound' || d.transitions.some((t) => t.source === root.id) || root.invokes.length > 0 || root.entry.length > 0 || root.exit.length > 0;
  const isCluster = (s: StateDescription) => s.type === 'compound' || s.type === 'parallel' || (s.parent === null && rootCluster);
  const isInside = (inner: string, outer: string) => {
    for (let p: string | null = inner; p !== null; p = byId.get(p)?.parent ?? null) if (p === outer) return true;
    return false;
  };
  const internalBySource = new Map<string, TransitionDescription[]>();
  for (const t of d.transitions) if (!t.targets.length) internalBySource.set(t.source, [...(internalBySource.get(t.source) ?? []), t]);

  const out: string[] = [];
  out.push(`// Machine "${d.id}" (${d.name}). Generated by npm run diagrams from core/workflows and src/machines; do not edit.`);
  out.push(`digraph ${q(d.id)} {`);
  out.push(`  graph [id=${q(`machine-${d.name}`)}, class="machine", compound=true, rankdir=TB, newrank=true, fontname=${q(FONT)}, fontsize=11, nodesep=0.35, ranksep=0.45];`);
  out.push(`  node [fontname=${q(FONT)}, fontsize=10, shape=box, style="rounded", margin="0.12,0.06"];`);
  out.push(`  edge [fontname=${q(FONT)}, fontsize=9, color="#444444", arrowsize=0.7];`);

  const classOf = (s: StateDescription) => ['state', s.type, s.parent === null ? 'root' : '', s.final ? 'final' : ''].filter(Boolean).join(' ');

  const emit = (s: StateDescription, depth: number) => {
    const i = '  '.repeat(depth);
    const internal = internalBySource.get(s.id) ?? [];
    if (s.parent === null && !rootCluster) {
      out.push(`${i}label=${labelOf(s, internal, true)}; labelloc="t"; labeljust="l";`);
      out.push(`${i}${anchorName(s)} [id=${q(`initial-${s.id}`)}, class="initial", shape=point, width=0.12, label=""];`);
      for (const c of s.children) emit(byId.get(c)!, depth);
      return;
    }
    if (isCluster(s)) {
      const parent = s.parent ? byId.get(s.parent) : undefined;
      const style = parent?.type === 'parallel' ? 'rounded,dashed' : s.type === 'parallel' ? 'rounded,bold' : 'rounded';
      out.push(`${i}subgraph ${clusterName(s.id)} {`);
      out.push(`${i}  id=${q(stateSvgId(s.id))}; class=${q(classOf(s))}; style=${q(style)}; color="#777777"; labeljust="l";`);
      out.push(`${i}  label=${labelOf(s, internal, true)};`);
      if (s.type === 'compound') out.push(`${i}  ${anchorName(s)} [id=${q(`initial-${s.id}`)}, class="initial", shape=point, width=0.12, label=""];`);
      else out.push(`${i}  ${anchorName(s)} [id=${q(`anchor-${s.id}`)}, class="anchor", shape=point, style=invis, width=0.01, label=""];`);
      for (const c of s.children) emit(byId.get(c)!, depth + 1);
      out.push(`${i}}`);
      return;
    }
    const base = `id=${q(stateSvgId(s.id))}, class=${q(classOf(s))}`;
    if (s.type === 'history') {
      out.push(`${i}${nodeName(s.id)} [${base}, shape=circle, width=0.3, fixedsize=true, label=${q(s.history === 'deep' ? 'H*' : 'H')}];`);
    } else if (s.type === 'final') {
      out.push(`${i}${nodeName(s.id)} [${base}, shape=doublecircle, margin="0.02,0.02", label=${labelOf(s, internal, true)}];`);
    } else {
      out.push(`${i}${nodeName(s.id)} [${base}, label=${labelOf(s, internal, false)}];`);
    }
  };
  emit(root, 1);

  // Initial pseudo-state edges and history defaults.
  for (const s of d.states) {
    if (s.type === 'compound' && s.initial) {
      const target = byId.get(s.initial)!;
      const head = isCluster(target) ? `${anchorName(target)} [lhead=${clusterName(target.id)}, ` : `${nodeName(target.id)} [`;
      out.push(`  ${anchorName(s)} -> ${head}id=${q(`initial-edge-${s.id}`)}, class="initial"];`);
    }
    if (s.type === 'history' && s.historyTarget) {
      s.historyTarget.forEach((target, n) => {
        const t = byId.get(target)!;
        const head = isCluster(t) ? `${anchorName(t)} [lhead=${clusterName(t.id)}, ` : `${nodeName(t.id)} [`;
        out.push(`  ${nodeName(s.id)} -> ${head}id=${q(`history-edge-${s.id}${n ? `-${n + 1}` : ''}`)}, class="history", style=dotted];`);
      });
    }
  }

  // Transitions with a target.
  for (const t of d.transitions) {
    const source = byId.get(t.source)!;
    t.targets.forEach((targetId, n) => {
      const target = byId.get(targetId)!;
      const attrs: string[] = [];
      let tail = nodeName(source.id);
      let head = nodeName(target.id);
      if (isCluster(source)) {
        tail = anchorName(source);
        if (!isInside(target.id, source.id)) attrs.push(`ltail=${clusterName(source.id)}`);
      }
      if (isCluster(target)) {
        head = anchorName(target);
        if (!isInside(source.id, target.id)) attrs.push(`lhead=${clusterName(target.id)}`);
      }
      attrs.push(`id=${q(transitionSvgId(t.id, n))}`, `class=${q(`transition ${t.kind}`)}`, `label=${edgeLabel(t)}`);
      if (t.kind === 'always') attrs.push('style=dashed');
      out.push(`  ${tail} -> ${head} [${attrs.join(', ')}];`);
    });
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}

/** Helvetica, or a font with its widths: Graphviz laid the labels out with Helvetica's metrics. */
const FONT_STACK = "Helvetica, Arial, 'Liberation Sans', 'Nimbus Sans', sans-serif";

/**
 * A label's font as inline style instead of Graphviz's presentation attributes, which any stylesheet
 * setting `font` overrides (the panel's reset, `* { font: inherit }`, drew every label at 16 px, overlapping).
 * Geometric rendering keeps the widths Graphviz computed at any zoom; hinted, Chromium drops small labels
 * when the diagram is zoomed out to fit.
 */
function fontAsStyle(attrs: string): string {
  const size = /\sfont-size="([\d.]+)"/.exec(attrs)?.[1];
  const weight = /\sfont-weight="(\w+)"/.exec(attrs)?.[1];
  const style = [`font-family: ${FONT_STACK}`, size ? `font-size: ${Number(size)}px` : '', weight ? `font-weight: ${weight}` : '', 'text-rendering: geometricPrecision']
    .filter(Boolean)
    .join('; ');
  return `<text${attrs.replace(/\sfont-(?:family|size|weight)="[^"]*"/g, '')} style="${style}">`;
}

/**
 * Post-processes Graphviz's SVG: internal transitions (table cells) get `id="transition-<id>"` and
 * `class="transition internal"` like edges, label fonts become inline style, and the Graphviz version
 * comment is kept as is.
 */
export function finishSvg(svg: string): string {
  return svg
    .replace(/<g id="a_(transition&#45;[^"]*)">/g, '<g id="$1" class="transition internal">')
    .replace(/<text\b([^>]*)>/g, (_, attrs: string) => fontAsStyle(attrs));
}
