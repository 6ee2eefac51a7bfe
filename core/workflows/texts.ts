import type { AnyStateMachine } from 'xstate';
import { WORKFLOWS } from './index.ts';
import { ILLEGAL_EVENT, UNKNOWN_REFUSAL } from './workflow.ts';

/*
 * The statecharts' texts are entries of the five catalogs (src/i18n/messages/*.json) under ids derived from
 * the machine, so the machines hold none:
 *   machine.<machine id>.state.<state path>   a state's label; the path is the state's keys below the root,
 *                                             dot-joined: machine.app.state.anonymous.idle
 *   machine.<machine id>.guard.<guard name>   a named guard's one-line description; a workflow guard's text
 *                                             is also the API's 409 `detail` when it refuses (refusalTextId):
 *                                             machine.reimbursement.guard.approverIsNotCreator
 *   machine.<machine id>.event.<event>        an event's name for readers (the reader's view of the diagrams,
 *                                             paths.md); an invoked actor's outcome is `done.invoke.<id>` /
 *                                             `error.invoke.<id>`: machine.app.event.done.invoke.signIn
 *   machine.<machine id>.action.<action name> a `setup({ actions })` action's one-line description
 *   workflow.illegalEvent, workflow.refused   the refusals that no guard names (ILLEGAL_EVENT, UNKNOWN_REFUSAL)
 * The diagrams export, the Diagramas area and the server read these entries; tests/statecharts/catalog-texts.test.ts
 * fails when one is missing from a catalog, or when a catalog keeps one for a state or guard that is gone.
 */

export const stateTextId = (machineId: string, path: readonly string[]): string => `machine.${machineId}.state.${path.join('.')}`;

export const guardTextId = (machineId: string, guard: string): string => `machine.${machineId}.guard.${guard}`;

export const eventTextId = (machineId: string, event: string): string => `machine.${machineId}.event.${event}`;

export const actionTextId = (machineId: string, action: string): string => `machine.${machineId}.action.${action}`;

/**
 * The event a reader names, from xstate's transition key: `xstate.done.actor.signIn` → `done.invoke.signIn`
 * (as the exported descriptions write it); undefined for eventless, delayed and done-state transitions,
 * which the diagrams name with generic texts.
 */
export function namedEvent(eventType: string): string | undefined {
  if (eventType === '' || eventType.startsWith('xstate.after.') || eventType.startsWith('xstate.done.state.')) return undefined;
  if (eventType.startsWith('xstate.done.actor.')) return `done.invoke.${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error.invoke.${eventType.slice('xstate.error.actor.'.length)}`;
  return eventType;
}

/** The catalog id explaining a refusal rule code: `reimbursement.approverIsCreator` → its guard's entry. */
export function refusalTextId(rule: string): string {
  for (const { machine, rules } of WORKFLOWS) {
    for (const [guard, entry] of Object.entries(rules)) if (entry.rule === rule) return guardTextId(machine.id, guard);
  }
  return rule === ILLEGAL_EVENT ? ILLEGAL_EVENT : UNKNOWN_REFUSAL;
}

/**
 * Every text id a machine needs: each state below the root, each guard of `setup({ guards })`, each event
 * its transitions name, and each action of `setup({ actions })`.
 */
export function textIdsOf(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const events = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    if (node.path.length) ids.push(stateTextId(machine.id, node.path));
    for (const type of node.transitions.keys()) {
      const event = namedEvent(type);
      if (event !== undefined) events.add(event);
    }
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  for (const guard of Object.keys(machine.implementations.guards ?? {})) ids.push(guardTextId(machine.id, guard));
  for (const event of events) ids.push(eventTextId(machine.id, event));
  for (const action of Object.keys(machine.implementations.actions ?? {})) ids.push(actionTextId(machine.id, action));
  return ids;
}
