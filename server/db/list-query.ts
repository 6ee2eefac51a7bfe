import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** How the API's sort keys order rows. */
export type SortColumns = Record<string, Expression<unknown>>;

/** `%`, `_` and `\` typed by a user are searched for literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** `q` matched, case-insensitively, anywhere in any of the expressions. */
export function matchesText(q: string, columns: Expression<unknown>[]): Expression<SqlBool> {
  const pattern = likePattern(q);
  return sql<SqlBool>`(${sql.join(columns.map((column) => sql`${column} ILIKE ${pattern}`), sql` OR `)})`;
}

/**
 * One page of a query: `sort=name,-updatedAt` over the whitelisted expressions (the contract's pattern
 * already limits the keys), then the tie-breaker so pages never overlap, then the page's window.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages any table's query
export function pageOf<Q extends SelectQueryBuilder<any, any, any>>(query: Q, page: { page: number; pageSize: number; sort: string }, columns: SortColumns, tieBreaker: Expression<unknown>): Q {
  let ordered = query;
  for (const field of page.sort.split(',')) {
    const descending = field.startsWith('-');
    const column = columns[descending ? field.slice(1) : field];
    if (column) ordered = ordered.orderBy(column, descending ? 'desc' : 'asc') as Q;
  }
  return ordered.orderBy(tieBreaker, 'asc').limit(page.pageSize).offset((page.page - 1) * page.pageSize) as Q;
}

/** The number of rows a filtered query finds, without its columns, order or window. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- counts any table's query
export async function countOf(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = await query.clearSelect().clearOrderBy().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return (row as { total: number }).total;
}

/** A page of the filtered query and how many rows the filter finds in all. */
export async function listOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { page: number; pageSize: number; sort: string },
  columns: SortColumns,
  tieBreaker: Expression<unknown>,
) {
  const total = await countOf(query);
  const rows = await pageOf(query, page, columns, tieBreaker).execute();
  return { total, rows };
}
