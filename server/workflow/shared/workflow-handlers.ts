import type { AnyStateMachine } from 'xstate';
import type { Database, Queryable } from '../../db/database.ts';
import type { Deps, RequestContext } from '../../http/types.ts';
import type { Actor } from './actor.ts';
import type { EventOf, SendOptions } from './define-workflow.ts';
import type { WorkflowEntity } from './history.ts';
import { auditPartRead, requestActor, versionedEvent } from './workflow-actor.ts';

type WorkflowActor = Actor & { id: number };

/** What a workflow record's service offers the routes; a service may ignore the trailing arguments it does not need. */
export interface RecordService<M extends AnyStateMachine, Row extends { id: number }, Body extends { version: number }, Filter, Input, Patch, Page, History> {
  list(db: Database, filter: Filter, actor: WorkflowActor, today: string): Promise<Page>;
  get(db: Database, id: number, actor: WorkflowActor, today: string): Promise<Body>;
  present(db: Database, row: Row, actor: WorkflowActor, today: string): Promise<Body>;
  create(tx: Queryable, input: Input, actor: WorkflowActor, today: string): Promise<Row>;
  update(tx: Queryable, id: number, patch: Patch, actor: WorkflowActor, today: string): Promise<Row>;
  send(tx: Queryable, id: number, event: EventOf<M>, options: SendOptions): Promise<Row>;
  history(db: Queryable, id: number): Promise<History>;
}

interface Options<M extends AnyStateMachine> {
  machine: M;
  entity: WorkflowEntity;
  /** The collection's path, for the Location of a created record. */
  path: string;
  /** Checks an event needs beyond its statechart (its own permission, a catalog reason) before the transaction. */
  beforeEvent?(event: EventOf<M>, request: RequestContext): Promise<void>;
}

type WithId = { params: { id: number } };
type Paged = { query: { page: number; pageSize: number } };

/**
 * The six operations every workflow record has (list, create, read, edit, event, history), answered
 * alike: each write in one transaction, the record presented with its allowed events and its version
 * as ETag, the history read audited like the record.
 */
export function workflowHandlers<M extends AnyStateMachine, Row extends { id: number }, Body extends { version: number }, Filter, Input, Patch, Page, History>(
  { db, today }: Pick<Deps, 'db' | 'today'>,
  service: RecordService<M, Row, Body, Filter, Input, Patch, Page, History>,
  options: Options<M>,
) {
  const etag = (body: Body) => ({ ETag: `"${body.version}"` });
  const presented = async (row: Row, user: WorkflowActor) => {
    const body = await service.present(db, row, user, today());
    return { status: 200 as const, body, headers: etag(body) };
  };

  return {
    async list(request: RequestContext & Paged & { query: Filter }) {
      const page = await service.list(db, request.query, requestActor(request), today());
      return { status: 200 as const, body: { ...page, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async create(request: RequestContext & { body: Input }) {
      const user = requestActor(request);
      const created = await db.transaction((tx) => service.create(tx, request.body, user, today()));
      const { body, headers } = await presented(created, user);
      return { status: 201 as const, body, headers: { ...headers, Location: `${options.path}/${created.id}` } };
    },

    async get(request: RequestContext & WithId) {
      const body = await service.get(db, request.params.id, requestActor(request), today());
      return { status: 200 as const, body, headers: etag(body) };
    },

    async update(request: RequestContext & WithId & { body: Patch }) {
      const user = requestActor(request);
      return presented(await db.transaction((tx) => service.update(tx, request.params.id, request.body, user, today())), user);
    },

    async send(request: RequestContext & WithId & { body: { type: string; version?: number } }) {
      const user = requestActor(request);
      const { event, version } = versionedEvent<M>(request);
      await options.beforeEvent?.(event, request);
      return presented(await db.transaction((tx) => service.send(tx, request.params.id, event, { actor: user, today: today(), version })), user);
    },

    async history(request: RequestContext & WithId) {
      const items = await service.history(db, request.params.id);
      await auditPartRead(db, options.entity, request, request.params.id, 'history');
      return { status: 200 as const, body: { items } };
    },

    /** For a route that answers a written row its own way (an idempotent create). */
    presented,
  };
}
