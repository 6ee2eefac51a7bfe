import { AliasNode, IdentifierNode, SelectionNode, SelectQueryNode, sql, type Expression, type KyselyPlugin, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { currentWalk, keyAlias, rowsAfter, type KeysetWalk, type SortKey } from './keyset.ts';

/** How the API's sort keys order rows. */
export type SortColumns = Record<string, Expression<unknown>>;

/** `%`, `_` and `\` typed by a user are searched for literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The part of an identifier-like text the trigram index should look up: its longest run of four or more
 * digits. Folios and numbers share most of their trigrams ("REE-2026-" is in every folio), and a GIN scan
 * of the whole text intersects those huge lists (50–100 ms at 200 k rows); the digits alone find the few
 * candidates (under 1 ms), which the whole text then checks.
 */
function distinctivePart(q: string): string | null {
  const longest = (q.match(/\d{4,}/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest && longest.length < q.length ? longest : null;
}

/**
 * An expression folded for search (migration 043's `search_fold`: accents, case and full-width forms gone),
 * as the trigram indexes hold it: a search compares folded text with folded text, on PGlite and PostgreSQL alike.
 */
export const folded = (text: Expression<unknown> | string) => sql<string>`search_fold(${text})`;

/** `text` matched, ignoring accents and case, anywhere in `column`: `%`, `_` and `\` literally. */
export const containsFolded = (column: Expression<unknown>, text: string) => sql<SqlBool>`${folded(column)} LIKE ${folded(likePattern(text))}`;

/** `q` matched, ignoring accents and case, anywhere in any of the expressions. */
export function matchesText(q: string, columns: Expression<unknown>[]): Expression<SqlBool> {
  const part = distinctivePart(q);
  // `|| ''` keeps the whole-text check off the index, so the planner looks up the distinctive part only.
  const matches = (column: Expression<unknown>) =>
    part ? sql`(${containsFolded(column, part)} AND ${containsFolded(sql`(${column}) || ''`, q)})` : containsFolded(column, q);
  return sql<SqlBool>`(${sql.join(columns.map(matches), sql` OR `)})`;
}

/**
 * `q` found in the rows of another table this one points at (a verification's patient by name): the
 * matching ids come from that table's own indexes, and the condition stays on this table's foreign
 * key, so it ORs with this table's searched columns in one bitmap scan instead of filtering a join of
 * every row.
 */
export function refersToMatching(q: string, foreignKey: Expression<unknown>, table: string, columns: Expression<unknown>[]): Expression<SqlBool> {
  return sql<SqlBool>`${foreignKey} = ANY (ARRAY(SELECT id FROM ${sql.table(table)} WHERE ${matchesText(q, columns)}))`;
}

/** Either condition (Kysely's `or` without an expression builder at hand). */
export const either = (a: Expression<SqlBool>, b: Expression<SqlBool>) => sql<SqlBool>`(${a} OR ${b})`;

/**
 * One page of a query: `sort=name,-updatedAt` over the whitelisted expressions (the contract's pattern
 * already limits the keys), then the tie-breaker so pages never overlap, then the page's window.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages any table's query
export function pageOf<Q extends SelectQueryBuilder<any, any, any>>(query: Q, page: { page: number; pageSize: number; sort: string }, columns: SortColumns, tieBreaker: Expression<unknown>): Q {
  let ordered = query;
  for (const { column, descending } of sortKeys(page.sort, columns, tieBreaker)) ordered = ordered.orderBy(column, descending ? 'desc' : 'asc') as Q;
  return ordered.limit(page.pageSize).offset((page.page - 1) * page.pageSize) as Q;
}

/** The order of `sort=name,-updatedAt`, ending with the tie-breaker. */
function sortKeys(sort: string, columns: SortColumns, tieBreaker: Expression<unknown>): SortKey[] {
  const keys: SortKey[] = [];
  for (const field of sort.split(',')) {
    const descending = field.startsWith('-');
    const column = columns[descending ? field.slice(1) : field];
    if (column) keys.push({ column, descending });
  }
  return [...keys, { column: tieBreaker, descending: false }];
}

/**
 * The next page of a keyset walk (an export): the rows after the last one read, in the same order,
 * each carrying its sort key (as text, so a timestamp keeps its microseconds) to start the next page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages any table's query
async function nextOfWalk(walk: KeysetWalk, query: SelectQueryBuilder<any, any, any>, page: { pageSize: number; sort: string }, columns: SortColumns, tieBreaker: Expression<unknown>) {
  const keys = sortKeys(page.sort, columns, tieBreaker);
  let ordered = query.select(keys.map(({ column }, i) => sql`(${column})::text`.as(keyAlias(i))));
  if (walk.after) ordered = ordered.where(rowsAfter(keys, walk.after));
  for (const { column, descending } of keys) ordered = ordered.orderBy(column, descending ? 'desc' : 'asc');
  const rows = (await ordered.limit(page.pageSize).execute()) as Record<string, unknown>[];
  const last = rows.at(-1);
  if (last) walk.after = keys.map((_, i) => last[keyAlias(i)]);
  for (const row of rows) for (let i = 0; i < keys.length; i++) delete row[keyAlias(i)];
  return rows;
}

/**
 * Past this many rows a list says "more than N" instead of counting: an exact total over a million
 * patients costs a scan of them all on every page, and nobody pages through ten thousand rows.
 */
export const LIST_COUNT_BOUND = 10_000;

/** A list's total: exact, or (`totalIsLowerBound`) the filter finds more rows than `total`. */
export interface ListTotal {
  total: number;
  totalIsLowerBound: boolean;
}

/**
 * Turns the query it runs on into `SELECT count(*) AS total FROM (<query>) AS counted`; with
 * `leftJoins`, its inner joins become left joins, which PostgreSQL drops when nothing reads them.
 */
const countRows = (leftJoins: boolean): KyselyPlugin => ({
  transformQuery: ({ node }) => {
    const inner = leftJoins && SelectQueryNode.is(node) && node.joins
      ? Object.freeze({ ...node, joins: node.joins.map((join) => (join.joinType === 'InnerJoin' ? Object.freeze({ ...join, joinType: 'LeftJoin' as const }) : join)) })
      : node;
    return SelectQueryNode.cloneWithSelections(SelectQueryNode.createFrom([AliasNode.create(inner, IdentifierNode.create('counted'))]), [
      SelectionNode.create(sql`count(*)::int`.as('total').toOperationNode()),
    ]);
  },
  transformResult: async ({ result }) => result,
});

export interface CountOptions {
  /** Count no further (default LIST_COUNT_BOUND). */
  countBound?: number;
  /**
   * Every inner join of the query follows a NOT NULL foreign key to a primary key, so it neither drops
   * nor repeats a row: the count leaves the joins out (a million-row list's count then reads one table).
   */
  joinsKeepRows?: boolean;
}

/**
 * How many rows a filtered query finds, counting no further than `bound`: a LIMITed subquery stops
 * the scan at bound + 1 rows. With `inOrderOf` (an indexed column) the rows are counted in its order,
 * so the same first rows are read through shared buffers each time instead of a sequential scan's
 * wandering start read through its small ring (which never keeps them cached).
 */
export async function countOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- counts any table's query
  query: SelectQueryBuilder<any, any, any>,
  bound: number,
  joinsKeepRows = false,
  inOrderOf?: Expression<unknown>,
): Promise<ListTotal> {
  const row = await countingQuery(query, bound, joinsKeepRows, inOrderOf).executeTakeFirstOrThrow();
  return boundedTotal((row as unknown as { total: number }).total, bound);
}

/** The statement countOf runs: `SELECT count(*) AS total FROM (<query, without its order, LIMIT bound + 1>)`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- counts any table's query
function countingQuery(query: SelectQueryBuilder<any, any, any>, bound: number, joinsKeepRows: boolean, inOrderOf?: Expression<unknown>) {
  const unordered = query.clearSelect().clearOrderBy();
  const limited = (inOrderOf ? unordered.orderBy(inOrderOf) : unordered).select(sql<number>`1`.as('one')).limit(bound + 1);
  return limited.withPlugin(countRows(joinsKeepRows));
}

/** A count made with LIMIT bound + 1, as the list answers it: past the bound, the bound and "at least". */
export const boundedTotal = (counted: number, bound: number): ListTotal =>
  counted > bound ? { total: bound, totalIsLowerBound: true } : { total: counted, totalIsLowerBound: false };

/** The column a page's rows carry their list's count in (taken off before they are answered). */
const TOTAL_COLUMN = 'list_total_';

/** A page of the filtered query and how many rows the filter finds in all, up to `countBound` (default LIST_COUNT_BOUND). */
export async function listOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { page: number; pageSize: number; sort: string },
  columns: SortColumns,
  tieBreaker: Expression<unknown>,
  { countBound = LIST_COUNT_BOUND, joinsKeepRows = false }: CountOptions = {},
) {
  const walk = currentWalk();
  if (walk) {
    walk.total ??= await countOf(query, countBound, joinsKeepRows);
    return { ...walk.total, rows: (await nextOfWalk(walk, query, page, columns, tieBreaker)) as O[] };
  }
  // A page beyond the bound (a later page of a long list) still learns whether a next page follows.
  const bound = Math.max(countBound, page.page * page.pageSize);
  // One statement: the count rides on each row of the page as an uncorrelated subquery, which PostgreSQL
  // runs once (an InitPlan). A list is read more than anything else, and on the embedded database every
  // statement is a round trip to its thread, so this halves a list's statements.
  const counted = sql<number>`(${countingQuery(query, bound, joinsKeepRows)})`.as(TOTAL_COLUMN);
  const rows = (await pageOf(query, page, columns, tieBreaker).select(counted).execute()) as (O & { [TOTAL_COLUMN]?: number })[];
  // No row to carry it: nothing matches (on the first page), or the page lies past the end and the count is asked alone.
  const total = rows.length ? boundedTotal(rows[0][TOTAL_COLUMN]!, bound) : page.page === 1 ? boundedTotal(0, bound) : await countOf(query, bound, joinsKeepRows);
  for (const row of rows) delete row[TOTAL_COLUMN];
  return { ...total, rows: rows as O[] };
}
