import type { AnyStateMachine, ContextFrom, EventFromLogic, SnapshotFrom, StateMachine } from 'xstate';
import { eventPermitted } from '@core/workflows/event-permissions.ts';
import { workflowOf } from '@core/workflows/index.ts';
import { allowedEvents, blockedEvents, snapshotAt, step, type BlockedEvent } from '@core/workflows/workflow.ts';
import { appendAudit } from '../../audit.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ListTotal } from '../../db/list-query.ts';
import { NotFoundError, RuleRefusedError, StaleVersionError } from '../../errors.ts';
import type { Actor } from './actor.ts';
import { auditWorkflowRead } from './audit.ts';
import { appendHistory, type WorkflowEntity } from './history.ts';

/** The names of the machine's `setup({ actions })`: the effects the server must know how to perform. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- only the action parameter matters here
export type ActionName<M> = M extends StateMachine<any, any, any, any, infer A, any, any, any, any, any, any, any, any, any, any> ? A['type'] : never;
export type EventOf<M extends AnyStateMachine> = EventFromLogic<M>;
export type FactsOf<M extends AnyStateMachine> = ContextFrom<M>['facts'];

/** What an effect is given: the locked row before the transition, the accepted event, and the column changes to add to. */
export interface EffectArgs<M extends AnyStateMachine, Row, Context, Changes> {
  tx: Queryable;
  row: Row;
  event: EventOf<M>;
  /** The state the transition goes to. */
  next: string;
  /** The action's static params in the machine (e.g. a reason code). */
  params: Record<string, unknown> | undefined;
  actor: Actor;
  today: string;
  /** What the facts were built from that effects also need (e.g. the liquidation). */
  context: Context;
  /** Column changes written with the new state, after every effect has run. */
  changes: Changes;
  /** Who caused an event sent by another workflow (e.g. the reimbursement that claims an instalment). */
  cause?: Record<string, unknown>;
}

/** One effect per action of the machine: a missing or misspelt one does not compile. */
export type Effects<M extends AnyStateMachine, Row, Context, Changes> = {
  readonly [A in ActionName<M>]: (args: EffectArgs<M, Row, Context, Changes>) => void | Promise<void>;
};

/** What a presenter returns: the record without the blocked events, which the service adds from the evaluation. */
export type Presented<T> = Omit<T, 'blockedEvents'>;

export interface WorkflowRecord {
  id: number;
  state: string;
  version: number;
}

/** What a row's statechart says now: the events it accepts from the actor, and what its facts were built from. */
export interface Evaluation<Context> {
  allowedEvents: string[];
  /** The events of the current state refused now, with the guards that refuse them (the screen says why). */
  blockedEvents: BlockedEvent[];
  context: Context;
}

export interface WorkflowDefinition<M extends AnyStateMachine, Row extends WorkflowRecord, Context, Changes extends object, Shape = unknown> {
  machine: M;
  entity: WorkflowEntity;
  /** The name in not-found and stale-version errors (`<name>.notFound`). */
  name: string;
  /** The record, locked for the event when `lock` (and with it whatever the workflow serialises on, in one order). */
  load(q: Queryable, id: number, lock: boolean): Promise<Row | undefined>;
  /** The machine's facts for each row, with a fixed number of queries however many rows. */
  facts(q: Queryable, rows: readonly Row[], actor: Actor, today: string, event?: EventOf<M>): Promise<Map<number, { facts: FactsOf<M>; context: Context }>>;
  effects: Effects<M, Row, Context, Changes>;
  /** Runs after the effects of every accepted event, for what depends on the transition rather than on an action. */
  afterEffects?(args: Omit<EffectArgs<M, Row, Context, Changes>, 'params'>): void | Promise<void>;
  /** Writes the new state, the effects' changes and the next version. */
  save(tx: Queryable, row: Row, changes: Changes & { state: string }): Promise<void>;
  /** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest); `actor` is who would send them. */
  probes(today: string, actor: Actor): readonly EventOf<M>[];
  /** An event the system sends at once after an accepted one (e.g. the automatic check after a submission). */
  followUp?(row: Row): EventOf<M> | null;
  /** The row as the API returns it; a list row may leave out what only the record's own page shows. */
  present?(row: Row, evaluation: Evaluation<Context>, view: { today: string; inList: boolean }): Shape;
}

export interface SendOptions {
  actor: Actor;
  today: string;
  /** The version the client saw; a different one is a stale write. */
  version?: number;
  cause?: Record<string, unknown>;
}

/**
 * The one sequence every workflow event follows: load and lock the record, check the version, build the
 * facts, check the event with the shared machine, perform the transition's named effects, save the new
 * state, then write the history and audit rows — all in the caller's transaction. A refused event is a
 * RuleRefusedError carrying the guard's rule code.
 */
export function defineWorkflowService<M extends AnyStateMachine, Row extends WorkflowRecord, Context, Changes extends object, Shape = unknown>(
  definition: WorkflowDefinition<M, Row, Context, Changes, Shape>,
) {
  const { machine } = definition;
  const { rules, permissions } = workflowOf(machine);
  const snapshot = (state: string, facts: FactsOf<M>) => snapshotAt(machine, state, facts) as SnapshotFrom<M>;

  async function find(q: Queryable, id: number, lock = false): Promise<Row> {
    const row = await definition.load(q, id, lock);
    if (!row) throw new NotFoundError(definition.name);
    return row;
  }

  async function apply(tx: Queryable, row: Row, event: EventOf<M>, options: SendOptions): Promise<void> {
    const { actor, today, cause } = options;
    const { facts, context } = (await definition.facts(tx, [row], actor, today, event)).get(row.id)!;
    const result = step(machine, snapshot(row.state, facts), event, rules);
    if (!result.ok) throw new RuleRefusedError(result.rule);
    const changes = {} as Changes;
    const args = { tx, row, event, next: result.value, actor, today, context, changes, cause };
    for (const effect of result.effects) {
      if (effect.type.startsWith('xstate.')) continue;
      const perform = definition.effects[effect.type as ActionName<M>];
      if (!perform) throw new Error(`The ${definition.entity} workflow has no effect named ${effect.type}`);
      await perform({ ...args, params: effect.params as Record<string, unknown> | undefined });
    }
    await definition.afterEffects?.(args);
    await definition.save(tx, row, { ...changes, state: result.value });
    const { type, ...payload } = event as EventOf<M> & Record<string, unknown>;
    await appendHistory(tx, { entity: definition.entity, id: row.id, event: type, from: row.state, to: result.value, actorId: actor.id, payload: { ...payload, ...cause }, on: today });
    await appendAudit(tx, {
      userId: actor.id,
      action: 'STATE_CHANGE',
      entityType: definition.entity,
      entityId: row.id,
      result: 'ALLOWED',
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { event: type, from: row.state, to: result.value },
    });
  }

  /**
   * For a whole page at once: the events each row's statechart accepts now from `actor`, and what its
   * facts were built from (presenters show some of it).
   */
  async function evaluate(q: Queryable, rows: readonly Row[], actor: Actor, today: string): Promise<Map<number, Evaluation<Context>>> {
    const facts = await definition.facts(q, rows, actor, today);
    // An event the actor may never send is neither offered nor explained: it is left out of both lists.
    const probes = definition.probes(today, actor).filter((event) => eventPermitted(permissions, event.type, actor.permissions));
    return new Map(
      rows.map((row) => {
        const { facts: rowFacts, context } = facts.get(row.id)!;
        const now = snapshot(row.state, rowFacts);
        return [row.id, { allowedEvents: allowedEvents(machine, now, probes), blockedEvents: blockedEvents(machine, now, probes), context }];
      }),
    );
  }

  /** The rows as the API returns them, evaluated together. */
  async function present(q: Queryable, rows: readonly Row[], actor: Actor, today: string, inList = false): Promise<Array<Shape & { blockedEvents: BlockedEvent[] }>> {
    const presenter = definition.present;
    if (!presenter) throw new Error(`The ${definition.entity} workflow is not presented on its own`);
    const evaluated = await evaluate(q, rows, actor, today);
    return rows.map((row) => {
      const evaluation = evaluated.get(row.id)!;
      return { ...presenter(row, evaluation, { today, inList }), blockedEvents: evaluation.blockedEvents };
    });
  }

  return {
    machine,
    find,

    /** Checks and applies one event (and the system's follow-up) inside the caller's transaction; answers the updated row. */
    async send(tx: Queryable, id: number, event: EventOf<M>, options: SendOptions): Promise<Row> {
      let row = await find(tx, id, true);
      if (options.version !== undefined && options.version !== row.version) throw new StaleVersionError(definition.name, row.version);
      let next: EventOf<M> | null = event;
      while (next) {
        await apply(tx, row, next, options);
        row = await find(tx, row.id);
        next = definition.followUp?.(row) ?? null;
      }
      return row;
    },

    evaluate,

    present,

    /** One record as the API returns it, its reading audited. */
    async get(db: Database, id: number, actor: Actor, today: string) {
      const row = await find(db, id);
      await auditWorkflowRead(db, definition.entity, actor, 'VIEW', row.id);
      return (await present(db, [row], actor, today))[0];
    },

    /** A page of records as the API returns them, its reading audited with the filter it used and the ids it returned. */
    async list(db: Database, page: ListTotal & { rows: Row[] }, actor: Actor, today: string, filter: Record<string, unknown>) {
      const items = await present(db, page.rows, actor, today, true);
      // Which records were shown, not only the query: a patient's data read in a list is traceable too.
      await auditWorkflowRead(db, definition.entity, actor, 'LIST', undefined, { ...filter, ids: page.rows.map((row) => row.id) });
      return { items, total: page.total, totalIsLowerBound: page.totalIsLowerBound };
    },
  };
}
