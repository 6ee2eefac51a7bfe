/**
 * Mermaid `stateDiagram-v2` export of a machine description: composite states, `--` parallel regions,
 * `[*]` initial and final markers, edge labels `EVENT [guard] / actions`.
 *
 * Mermaid cannot draw some statechart edges faithfully: transitions between states of different composites,
 * transitions into an ancestor or a descendant of their source, transitions without target, eventless
 * transitions, several targets, and history states. Such edges are drawn approximately (lifted to the
 * nearest common composite, or as a self-loop, with the true ends in the label), preceded by a
 * `%% approximated:` comment, and listed in the description's `mermaidApproximations`.

 */
import type { ApproximationKind, MachineDescription, MermaidApproximation, StateDescription, TransitionDescription } from '../../src/statecharts/format.ts';
import { bilingual, CATALOGS, type Catalogs } from './catalogs.ts';
import { transitionLabel } from './labels.ts';

type DescriptionWithoutApproximations = Omit<MachineDescription, 'mermaidApproximations'>;

interface PlannedEdge {
  transition: TransitionDescription;
  target?: string;
  from: string;
  to: string;
  /** The state whose block holds the edge; null for the document's top level. */
  block: string | null;
  kinds: ApproximationKind[];
  /** Extra label text giving the true ends of an approximated edge. */
  suffix: string;
  note: string;
}

interface Plan {
  edges: PlannedEdge[];
  states: MermaidApproximation[];
  /** The root is drawn as a composite (parallel root, or transitions of its own). */
  rootComposite: boolean;
}

const TOP = null;

function plan(d: DescriptionWithoutApproximations): Plan {
  const byId = new Map(d.states.map((s) => [s.id, s]));
  const parentOf = (id: string) => byId.get(id)?.parent ?? null;
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let p = parentOf(id); p !== null; p = parentOf(p)) out.push(p);
    return out;
  };
  const rel = (id: string) => {
    const s = byId.get(id);
    return s && s.path.length ? s.path.join('.') : id;
  };
  const rootComposite = byId.get(d.root)?.type === 'parallel' || d.transitions.some((t) => t.source === d.root);
  /** Block of a self-loop on X: X's parent, or the top level for the root. */
  const blockOfLoop = (x: string) => (x === d.root ? TOP : parentOf(x));
  /** The child of `ancestor` on the way to `id` (or `id` itself). */
  const childOnPath = (ancestor: string, id: string) => {
    let at = id;
    while (parentOf(at) !== ancestor) at = parentOf(at)!;
    return at;
  };

  const edges: PlannedEdge[] = [];
  for (const t of d.transitions) {
    const S = t.source;
    const targets = t.targets.length ? t.targets : [undefined];
    for (const T of targets) {
      const kinds: ApproximationKind[] = [];
      const notes: string[] = [];
      const extra: string[] = [];
      if (t.kind === 'always') {
        kinds.push('eventless');
        notes.push('eventless transition drawn as an edge labelled "always"');
      }
      if (t.targets.length > 1) {
        kinds.push('multi-target');
        notes.push(`one of ${t.targets.length} targets drawn as separate edges`);
      }
      let from: string;
      let to: string;
      let block: string | null;
      if (T === undefined) {
        kinds.push('targetless');
        notes.push('transition without target drawn as a self-loop');
        extra.push('no target');
        from = to = S;
        block = blockOfLoop(S);
      } else if (T === S) {
        from = to = S;
        block = blockOfLoop(S);
      } else if (ancestors(S).includes(T)) {
        const C = childOnPath(T, S);
        kinds.push('into-ancestor');
        notes.push(`transition into its ancestor ${rel(T)} drawn as a self-loop on ${rel(C)}`);
        if (C !== S) extra.push(`from ${rel(S)}`);
        extra.push(`to ${rel(T)}`);
        from = to = C;
        block = blockOfLoop(C);
      } else if (ancestors(T).includes(S)) {
        kinds.push('into-descendant');
        notes.push(`transition into its descendant ${rel(T)} drawn as a self-loop on ${rel(S)}`);
        extra.push(`to ${rel(T)}`);
        from = to = S;
        block = blockOfLoop(S);
      } else {
        const sAnc = ancestors(S);
        const lca = ancestors(T).find((a) => sAnc.includes(a))!;
        from = childOnPath(lca, S);
        to = childOnPath(lca, T);
        block = lca === d.root && !rootComposite ? TOP : lca;
        if (from !== S || to !== T) {
          kinds.push('cross-hierarchy');
          notes.push(`transition between states of different composites drawn between ${rel(from)} and ${rel(to)}`);
          if (from !== S) extra.push(`from ${rel(S)}`);
          if (to !== T) extra.push(`to ${rel(T)}`);
        }
        if (byId.get(lca)?.type === 'parallel') {
          kinds.push('cross-region');
          notes.push(`transition between regions of the parallel state ${rel(lca)}`);
        }
      }
      // A root-level edge when the root is drawn as a composite sits inside it.
      if (block === d.root && !rootComposite) block = TOP;
      edges.push({
        transition: t,
        ...(T !== undefined ? { target: T } : {}),
        from,
        to,
        block,
        kinds,
        suffix: extra.length ? ` · ${extra.join(' · ')}` : '',
        note: notes.join('; '),
      });
    }
  }

  const states: MermaidApproximation[] = d.states
    .filter((s) => s.type === 'history')
    .map((s) => ({
      kinds: ['history'],
      state: s.id,
      note: `Mermaid has no history pseudo-state: ${s.history} history state ${rel(s.id)} drawn as an ordinary state labelled ${s.history === 'deep' ? 'H*' : 'H'}`,
    }));
  return { edges, states, rootComposite };
}

/** The edges and states Mermaid draws approximately, in transition order then state order. */
export function mermaidApproximations(d: DescriptionWithoutApproximations): MermaidApproximation[] {
  const p = plan(d);
  return [
    ...p.edges
      .filter((e) => e.kinds.length)
      .map((e) => ({
        kinds: e.kinds,
        transition: e.transition.id,
        ...(e.target !== undefined ? { target: e.target } : {}),
        drawnFrom: e.from,
        drawnTo: e.to,
        note: e.note,
      })),
    ...p.states,
  ];
}

// ---------------------------------------------------------------------------------------------------

/** Mermaid ids: the state id with non-word characters as `_`, made unique, avoiding lexer keywords. */
function mermaidIds(states: readonly StateDescription[]): Map<string, string> {
  const used = new Set<string>();
  const ids = new Map<string, string>();
  for (const s of states) {
    let base = s.id.replace(/[^A-Za-z0-9_]/g, '_');
    if (/^(default|acctitle|accdescr)/i.test(base) || /^(state|note|class|classdef|scale|direction|hide|end)$/i.test(base) || /^\d/.test(base)) base = `s_${base}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(s.id, id);
  }
  return ids;
}

/** Text safe in a Mermaid edge label (after `:`) or a state description (in quotes). */
function safeText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/:/g, '\u2236')
    .replace(/;/g, '\uFE54')
    .replace(/"/g, "'")
    .replace(/</g, '\u2039')
    .replace(/>/g, '\u203A')
    .replace(/%%/g, '%\u200B%')
    .replace(/direction(\s+)(TB|BT|RL|LR)/gi, 'direction\u00A0$2');
}

function stateTitle(s: StateDescription, catalogs: Catalogs): string {
  if (s.type === 'history') return s.history === 'deep' ? 'H*' : 'H';
  const label = bilingual(s.labelId, catalogs);
  return label ? `${label.es} · ${label.en}` : s.key;
}

/** The `.mmd` file. */
export function writeMermaid(d: MachineDescription, catalogs: Catalogs = CATALOGS): string {
  const p = plan(d);
  const byId = new Map(d.states.map((s) => [s.id, s]));
  const mid = mermaidIds(d.states);
  const lines: string[] = [];
  const approximated = p.edges.filter((e) => e.kinds.length).length + p.states.length;
  lines.push('stateDiagram-v2');
  lines.push(`  %% Machine "${d.id}" (${d.name}). Generated by npm run diagrams from core/workflows and src/machines; do not edit.`);
  lines.push(`  %% ${approximated} approximated element(s); the .svg and .scxml are exact.`);

  const edgesByBlock = new Map<string | null, PlannedEdge[]>();
  for (const e of p.edges) edgesByBlock.set(e.block, [...(edgesByBlock.get(e.block) ?? []), e]);

  const edgeLines = (block: string | null, indent: string): string[] => {
    const out: string[] = [];
    for (const e of edgesByBlock.get(block) ?? []) {
      if (e.kinds.length) {
        out.push(`${indent}%% approximated: [${e.kinds.join(', ')}] ${e.transition.id}${e.target !== undefined ? ` -> ${e.target}` : ''}: ${e.note.replace(/[\r\n]+/g, ' ')}`);
      }
      out.push(`${indent}${mid.get(e.from)} --> ${mid.get(e.to)} : ${safeText(transitionLabel(e.transition) + e.suffix)}`);
    }
    return out;
  };

  /** Declarations of a state (label, composite body) in its parent's block. */
  const declare = (s: StateDescription, indent: string): string[] => {
    const out: string[] = [];
    const id = mid.get(s.id)!;
    if (s.type === 'history') out.push(`${indent}%% approximated: [history] ${s.id}: drawn as an ordinary state`);
    out.push(`${indent}state "${safeText(stateTitle(s, catalogs))}" as ${id}`);
    if (s.type === 'compound' || s.type === 'parallel') {
      out.push(`${indent}state ${id} {`);
      out.push(...body(s, `${indent}  `));
      out.push(`${indent}}`);
    }
    return out;
  };

  /** Children, initial and final markers, and edges of a composite (or of the top level for the root). */
  const body = (s: StateDescription, indent: string): string[] => {
    const out: string[] = [];
    const children = s.children.map((c) => byId.get(c)!);
    const finals = children.filter((c) => c.final).map((c) => `${indent}${mid.get(c.id)} --> [*]`);
    if (s.type === 'parallel') {
      children.forEach((c, i) => {
        if (i > 0) out.push(`${indent}--`);
        out.push(...declare(c, indent));
        if (c.final) out.push(`${indent}${mid.get(c.id)} --> [*]`);
        if (i === children.length - 1) out.push(...edgeLines(s.id, indent));
      });
      return out;
    }
    for (const c of children) out.push(...declare(c, indent));
    if (s.initial) out.push(`${indent}[*] --> ${mid.get(s.initial)}`);
    out.push(...edgeLines(s.id === d.root && !p.rootComposite ? TOP : s.id, indent));
    out.push(...finals);
    return out;
  };

  const root = byId.get(d.root)!;
  if (p.rootComposite) {
    lines.push(...declare(root, '  '));
    lines.push(`  [*] --> ${mid.get(root.id)}`);
    lines.push(...edgeLines(TOP, '  '));
  } else {
    lines.push(...body(root, '  '));
  }
  return `${lines.join('\n')}\n`;
}
