/**
 * Shared pieces of the workflow machines (verification, reimbursement, orthodontic plan and instalment).
 *
 * The machines are pure: their context is `{ facts }`, built by the server from the database (with "today"
 * among the facts), and their actions are named no-ops standing for effects the server performs after a
 * successful transition. This module holds what every workflow shares: the refusal explanation the API
 * returns in a 409 (from the guard rules it is given: `WORKFLOWS` in ./index.ts lists each machine's), the
 * events a snapshot accepts, and small date/text helpers.
 * The machines carry no text: labels and guard descriptions are catalog entries (see ./texts.ts).
 */
import { and, getNextTransitions, transition, type AnyMachineSnapshot, type AnyStateMachine, type ContextFrom, type EventFromLogic, type EventObject, type SnapshotFrom } from 'xstate';

/** Returned by {@link explainRefusal} when the active state has no transition at all for the event (also its catalog id). */
export const ILLEGAL_EVENT = 'workflow.illegalEvent';

/** Returned by {@link explainRefusal} when a refusing guard has no rule entry, a bug the tests prevent (also its catalog id). */
export const UNKNOWN_REFUSAL = 'workflow.refused';

/** Tag of the states in which a record takes new documents (attachments inherit their owner's editable states). */
export const ACCEPTS_DOCUMENTS = 'acceptsDocuments';

/** Tag of the states in which a claim's liquidation can still change, so the engine's preview is worth showing. */
export const LIQUIDATION_OPEN = 'liquidationOpen';

/** Whether a top-level state of the machine carries the tag: what screens and the server ask instead of listing states. */
export const stateHasTag = (machine: AnyStateMachine, state: string, tag: string) => machine.root.states[state]?.tags.includes(tag) ?? false;

/** What the API answers when a guard refuses: a stable rule code (its text is the guard's catalog entry). */
export interface GuardRule {
  rule: string;
}

export type GuardRules<TGuard extends string = string> = Readonly<Record<TGuard, GuardRule>>;

/** Every state node of a workflow machine carries its research status and the rules it enforces (its label is a catalog entry). */
export interface WorkflowStateMeta {
  /** The research (and database) status name, e.g. `EN_PROCESO`. */
  status: string;
  /** Research rule ids (R1…R22) enforced while in this state. */
  rules: readonly string[];
}

/** The common input of every workflow machine. */
export interface WorkflowInput<TFacts> {
  facts: TFacts;
}

export interface WorkflowContext<TFacts> {
  facts: TFacts;
}

// ---------------------------------------------------------------------------------------------------
// Text and date helpers used by the guards ("today" and every date are ISO `YYYY-MM-DD` strings).

/** True when the value is missing, not a string, or only whitespace. */
export const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written `YYYY-MM-DD` (rejects 2025-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

const day = (value: string) => value.slice(0, 10);

/** `a` is strictly after `b` (day precision; timestamps are cut to their date). */
export const isAfter = (a: string, b: string): boolean => day(a) > day(b);

/** `a` is on or before `b` (day precision). */
export const isOnOrBefore = (a: string, b: string): boolean => day(a) <= day(b);

// ---------------------------------------------------------------------------------------------------
// Introspection of transition definitions.

type GuardDefinition = unknown;
interface TransitionLike {
  eventType: string;
  guard?: GuardDefinition;
  actions: readonly unknown[];
  source: { id: string; key: string };
  target?: readonly { id: string; key: string }[] | undefined;
}

const AND_CHECK = (and([]) as unknown as { check: unknown }).check;

/**
 * The named guards a transition's guard is made of, in evaluation order, with their params.
 * Only named guards and `and([...])` of named guards are allowed in workflow machines: anything else throws.
 */
export function namedGuardsOf(guard: GuardDefinition): Array<{ type: string; params: unknown }> {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === 'string') return [{ type: guard, params: undefined }];
  if (typeof guard === 'function') {
    const combinator = guard as unknown as { check?: unknown; guards?: GuardDefinition[] };
    if (combinator.check === AND_CHECK && Array.isArray(combinator.guards)) return combinator.guards.flatMap(namedGuardsOf);
    throw new Error('Workflow machines combine named guards with and([...]) only; found an inline or other guard');
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    const named = guard as { type: string; params?: unknown };
    return [{ type: named.type, params: named.params }];
  }
  throw new Error('Unsupported guard definition');
}

/** The action names a transition performs, in order. */
export function actionNamesOf(t: { actions: readonly unknown[] }): string[] {
  return t.actions.map((action) => {
    if (typeof action === 'string') return action;
    if (action && typeof action === 'object' && typeof (action as { type?: unknown }).type === 'string') return (action as { type: string }).type;
    throw new Error('Workflow machines use named actions only');
  });
}

/** Every transition definition of the machine (all state nodes, `always` included), in document order. */
export function transitionsOf(machine: AnyStateMachine): TransitionLike[] {
  const found: TransitionLike[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const list of node.transitions.values()) found.push(...(list as unknown as TransitionLike[]));
    found.push(...((node.always ?? []) as unknown as TransitionLike[]));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return found;
}

/** `source --EVENT [guard1 & guard2] / action1, action2--> target`, for messages and docs. */
export function describeTransition(t: TransitionLike): string {
  const guards = namedGuardsOf(t.guard).map((g) => g.type);
  const actions = actionNamesOf(t);
  const label = [t.eventType, guards.length ? `[${guards.join(' & ')}]` : '', actions.length ? `/ ${actions.join(', ')}` : ''].filter(Boolean).join(' ');
  return `${t.source.key} --${label}--> ${t.target?.map((n) => n.key).join(',') ?? '(self)'}`;
}

/**
 * The conventions every workflow machine follows, checked: each guard and action named and implemented,
 * each guard used and given a unique rule code, each action used, and each state carrying its status and
 * rule ids, with the state keys in the order `states` lists. (Texts are checked against the catalogs.)
 * Returns the problems found (empty when the machine conforms).
 */
export function lintWorkflow(machine: AnyStateMachine, rules: GuardRules, states: readonly string[]): string[] {
  const problems: string[] = [];
  const guards = Object.keys(machine.implementations.guards);
  const actions = Object.keys(machine.implementations.actions);
  const usedGuards = new Set<string>();
  const usedActions = new Set<string>();
  for (const t of transitionsOf(machine)) {
    let named: Array<{ type: string }> = [];
    try {
      named = namedGuardsOf(t.guard);
    } catch (error) {
      problems.push(`${describeTransition({ ...t, guard: undefined })}: ${(error as Error).message}`);
    }
    for (const g of named) {
      usedGuards.add(g.type);
      if (!guards.includes(g.type)) problems.push(`guard ${g.type} is used but not implemented`);
    }
    for (const a of actionNamesOf(t)) {
      usedActions.add(a);
      if (!actions.includes(a)) problems.push(`action ${a} is used but not implemented`);
    }
  }
  const codes = new Map<string, string>();
  for (const guard of guards) {
    if (!usedGuards.has(guard)) problems.push(`guard ${guard} is never used`);
    const rule = (rules as Record<string, GuardRule | undefined>)[guard];
    if (!rule) {
      problems.push(`guard ${guard} has no rule`);
      continue;
    }
    if (!new RegExp(`^${machine.id}\\.[a-z][A-Za-z]+$`).test(rule.rule)) problems.push(`guard ${guard}: rule code "${rule.rule}" is not ${machine.id}.camelCase`);
    if (codes.has(rule.rule)) problems.push(`guard ${guard}: rule code ${rule.rule} is also ${codes.get(rule.rule)}'s`);
    codes.set(rule.rule, guard);
  }
  for (const name of Object.keys(rules)) if (!guards.includes(name)) problems.push(`rule for unknown guard ${name}`);
  for (const action of actions) if (!usedActions.has(action)) problems.push(`action ${action} is never used`);
  const keys = Object.keys(machine.root.states);
  if (keys.join() !== states.join()) problems.push(`states are [${keys.join()}], listed as [${states.join()}]`);
  for (const key of keys) {
    const meta = machine.root.states[key]!.meta as Partial<WorkflowStateMeta> | undefined;
    if (!meta || typeof meta.status !== 'string' || !/^[A-Z_]+$/.test(meta.status)) problems.push(`state ${key}: meta.status missing`);
    if (!Array.isArray(meta?.rules) || !meta.rules.every((r) => /^R([1-9]|1\d|2[0-2])$/.test(r))) problems.push(`state ${key}: meta.rules must list R1…R22 ids`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// What the server and the UI ask of a snapshot.

/**
 * Why the snapshot refuses the event: the rule code (in `rules`) of the first named guard that refused, looking
 * at the candidate transitions for the event from the active state nodes in the order xstate tries them.
 * `null` when the event is accepted; {@link ILLEGAL_EVENT} when no transition exists for it in this state.
 */
export function explainRefusal<TMachine extends AnyStateMachine>(
  machine: TMachine,
  current: SnapshotFrom<TMachine>,
  event: EventFromLogic<TMachine>,
  rules: GuardRules,
): string | null {
  const snapshot = current as AnyMachineSnapshot;
  const candidates = (getNextTransitions(snapshot) as unknown as TransitionLike[]).filter((t) => t.eventType === event.type);
  if (candidates.length === 0) return ILLEGAL_EVENT;
  if (snapshot.can(event)) return null;
  const implementations = machine.implementations.guards as Record<string, (args: { context: unknown; event: EventObject }, params: unknown) => boolean>;
  for (const candidate of candidates) {
    for (const guard of namedGuardsOf(candidate.guard)) {
      const check = implementations[guard.type];
      if (!check) throw new Error(`Guard "${guard.type}" is not implemented by machine "${machine.id}"`);
      if (!check({ context: snapshot.context, event }, guard.params)) return rules[guard.type]?.rule ?? UNKNOWN_REFUSAL;
    }
  }
  return UNKNOWN_REFUSAL;
}

/** The event types, among `eventsToTry`, that the snapshot accepts (`snapshot.can`), without duplicates, in order. */
export function allowedEvents<TMachine extends AnyStateMachine>(
  _machine: TMachine,
  snapshot: SnapshotFrom<TMachine>,
  eventsToTry: readonly EventFromLogic<TMachine>[],
): Array<EventFromLogic<TMachine>['type']> {
  const allowed: Array<EventFromLogic<TMachine>['type']> = [];
  for (const event of eventsToTry) if (!allowed.includes(event.type) && (snapshot as AnyMachineSnapshot).can(event)) allowed.push(event.type);
  return allowed;
}

/** An event the current state has a transition for, refused now, with the named guards that refuse it. */
export interface BlockedEvent {
  type: string;
  /** Guard names (their texts are `machine.<id>.guard.<name>`), in the order the transitions try them. */
  guards: string[];
}

/**
 * Whether the reader may hand a record to someone else. ASSIGN is probed as taking the record for oneself, which
 * the `assigneeChanges` guard refuses once it is one's own; naming another person is then still a change.
 */
export function mayReassign(record: { allowedEvents: readonly string[]; blockedEvents: readonly BlockedEvent[] }): boolean {
  if (record.allowedEvents.includes('ASSIGN')) return true;
  const assign = record.blockedEvents.find((blocked) => blocked.type === 'ASSIGN');
  return assign !== undefined && assign.guards.every((guard) => guard === 'assigneeChanges');
}

/**
 * The event types among `eventsToTry` that the active state has a transition for but refuses now, each with
 * every named guard that fails (not only the first), so a screen can say all that stands in the way. When an
 * event has several branches (APPROVE: in full or in part), the reasons are the guards that fail on every
 * branch, else those of the branch nearest to passing: a branch's own condition ("no line is rejected") is
 * not a reason the event is refused when another branch would take it.
 */
export function blockedEvents<TMachine extends AnyStateMachine>(
  machine: TMachine,
  snapshot: SnapshotFrom<TMachine>,
  eventsToTry: readonly EventFromLogic<TMachine>[],
): BlockedEvent[] {
  const current = snapshot as AnyMachineSnapshot;
  const transitions = getNextTransitions(current) as unknown as TransitionLike[];
  const implementations = machine.implementations.guards as Record<string, (args: { context: unknown; event: EventObject }, params: unknown) => boolean>;
  const blocked: BlockedEvent[] = [];
  for (const event of eventsToTry) {
    if (blocked.some((b) => b.type === event.type) || current.can(event)) continue;
    const candidates = transitions.filter((t) => t.eventType === event.type);
    if (candidates.length === 0) continue;
    const failing = candidates.map((candidate) => [
      ...new Set(namedGuardsOf(candidate.guard).filter((guard) => !implementations[guard.type]!({ context: current.context, event }, guard.params)).map((guard) => guard.type)),
    ]);
    const onEveryBranch = failing[0]!.filter((guard) => failing.every((branch) => branch.includes(guard)));
    const nearest = failing.reduce((fewest, branch) => (branch.length < fewest.length ? branch : fewest));
    blocked.push({ type: event.type, guards: onEveryBranch.length ? onEveryBranch : nearest });
  }
  return blocked;
}

/** A snapshot of the machine in a persisted state, with the facts the server just built. */
export function snapshotAt<TMachine extends AnyStateMachine>(machine: TMachine, value: string, facts: ContextFrom<TMachine>['facts']): ReturnType<TMachine['resolveState']> {
  return machine.resolveState({ value, context: { facts } }) as ReturnType<TMachine['resolveState']>;
}

export type WorkflowStep =
  | { ok: true; value: string; effects: Array<{ type: string; params: unknown }> }
  | { ok: false; rule: string };

/**
 * Checks an event against a snapshot, purely: either the new state value and the named effects the server
 * must perform (the taken transition's actions, with their static params), or the refusing rule code.
 */
export function step<TMachine extends AnyStateMachine>(machine: TMachine, snapshot: SnapshotFrom<TMachine>, event: EventFromLogic<TMachine>, rules: GuardRules): WorkflowStep {
  const refusal = explainRefusal(machine, snapshot, event, rules);
  if (refusal) return { ok: false, rule: refusal };
  const [next, actions] = transition(machine, snapshot, event);
  return {
    ok: true,
    value: String((next as AnyMachineSnapshot).value),
    effects: (actions as Array<{ type: string; params?: unknown }>).map((a) => ({ type: a.type, params: a.params })),
  };
}
