/**
 * The shape of the generated statechart data (docs/diagrams/<machine>.json, written by `npm run diagrams`)
 * and the element ids of the generated SVGs: what the app's Diagramas area reads, and what the Node tooling
 * in scripts/statecharts writes. Types and two id helpers only, so the app bundle never pulls the tooling in.
 */
import type { RegisteredMachine } from '../machines/registry.ts';

/** Version of the description format; bump it when the shape changes. */
export const DESCRIPTION_FORMAT = 'dental-statechart/1';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type StateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** An action as the machine names it: named (from `setup({ actions })`), or an inline / built-in function. */
export interface ActionDescription {
  /** The action's name; for inline functions, the built-in type (`xstate.assign`, `xstate.raise`…) or `inline`. */
  name: string;
  /** Static params, as written in the machine. */
  params?: Json;
  /** The params are a function of context and event, computed when the action runs. */
  dynamicParams?: true;
  /** An inline function rather than a named action. */
  inline?: true;
}

/** A guard as a tree: named guards (their texts and rule codes are in `MachineDescription.guards`), `and`/`or`/`not`, `stateIn`, inline. */
export type GuardNode =
  | {
      kind: 'named';
      name: string;
      params?: Json;
      dynamicParams?: true;
    }
  | { kind: 'and' | 'or'; guards: GuardNode[] }
  | { kind: 'not'; guard: GuardNode }
  | { kind: 'stateIn'; state: Json }
  | { kind: 'inline' };

export type TransitionKind = 'event' | 'always' | 'after' | 'done.invoke' | 'error.invoke' | 'snapshot.invoke' | 'done.state';

export interface TransitionDescription {
  /** `<source>:<event>:<n>`, n counting the candidates for that event on that source in the order xstate tries them. */
  id: string;
  source: string;
  kind: TransitionKind;
  /**
   * The event type for `event` transitions; otherwise `always`, `after:<delay>`, `done.invoke.<invokeId>`,
   * `error.invoke.<invokeId>`, `snapshot.invoke.<invokeId>` or `done.state` (the source's own completion).
   */
  event: string;
  /** For `after`: the delay in ms, or the name of a delay from `setup({ delays })`. */
  delay?: number | string;
  /** For `done.invoke` / `error.invoke` / `snapshot.invoke`: the invoke id. */
  invoke?: string;
  /** Target state ids; empty for a transition without target (actions only, the state is kept). */
  targets: string[];
  reenter: boolean;
  guard?: GuardNode;
  actions: ActionDescription[];
  description?: string;
}

export interface InvokeDescription {
  id: string;
  /** The actor's name in `setup({ actors })`, or xstate's `xstate.invoke.<n>.<stateId>` for inline logic. */
  src: string;
  /** The state that invokes it. */
  state: string;
  systemId?: string;
}

export interface StateDescription {
  id: string;
  key: string;
  path: string[];
  parent: string | null;
  type: StateType;
  /** Initial child id (compound states). */
  initial: string | null;
  final: boolean;
  children: string[];
  /** History states: shallow or deep, and the default target ids when the config gives one. */
  history?: 'shallow' | 'deep';
  historyTarget?: string[];
  tags: string[];
  /** The catalog id of the state's label (core/workflows/texts.ts); every state but the root has one. */
  labelId?: string;
  /** `meta.status`, `meta.rules` (research rule ids). */
  status?: string;
  rules: string[];
  /** Any other JSON-serialisable meta keys. */
  meta?: Record<string, Json>;
  description?: string;
  entry: ActionDescription[];
  exit: ActionDescription[];
  /** Ids of the invokes of this state (see `MachineDescription.invokes`). */
  invokes: string[];
}

export interface GuardDescription {
  name: string;
  /** The catalog id of the guard's one-line description (core/workflows/texts.ts). */
  textId: string;
  /** The rule code the API answers when the guard refuses (workflow machines). */
  rule?: string;
  /** Implemented in `setup({ guards })`. */
  implemented: boolean;
  /** Ids of the transitions whose guard uses it. */
  transitions: string[];
}

export interface ActionCatalogEntry {
  name: string;
  implemented: boolean;
  transitions: string[];
  /** Ids of the states that run it on entry or exit. */
  states: string[];
}

export interface EventDescription {
  event: string;
  transitions: string[];
}

export interface RuleTrace {
  rule: string;
  states: string[];
}

export type ApproximationKind =
  | 'targetless'
  | 'eventless'
  | 'cross-hierarchy'
  | 'cross-region'
  | 'into-ancestor'
  | 'into-descendant'
  | 'multi-target'
  | 'history';

/** Something Mermaid `stateDiagram-v2` cannot draw faithfully, and how the `.mmd` draws it instead. */
export interface MermaidApproximation {
  kinds: ApproximationKind[];
  /** The transition concerned (absent for a state-only approximation such as a history state). */
  transition?: string;
  /** For transitions: the true target (absent when targetless); for state approximations: the state. */
  target?: string;
  state?: string;
  /** What the diagram draws instead (state ids; equal for a self-loop). */
  drawnFrom?: string;
  drawnTo?: string;
  note: string;
}

export interface MachineDescription {
  format: typeof DESCRIPTION_FORMAT;
  /** Registry name (file stem of the exports). */
  name: string;
  /** The machine id. */
  id: string;
  kind: RegisteredMachine['kind'];
  /** Root state id (the machine id) and its initial child. */
  root: string;
  initial: string | null;
  /** Every state node, root first, in document order (depth first). */
  states: StateDescription[];
  /** Every transition, grouped by source in state order, in the order xstate tries them. */
  transitions: TransitionDescription[];
  invokes: InvokeDescription[];
  /** The events sent from outside (kind `event`), sorted. */
  events: EventDescription[];
  /** Named guards (used, implemented or given a rule code), sorted, with their text ids and rule codes. */
  guards: GuardDescription[];
  /** Named actions (used or implemented), sorted. */
  actions: ActionCatalogEntry[];
  /** Research rule ids and the states that enforce them, sorted. */
  rules: RuleTrace[];
  mermaidApproximations: MermaidApproximation[];
}

/** The id of a state's group in the generated SVG. */
export const stateSvgId = (stateId: string) => `state-${stateId}`;
/** The id of a transition's edge (one per target) in the generated SVG. */
export const transitionSvgId = (transitionId: string, targetIndex = 0) => `transition-${transitionId}${targetIndex ? `-${targetIndex + 1}` : ''}`;
