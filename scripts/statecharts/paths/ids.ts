/**
 * Stable names for what test paths cover: state nodes, transition definitions and guard outcomes.
 *
 * Transition definitions are objects that differ between a machine and any `machine.provide(...)` copy of it,
 * so coverage is kept by *key*: the transition's source and target paths plus its `describeTransition`
 * label (event, guards, actions). The same definition gets the same key on every copy of the machine.
 */
import type { AnyStateMachine, StateValue } from 'xstate';
import { actionNamesOf, namedGuardsOf, transitionsOf } from '@core/workflows/workflow.ts';

/** The subset of xstate's transition definition these tools read. */
export interface TransitionDefinitionLike {
  eventType: string;
  guard?: unknown;
  actions: readonly unknown[];
  source: { id: string; key: string; path: readonly string[]; machine: AnyStateMachine };
  target?: readonly { id: string; key: string; path: readonly string[] }[] | undefined;
}

interface StateNodeLike {
  id: string;
  key: string;
  path: readonly string[];
  type: string;
  states: Record<string, StateNodeLike>;
}

const relativePath = (node: { path: readonly string[] }, machine: AnyStateMachine) => (node.path.length ? node.path.join('.') : `(${machine.id})`);

/** The readable label of a transition: `source --EVENT [g1 & g2] / a1, a2--> target` with full state paths. */
export function transitionLabel(t: TransitionDefinitionLike): string {
  const machine = t.source.machine;
  let guards: string[];
  try {
    guards = namedGuardsOf(t.guard).map((g) => g.type);
  } catch {
    guards = t.guard ? ['(inline)'] : [];
  }
  let actions: string[];
  try {
    actions = actionNamesOf(t);
  } catch {
    actions = t.actions.map((a) => (typeof a === 'string' ? a : ((a as { type?: string } | null)?.type ?? '(inline)')));
  }
  const event = t.eventType === '' ? 'always' : t.eventType;
  const label = [event, guards.length ? `[${guards.join(' & ')}]` : '', actions.length ? `/ ${actions.join(', ')}` : ''].filter(Boolean).join(' ');
  const targets = t.target?.length ? t.target.map((n) => relativePath(n, machine)).join(', ') : '(self)';
  return `${relativePath(t.source, machine)} --${label}--> ${targets}`;
}

interface MachineIndex {
  transitions: TransitionDefinitionLike[];
  keyOf: Map<object, string>;
  keys: string[];
  states: string[];
}

const indexes = new WeakMap<AnyStateMachine, MachineIndex>();

/** Every transition key and state id of the machine, in document order (cached per machine object). */
export function indexOf(machine: AnyStateMachine): MachineIndex {
  let index = indexes.get(machine);
  if (index) return index;
  const transitions = transitionsOf(machine) as unknown as TransitionDefinitionLike[];
  const keyOf = new Map<object, string>();
  const seen = new Map<string, number>();
  const keys: string[] = [];
  for (const t of transitions) {
    const label = transitionLabel(t);
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    const key = count === 1 ? label : `${label} #${count}`;
    keyOf.set(t, key);
    keys.push(key);
  }
  const states: string[] = [];
  const visit = (node: StateNodeLike) => {
    for (const child of Object.values(node.states)) {
      states.push(child.path.join('.'));
      visit(child);
    }
  };
  visit(machine.root as unknown as StateNodeLike);
  index = { transitions, keyOf, keys, states };
  indexes.set(machine, index);
  return index;
}

/** The key of a transition definition taken by any copy of a machine (`null` for a definition of no machine). */
export function transitionKey(t: object): string | null {
  const machine = (t as Partial<TransitionDefinitionLike>).source?.machine;
  if (!machine) return null;
  return indexOf(machine).keyOf.get(t) ?? null;
}

/** Every transition key of the machine, in document order. */
export const transitionKeys = (machine: AnyStateMachine): string[] => indexOf(machine).keys;

/** Every state node of the machine (not the root), as its path joined by dots, in document order. */
export const stateIds = (machine: AnyStateMachine): string[] => indexOf(machine).states;

/** The named guards the machine implements, sorted. */
export const guardNames = (machine: AnyStateMachine): string[] => Object.keys(machine.implementations.guards).sort();

/** Both outcomes of every named guard: `name:true`, `name:false`. */
export const guardOutcomeIds = (machine: AnyStateMachine): string[] => guardNames(machine).flatMap((g) => [`${g}:true`, `${g}:false`]);

/** The active state nodes of a state value, as dotted paths (ancestors included), in document order. */
export function activeStateIds(value: StateValue): string[] {
  const ids: string[] = [];
  const visit = (v: StateValue, prefix: string) => {
    if (typeof v === 'string') {
      ids.push(prefix + v);
      return;
    }
    for (const [key, child] of Object.entries(v)) {
      ids.push(prefix + key);
      if (child !== undefined) visit(child as StateValue, `${prefix}${key}.`);
    }
  };
  visit(value, '');
  return ids;
}

/** A state value as text: `authenticated.sessionExpired.idle`; parallel regions joined by ` + `. */
export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, child]) => {
    if (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)) return key;
    const inner = stateLabel(child as StateValue);
    return typeof child === 'object' && Object.keys(child).length > 1 ? `${key}.(${inner})` : `${key}.${inner}`;
  });
  return parts.join(' + ');
}
