/**
 * The texts every export writes for guards, actions, events and transitions, and the guard expression syntax
 * (SCXML's `cond`) with its reader. Shared by the writers; imports nothing of them.
 */
import type { ActionDescription, GuardNode, Json, TransitionDescription } from '../../src/statecharts/format.ts';

/** `name`, `name({"k":"v"})` or `name($dynamic)` (`name(…)` for display). */
function namedText(name: string, params: Json | undefined, dynamic: boolean | undefined, display = false): string {
  if (dynamic) return display ? `${name}(…)` : `${name}($dynamic)`;
  if (params !== undefined) return `${name}(${JSON.stringify(params)})`;
  return name;
}

/**
 * A guard as an expression of guard names, e.g. `and(channelGiven, coverageActiveOnServiceDate)`;
 * `not(g)`, `or(a, b)`, `In("#id")`, `$inline`. This is the SCXML `cond` syntax; `parseGuardExpression` reads it.
 */
export function guardExpression(guard: GuardNode, display = false): string {
  switch (guard.kind) {
    case 'named':
      return namedText(guard.name, guard.params, guard.dynamicParams, display);
    case 'and':
    case 'or':
      return `${guard.kind}(${guard.guards.map((g) => guardExpression(g, display)).join(', ')})`;
    case 'not':
      return `not(${guardExpression(guard.guard, display)})`;
    case 'stateIn':
      return `In(${JSON.stringify(guard.state)})`;
    case 'inline':
      return '$inline';
  }
}

/**
 * `name`, `name({"k":"v"})`, `name($dynamic)`; with `display`, dynamic params show as `name(…)`
 * (diagrams and docs; the SCXML keeps `$dynamic`).
 */
export function actionText(action: ActionDescription, display = false): string {
  return namedText(action.name, action.params, action.dynamicParams, display);
}

/** `EVENT`, `always`, `after 1000ms`, `done.invoke.x`… as shown on diagrams. */
export function eventLabel(t: Pick<TransitionDescription, 'kind' | 'event' | 'delay'>): string {
  if (t.kind === 'after') return typeof t.delay === 'number' ? `after ${t.delay}ms` : `after ${String(t.delay)}`;
  return t.event;
}

/** `EVENT [guard] / action1, action2`, for display (dynamic params as `(…)`). */
export function transitionLabel(t: TransitionDescription): string {
  const parts = [eventLabel(t)];
  if (t.guard) parts.push(`[${guardExpression(t.guard, true)}]`);
  if (t.actions.length) parts.push(`/ ${t.actions.map((a) => actionText(a, true)).join(', ')}`);
  return parts.join(' ');
}

/** Parses `guardExpression` output back into a tree. */
export function parseGuardExpression(text: string): GuardNode {
  let i = 0;
  const fail = (msg: string): never => {
    throw new Error(`Guard expression "${text}": ${msg} at ${i}`);
  };
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const expect = (c: string) => {
    ws();
    if (text[i] !== c) fail(`expected "${c}"`);
    i++;
  };
  /** Raw JSON (or `$dynamic`) up to the closing parenthesis, respecting strings and nesting. */
  const rawArgument = (): string => {
    ws();
    const start = i;
    let depth = 0;
    let inString = false;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
      else if (c === ')' && depth === 0) break;
    }
    if (i >= text.length) fail('unterminated argument');
    return text.slice(start, i).trim();
  };
  const expr = (): GuardNode => {
    ws();
    if (text.startsWith('$inline', i)) {
      i += '$inline'.length;
      return { kind: 'inline' };
    }
    const m = /^[A-Za-z_$][\w$.-]*/.exec(text.slice(i));
    if (!m) fail('expected a guard name');
    const name = m![0];
    i += name.length;
    ws();
    if ((name === 'and' || name === 'or') && text[i] === '(') {
      i++;
      const guards: GuardNode[] = [];
      ws();
      if (text[i] === ')') {
        i++;
        return { kind: name, guards };
      }
      for (;;) {
        guards.push(expr());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        expect(')');
        return { kind: name, guards };
      }
    }
    if (name === 'not' && text[i] === '(') {
      i++;
      const guard = expr();
      expect(')');
      return { kind: 'not', guard };
    }
    if (name === 'In' && text[i] === '(') {
      i++;
      const raw = rawArgument();
      expect(')');
      return { kind: 'stateIn', state: JSON.parse(raw) as Json };
    }
    let params: { params?: Json; dynamicParams?: true } = {};
    if (text[i] === '(') {
      i++;
      const raw = rawArgument();
      expect(')');
      params = raw === '$dynamic' ? { dynamicParams: true } : { params: JSON.parse(raw) as Json };
    }
    return { kind: 'named', name, ...params };
  };
  const result = expr();
  ws();
  if (i !== text.length) fail('unexpected text');
  return result;
}
