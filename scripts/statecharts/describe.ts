/**
 * One lossless, JSON-serialisable description of a registered statechart, built by walking xstate's
 * state nodes (`machine.root`, `node.states`, `node.transitions`, `node.always`, `node.after`, `node.invoke`,
 * `node.entry`/`node.exit`, `node.meta`, `node.tags`) — not `machine.toJSON()`, which drops eventless
 * transitions and inline guards. Every export (Mermaid, SCXML, DOT/SVG, Markdown) is a projection of it.
 *
 * No node imports. The ordering is deterministic (document order of states and
 * transitions, names sorted elsewhere) so the output is stable byte for byte.
 */
import { and, not, or, stateIn, type AnyStateMachine } from 'xstate';
import type { RegisteredMachine } from '../../src/machines/registry.ts';
import { guardTextId, stateTextId } from '@core/workflows/texts.ts';
import type { GuardRules } from '@core/workflows/workflow.ts';
import {
  DESCRIPTION_FORMAT,
  type ActionCatalogEntry,
  type ActionDescription,
  type GuardDescription,
  type GuardNode,
  type InvokeDescription,
  type Json,
  type MachineDescription,
  type StateDescription,
  type StateType,
  type TransitionDescription,
} from '../../src/statecharts/format.ts';
import { mermaidApproximations } from './mermaid.ts';

/** What the SCXML reader recovers and the derived lists are computed from. */
export type DescriptionCore = Pick<MachineDescription, 'name' | 'id' | 'kind' | 'root' | 'states' | 'transitions' | 'invokes'> & {
  /** Guard and action catalogue entries that are not derivable from the transitions (rule codes, implemented). */
  guardRules: GuardRules;
  implementedGuards: string[];
  implementedActions: string[];
};

export interface DescribeOptions {
  /**
   * Refuse (throw) on inline guards and inline actions in
   * transitions, instead of describing them as `inline`. `npm run diagrams` describes the project's machines
   * strictly.
   */
  strict?: boolean;
}

// ---------------------------------------------------------------------------------------------------

const AND_CHECK = (and([]) as unknown as { check: unknown }).check;
const OR_CHECK = (or([]) as unknown as { check: unknown }).check;
const NOT_CHECK = (not('x') as unknown as { check: unknown }).check;
const IN_CHECK = (stateIn('x') as unknown as { check: unknown }).check;

interface StateNodeLike {
  id: string;
  key: string;
  path: string[];
  type: StateType;
  parent?: StateNodeLike;
  states: Record<string, StateNodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  after: Array<TransitionLike & { delay: number | string }>;
  invoke: Array<{ id: string; src: string; systemId?: string }>;
  initial?: { target: StateNodeLike[] };
  entry: unknown[];
  exit: unknown[];
  meta?: unknown;
  tags: string[];
  description?: string;
  history: false | 'shallow' | 'deep';
  config: { target?: unknown; type?: string };
  machine: AnyStateMachine;
}

interface TransitionLike {
  eventType: string;
  guard?: unknown;
  actions: unknown[];
  target?: StateNodeLike[];
  reenter: boolean;
  description?: string;
  delay?: number | string;
}

class DescribeError extends Error {}

const isPlainJson = (value: unknown, depth = 0): value is Json => {
  if (depth > 20) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isPlainJson(v, depth + 1));
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return false;
    return Object.values(value as object).every((v) => v === undefined || isPlainJson(v, depth + 1));
  }
  return false;
};

/** A JSON copy with object keys in their original order and `undefined` members dropped. */
const toJson = (value: Json): Json => JSON.parse(JSON.stringify(value)) as Json;

/** Static params as JSON, or the dynamic flag; throws on params that are neither. */
function paramsOf(params: unknown, where: string): { params?: Json; dynamicParams?: true } {
  if (params === undefined) return {};
  if (typeof params === 'function') return { dynamicParams: true };
  if (isPlainJson(params)) return { params: toJson(params) };
  throw new DescribeError(`${where}: params are not JSON-serialisable`);
}

function describeGuard(guard: unknown, where: string, strict: boolean): GuardNode {
  if (typeof guard === 'string') return namedGuard(guard, undefined, where);
  if (typeof guard === 'function') {
    const combinator = guard as unknown as { check?: unknown; guards?: unknown[]; stateValue?: unknown };
    if (combinator.check === AND_CHECK || combinator.check === OR_CHECK) {
      return {
        kind: combinator.check === AND_CHECK ? 'and' : 'or',
        guards: (combinator.guards ?? []).map((g) => describeGuard(g, where, strict)),
      };
    }
    if (combinator.check === NOT_CHECK) return { kind: 'not', guard: describeGuard(combinator.guards?.[0], where, strict) };
    if (combinator.check === IN_CHECK) {
      if (!isPlainJson(combinator.stateValue)) throw new DescribeError(`${where}: stateIn() value is not JSON-serialisable`);
      return { kind: 'stateIn', state: toJson(combinator.stateValue) };
    }
    if (strict) {
      throw new DescribeError(
        `${where}: inline guard function. Name it in setup({ guards }) and give it its catalog texts (core/workflows/texts.ts) so diagrams can show it.`,
      );
    }
    return { kind: 'inline' };
  }
  if (guard && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    const named = guard as { type: string; params?: unknown };
    return namedGuard(named.type, named.params, where);
  }
  throw new DescribeError(`${where}: unsupported guard definition`);
}

function namedGuard(name: string, params: unknown, where: string): GuardNode {
  return { kind: 'named', name, ...paramsOf(params, `${where}: guard "${name}"`) };
}

function describeAction(action: unknown, where: string, strict: boolean): ActionDescription {
  if (typeof action === 'string') return { name: action };
  if (typeof action === 'function') {
    if (strict) throw new DescribeError(`${where}: inline action function. Name it in setup({ actions }).`);
    const type = (action as { type?: unknown }).type;
    return { name: typeof type === 'string' ? type : 'inline', inline: true };
  }
  if (action && typeof action === 'object' && typeof (action as { type?: unknown }).type === 'string') {
    const named = action as { type: string; params?: unknown };
    return { name: named.type, ...paramsOf(named.params, `${where}: action "${named.type}"`) };
  }
  throw new DescribeError(`${where}: unsupported action definition`);
}

/** The raise/cancel pairs xstate adds to entry/exit for `after` transitions; the `after` transitions carry them. */
function isImplicitDelayAction(action: unknown): boolean {
  if (typeof action !== 'function') return false;
  const a = action as { type?: unknown; id?: unknown; sendId?: unknown };
  if (a.type === 'xstate.raise') return typeof a.id === 'string' && a.id.startsWith('xstate.after.');
  if (a.type === 'xstate.cancel') return typeof a.sendId === 'string' && a.sendId.startsWith('xstate.after.');
  return false;
}

/** Classifies xstate's internal event descriptor. */
function eventOf(node: StateNodeLike, t: TransitionLike, invokeIds: Set<string>): Pick<TransitionDescription, 'kind' | 'event' | 'delay' | 'invoke'> {
  const type = t.eventType;
  if (type === '') return { kind: 'always', event: 'always' };
  if (t.delay !== undefined && type.startsWith('xstate.after.')) return { kind: 'after', event: `after:${t.delay}`, delay: t.delay };
  if (type === `xstate.done.state.${node.id}`) return { kind: 'done.state', event: 'done.state' };
  for (const [prefix, kind] of [
    ['xstate.done.actor.', 'done.invoke'],
    ['xstate.error.actor.', 'error.invoke'],
    ['xstate.snapshot.', 'snapshot.invoke'],
  ] as const) {
    if (type.startsWith(prefix) && invokeIds.has(type.slice(prefix.length))) {
      const invoke = type.slice(prefix.length);
      return { kind, event: `${kind}.${invoke}`, invoke };
    }
  }
  return { kind: 'event', event: type };
}

const transitionId = (source: string, event: string, n: number) => `${source}:${event}:${n}`;

function metaOf(node: StateNodeLike): Pick<StateDescription, 'status' | 'rules' | 'meta'> {
  const meta = node.meta;
  if (meta === undefined || meta === null) return { rules: [] };
  if (typeof meta !== 'object') throw new DescribeError(`state ${node.id}: meta is not an object`);
  const { status, rules, ...rest } = meta as Record<string, unknown>;
  const out: Pick<StateDescription, 'status' | 'rules' | 'meta'> = {} as Pick<StateDescription, 'rules'>;
  if (status !== undefined) {
    if (typeof status !== 'string') throw new DescribeError(`state ${node.id}: meta.status must be a string`);
    out.status = status;
  }
  if (rules !== undefined && (!Array.isArray(rules) || !rules.every((r) => typeof r === 'string'))) {
    throw new DescribeError(`state ${node.id}: meta.rules must be strings`);
  }
  out.rules = rules === undefined ? [] : [...(rules as string[])];
  const extra = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (Object.keys(extra).length) {
    if (!isPlainJson(extra)) throw new DescribeError(`state ${node.id}: meta is not JSON-serialisable`);
    out.meta = toJson(extra) as Record<string, Json>;
  }
  return out;
}

function resolveHistoryTarget(node: StateNodeLike): string[] | undefined {
  const target = node.config.target;
  if (target === undefined) return undefined;
  const list = Array.isArray(target) ? target : [target];
  return list.map((t) => {
    if (typeof t !== 'string') return (t as StateNodeLike).id;
    if (t.startsWith('#')) return (node.machine.getStateNodeById(t.slice(1)) as unknown as StateNodeLike).id;
    let at = node.parent!;
    for (const key of t.split('.')) {
      const next = at.states[key];
      if (!next) throw new DescribeError(`history state ${node.id}: target "${t}" not found`);
      at = next;
    }
    return at.id;
  });
}

/**
 * The lossless description of a registered machine. With `strict`, inline guards and actions and guards
 * are refused with an error naming the transition.
 */
export function describeMachine(registered: RegisteredMachine, options: DescribeOptions = {}): MachineDescription {
  const strict = options.strict ?? false;
  const { machine } = registered;
  const states: StateDescription[] = [];
  const transitions: TransitionDescription[] = [];
  const invokes: InvokeDescription[] = [];

  const visit = (node: StateNodeLike) => {
    const where = `machine "${registered.name}", state ${node.id}`;
    const children = Object.values(node.states);
    const history = node.type === 'history' ? (node.history || 'shallow') : undefined;
    const historyTarget = history ? resolveHistoryTarget(node) : undefined;
    const nodeInvokes = node.invoke.map((inv) => ({
      id: inv.id,
      src: inv.src,
      state: node.id,
      ...(inv.systemId !== undefined ? { systemId: inv.systemId } : {}),
    }));
    invokes.push(...nodeInvokes);
    const state: StateDescription = {
      id: node.id,
      key: node.key,
      path: [...node.path],
      parent: node.parent ? node.parent.id : null,
      type: node.type,
      initial: node.type === 'compound' && node.initial?.target[0] ? node.initial.target[0].id : null,
      final: node.type === 'final',
      children: children.map((c) => c.id),
      ...(history ? { history } : {}),
      ...(historyTarget ? { historyTarget } : {}),
      tags: [...node.tags],
      ...(node.path.length ? { labelId: stateTextId(machine.id, node.path) } : {}),
      ...metaOf(node),
      ...(node.description !== undefined ? { description: node.description } : {}),
      entry: node.entry.filter((a) => !isImplicitDelayAction(a)).map((a) => describeAction(a, `${where} entry`, strict)),
      exit: node.exit.filter((a) => !isImplicitDelayAction(a)).map((a) => describeAction(a, `${where} exit`, strict)),
      invokes: nodeInvokes.map((i) => i.id),
    };
    states.push(state);

    const invokeIds = new Set(node.invoke.map((i) => i.id));
    const counts = new Map<string, number>();
    // `node.transitions` holds, in the order xstate tries them: `on` events, `onDone` (done.state), the
    // invokes' onDone/onError/onSnapshot, then `node.after` (delayed transitions, each with its `delay`).
    // Eventless transitions are apart, in `node.always`.
    const all: TransitionLike[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    if (node.after.some((t) => !all.includes(t))) throw new DescribeError(`${where}: a delayed transition is missing from node.transitions`);
    for (const t of all) {
      const ev = eventOf(node, t, invokeIds);
      const n = counts.get(ev.event) ?? 0;
      counts.set(ev.event, n + 1);
      const id = transitionId(node.id, ev.event, n);
      const tWhere = `machine "${registered.name}", transition ${id}`;
      transitions.push({
        id,
        source: node.id,
        kind: ev.kind,
        event: ev.event,
        ...(ev.delay !== undefined ? { delay: ev.delay } : {}),
        ...(ev.invoke !== undefined ? { invoke: ev.invoke } : {}),
        targets: (t.target ?? []).map((s) => s.id),
        reenter: Boolean(t.reenter),
        ...(t.guard !== undefined && t.guard !== null ? { guard: describeGuard(t.guard, tWhere, strict) } : {}),
        actions: t.actions.map((a) => describeAction(a, tWhere, strict)),
        ...(t.description !== undefined ? { description: t.description } : {}),
      });
    }
    children.forEach(visit);
  };
  visit(machine.root as unknown as StateNodeLike);

  const ids = new Set<string>();
  for (const t of transitions) {
    if (ids.has(t.id)) throw new DescribeError(`machine "${registered.name}": duplicate transition id ${t.id}`);
    ids.add(t.id);
  }

  return assembleDescription({
    name: registered.name,
    id: machine.id,
    kind: registered.kind,
    root: machine.root.id,
    states,
    transitions,
    invokes,
    guardRules: registered.rules,
    implementedGuards: Object.keys(machine.implementations.guards ?? {}),
    implementedActions: Object.keys(machine.implementations.actions ?? {}),
  });
}

/** Walks every named guard of a guard tree. */
export function namedGuardsIn(guard: GuardNode | undefined): Array<Extract<GuardNode, { kind: 'named' }>> {
  if (!guard) return [];
  switch (guard.kind) {
    case 'named':
      return [guard];
    case 'and':
    case 'or':
      return guard.guards.flatMap(namedGuardsIn);
    case 'not':
      return namedGuardsIn(guard.guard);
    default:
      return [];
  }
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const sortedStrings = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Builds the derived lists (events, guards, actions, rules, Mermaid approximations) from the core. */
export function assembleDescription(core: DescriptionCore): MachineDescription {
  const { states, transitions, invokes } = core;

  const events = new Map<string, string[]>();
  for (const t of transitions) if (t.kind === 'event') events.set(t.event, [...(events.get(t.event) ?? []), t.id]);

  const guardNames = new Set<string>([...Object.keys(core.guardRules), ...core.implementedGuards]);
  const guardUse = new Map<string, string[]>();
  for (const t of transitions) {
    for (const g of namedGuardsIn(t.guard)) {
      guardNames.add(g.name);
      const list = guardUse.get(g.name) ?? [];
      if (!list.includes(t.id)) list.push(t.id);
      guardUse.set(g.name, list);
    }
  }
  const guards: GuardDescription[] = [...guardNames]
    .map((name) => {
      const rule = Object.hasOwn(core.guardRules, name) ? core.guardRules[name]!.rule : undefined;
      return {
        name,
        textId: guardTextId(core.id, name),
        ...(rule !== undefined ? { rule } : {}),
        implemented: core.implementedGuards.includes(name),
        transitions: guardUse.get(name) ?? [],
      };
    })
    .sort(byName);

  const actionNames = new Set<string>(core.implementedActions);
  const actionTransitions = new Map<string, string[]>();
  const actionStates = new Map<string, string[]>();
  const note = (map: Map<string, string[]>, name: string, id: string) => {
    const list = map.get(name) ?? [];
    if (!list.includes(id)) list.push(id);
    map.set(name, list);
  };
  for (const s of states) {
    for (const a of [...s.entry, ...s.exit]) {
      if (a.inline) continue;
      actionNames.add(a.name);
      note(actionStates, a.name, s.id);
    }
  }
  for (const t of transitions) {
    for (const a of t.actions) {
      if (a.inline) continue;
      actionNames.add(a.name);
      note(actionTransitions, a.name, t.id);
    }
  }
  const actions: ActionCatalogEntry[] = [...actionNames]
    .map((name) => ({
      name,
      implemented: core.implementedActions.includes(name),
      transitions: actionTransitions.get(name) ?? [],
      states: actionStates.get(name) ?? [],
    }))
    .sort(byName);

  const rules = new Map<string, string[]>();
  for (const s of states) for (const r of s.rules) rules.set(r, [...(rules.get(r) ?? []), s.id]);
  const ruleOrder = (a: string, b: string) => {
    const na = /^R(\d+)$/.exec(a);
    const nb = /^R(\d+)$/.exec(b);
    if (na && nb) return Number(na[1]) - Number(nb[1]);
    return a < b ? -1 : a > b ? 1 : 0;
  };

  const rootState = states.find((s) => s.id === core.root);
  const partial: Omit<MachineDescription, 'mermaidApproximations'> = {
    format: DESCRIPTION_FORMAT,
    name: core.name,
    id: core.id,
    kind: core.kind,
    root: core.root,
    initial: rootState?.initial ?? null,
    states,
    transitions,
    invokes,
    events: sortedStrings(events.keys()).map((event) => ({ event, transitions: events.get(event)! })),
    guards,
    actions,
    rules: [...rules.keys()].sort(ruleOrder).map((rule) => ({ rule, states: rules.get(rule)! })),
  };
  return { ...partial, mermaidApproximations: mermaidApproximations(partial) };
}

/** The JSON file content: two-space indentation and a final newline. */
export function descriptionJson(d: MachineDescription): string {
  return `${JSON.stringify(d, null, 2)}\n`;
}
