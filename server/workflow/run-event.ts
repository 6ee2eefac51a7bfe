import type { AnyStateMachine, EventObject } from 'xstate';
import { snapshotAt, step } from '../../src/machines/workflow.ts';
import { appendAudit } from '../audit.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem } from '../http/problem.ts';
import { ruleDetail } from '../http/rule-detail.ts';
import { appendHistory, type WorkflowEntity } from './history.ts';

/** A named action of the taken transition, with its static params: what the server must do. */
export interface Effect {
  type: string;
  params?: Record<string, unknown>;
}

interface Refused {
  rule: string;
}

/** The English text of a refusing rule, for the problem's `detail`. */
function describeRule(machine: AnyStateMachine, rule: string): string {
  return ruleDetail(rule);
}

export function refusal(machine: AnyStateMachine, refused: Refused): HttpProblem {
  return new HttpProblem(409, refused.rule, describeRule(machine, refused.rule), [{ path: 'body/type', keyword: 'workflow', params: { rule: refused.rule } }]);
}

/**
 * Checks `event` with the shared machine in the record's current state and facts; when accepted,
 * lets `apply` perform the transition's named effects and persist the new state (same transaction),
 * then writes the history and audit rows. A refused event is a 409 carrying the guard's rule code.
 */
export async function runEvent<F>(options: {
  tx: Queryable;
  machine: AnyStateMachine;
  entity: WorkflowEntity;
  id: number;
  state: string;
  facts: F;
  event: EventObject;
  actor: { id: number | null; ip?: string; userAgent?: string };
  apply: (next: string, effects: Effect[]) => Promise<void>;
}): Promise<string> {
  const { tx, machine, entity, id, state, facts, event, actor } = options;
  const result = step(machine, snapshotAt(machine, state, facts), event);
  if (!result.ok) throw refusal(machine, result);
  const effects = result.effects.filter((e) => !e.type.startsWith('xstate.')) as Effect[];
  await options.apply(result.value, effects);
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  delete payload.version;
  await appendHistory(tx, { entity, id, event: type, from: state, to: result.value, actorId: actor.id, payload });
  await appendAudit(tx, {
    userId: actor.id,
    action: 'STATE_CHANGE',
    entityType: entity,
    entityId: id,
    result: 'ALLOWED',
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: { event: type, from: state, to: result.value },
  });
  return result.value;
}
