import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { appendAudit, recordAudit, type AuditAction, type AuditEntry } from '../audit.ts';
import type { DB, Queryable } from '../db/database.ts';
import { NotFoundError, StaleVersionError } from '../errors.ts';
import { actor, type Deps, type HandlersOf, type OperationId, type UntypedRequest } from './types.ts';
import { listOf, matchesText } from '../db/list-query.ts';

interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
}

export type Row = Record<string, unknown> & { id: number; version: number };
type Table = keyof DB & string;
// The declaration names its table at run time; inside this module rows are plain records.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One resource of the API, declared once: where it lives, which of its fields a client writes,
 * how it is sorted, searched and filtered. `resourceHandlers` turns it into list (with `total`),
 * get, create, update with `version` (stale → 409, ETag), delete, each with its audit row.
 * Permissions are not declared here: each operation's `x-permission` in the contract is the one source.
 */
export interface Resource<Api extends object = Record<string, unknown>> {
  /** Audit entity type and prefix of its problem codes (`insurer.notFound`). */
  entity: string;
  table: Table;
  /** The collection's path, for `Location` headers. */
  path: string;
  /** API field → column, of every field a client writes. */
  fields: Record<string, string>;
  /** API sort key → column or expression. */
  sortable: Record<string, string | Expression<unknown>>;
  /** Columns or expressions `q` searches (an expression such as a full name as its index has it). */
  searchable: (string | Expression<unknown>)[];
  /** Query parameter → the condition it adds (a column name means equality). */
  filters?: Record<string, string | ((value: never) => Expression<SqlBool>)>;
  /** Written value → column value; by default blank text becomes null. */
  write?: Partial<Record<string, (value: unknown) => unknown>>;
  /** Rows → API records, a page at a time (so related rows load in one query). */
  present?: (db: Queryable, rows: Row[]) => Promise<Api[]>;
  /** What the audit row of a change records besides the id. */
  auditDetail?: (row: Row) => Record<string, unknown>;
  /** Rules the contract cannot state, checked before a create or update (throws a domain error); answers the body to write. */
  check?: (tx: Queryable, body: Record<string, unknown>, change: 'create' | 'update') => Promise<Record<string, unknown>>;
}

const ref = (column: string | Expression<unknown>) => (typeof column === 'string' ? sql.ref(column) : column);
const blankIsNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

/** Every written field plus id, version and timestamps, under their API names. */
function defaultPresent(resource: Resource, rows: Row[]) {
  return rows.map((row) => {
    const record: Record<string, unknown> = {
      id: row.id,
      version: row.version,
      createdAt: new Date(row.created_at as string).toISOString(),
      updatedAt: new Date(row.updated_at as string).toISOString(),
    };
    for (const [field, column] of Object.entries(resource.fields)) record[field] = row[column] ?? null;
    return record;
  });
}

export const present = async <Api extends object>(resource: Resource<Api>, db: Queryable, rows: Row[]): Promise<Api[]> =>
  resource.present ? resource.present(db, rows) : (defaultPresent(resource as Resource, rows) as Api[]);

function columnsOf(resource: Resource, body: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([field]) => field in body)
      .map(([field, column]) => [column, (resource.write?.[field] ?? blankIsNull)(body[field])]),
  );
}

export async function listRows(resource: Resource, db: Queryable, query: ListQuery & Record<string, unknown>) {
  const conditions: Expression<SqlBool>[] = [];
  if (query.q) conditions.push(matchesText(query.q, resource.searchable.map(ref)));
  for (const [name, filter] of Object.entries(resource.filters ?? {})) {
    const value = query[name];
    if (value === undefined) continue;
    conditions.push(typeof filter === 'string' ? sql<SqlBool>`${sql.ref(filter)} = ${value}` : filter(value as never));
  }
  const sortable = Object.fromEntries(Object.entries(resource.sortable).map(([key, column]) => [key, ref(column)]));
  const filtered = (db.kysely as AnyDb).selectFrom(resource.table).selectAll().where((eb) => eb.and(conditions));
  const { rows, ...total } = await listOf(filtered, query, sortable, sql.ref('id'));
  return { rows: rows as Row[], ...total };
}

export async function findRow(resource: Resource, db: Queryable, id: number, lock = false): Promise<Row> {
  let query = (db.kysely as AnyDb).selectFrom(resource.table).selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError(resource.entity);
  return row as Row;
}

export async function insertRow(resource: Resource, tx: Queryable, body: Record<string, unknown>): Promise<Row> {
  return (await (tx.kysely as AnyDb).insertInto(resource.table).values(columnsOf(resource, body)).returningAll().executeTakeFirstOrThrow()) as Row;
}

/** Writes only when `version` is still the row's; otherwise tells the current version. */
export async function updateRow(resource: Resource, tx: Queryable, id: number, version: number, body: Record<string, unknown>): Promise<Row> {
  const updated = await (tx.kysely as AnyDb)
    .updateTable(resource.table)
    .set({ ...columnsOf(resource, body), version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (updated) return updated as Row;
  throw new StaleVersionError(resource.entity, (await findRow(resource, tx, id)).version);
}

export async function deleteRow(resource: Resource, tx: Queryable, id: number): Promise<Row> {
  const deleted = await (tx.kysely as AnyDb).deleteFrom(resource.table).where('id', '=', id).returningAll().executeTakeFirst();
  if (!deleted) throw new NotFoundError(resource.entity);
  return deleted as Row;
}

const auditEntry = (request: UntypedRequest, entity: string, action: AuditAction, entityId?: number, detail?: Record<string, unknown>): AuditEntry =>
  ({ userId: actor(request).id, action, entityType: entity, entityId, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent, detail });

export function audit(tx: Queryable, request: UntypedRequest, entity: string, action: AuditAction, entityId?: number, detail?: Record<string, unknown>) {
  return appendAudit(tx, auditEntry(request, entity, action, entityId, detail));
}

const etag = (row: Row) => ({ ETag: `"${row.version}"` });

interface CrudOperations {
  list?: OperationId;
  get?: OperationId;
  create?: OperationId;
  update?: OperationId;
  delete?: OperationId;
}
type Named<O extends CrudOperations> = Extract<O[keyof O], OperationId>;

/** The handlers of the resource's plain operations, named by the contract's operationIds. */
export function resourceHandlers<O extends CrudOperations>(resource: Resource, operations: O, { db }: Deps): HandlersOf<Named<O>> {
  const detail = (row: Row) => resource.auditDetail?.(row) ?? {};
  const one = async (tx: Queryable, row: Row) => (await present(resource, tx, [row]))[0];
  const handlers: Record<string, (request: UntypedRequest) => Promise<unknown>> = {};
  if (operations.list) {
    handlers[operations.list] = async (request) => {
      const { rows, total, totalIsLowerBound } = await listRows(resource, db, request.query as ListQuery & Record<string, unknown>);
      const items = await present(resource, db, rows);
      await recordAudit(db, auditEntry(request, resource.entity, 'LIST', undefined, { q: request.query.q ?? null, page: request.query.page }));
      return { status: 200, body: { items, total, totalIsLowerBound, page: request.query.page, pageSize: request.query.pageSize } };
    };
  }
  if (operations.get) {
    handlers[operations.get] = async (request) => {
      const row = await findRow(resource, db, request.params.id);
      await recordAudit(db, auditEntry(request, resource.entity, 'VIEW', row.id));
      return { status: 200, body: await one(db, row), headers: etag(row) };
    };
  }
  if (operations.create) {
    handlers[operations.create] = async (request) => {
      const [row, body] = await db.transaction(async (tx) => {
        const created = await insertRow(resource, tx, resource.check ? await resource.check(tx, request.body, 'create') : request.body);
        await audit(tx, request, resource.entity, 'CREATE', created.id, detail(created));
        return [created, await one(tx, created)] as const;
      });
      return { status: 201, body, headers: { ...etag(row), Location: `${resource.path}/${row.id}` } };
    };
  }
  if (operations.update) {
    handlers[operations.update] = async (request) => {
      const [row, body] = await db.transaction(async (tx) => {
        const { version, ...fields } = request.body;
        const updated = await updateRow(resource, tx, request.params.id, version, resource.check ? await resource.check(tx, fields, 'update') : fields);
        await audit(tx, request, resource.entity, 'UPDATE', updated.id, { version: updated.version });
        return [updated, await one(tx, updated)] as const;
      });
      return { status: 200, body, headers: etag(row) };
    };
  }
  if (operations.delete) {
    handlers[operations.delete] = async (request) => {
      await db.transaction(async (tx) => {
        const deleted = await deleteRow(resource, tx, request.params.id);
        await audit(tx, request, resource.entity, 'DELETE', deleted.id, detail(deleted));
      });
      return { status: 204 };
    };
  }
  return handlers as unknown as HandlersOf<Named<O>>;
}
