import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** How the API's sort keys order rows: a column, or an expression such as `lower(name)`. */
export type SortColumns = Record<string, Expression<unknown>>;

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
}

/** `%`, `_` and `\` typed by a user are searched for literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** `q` matched, case-insensitively, anywhere in any of the columns. */
export function searchCondition(q: string, columns: Expression<unknown>[]): Expression<SqlBool> {
  const pattern = likePattern(q);
  return sql<SqlBool>`(${sql.join(columns.map((column) => sql`${column} ILIKE ${pattern}`), sql` OR `)})`;
}

/**
 * `sort=name,-updatedAt` ordered by the whitelisted expressions (the contract's pattern already
 * limits the keys), then by the tie-breaker so pages never overlap.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- applies to any table's query
export function orderBy<Q extends SelectQueryBuilder<any, any, any>>(query: Q, sort: string, columns: SortColumns, tieBreaker: Expression<unknown>): Q {
  let ordered = query;
  for (const field of sort.split(',')) {
    const descending = field.startsWith('-');
    const column = columns[descending ? field.slice(1) : field];
    if (column) ordered = ordered.orderBy(column, descending ? 'desc' : 'asc') as Q;
  }
  return ordered.orderBy(tieBreaker, 'asc') as Q;
}

export const pageWindow = (query: ListQuery) => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
