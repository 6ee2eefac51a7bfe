import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ListTotal } from './list-query.ts';

/**
 * A walk through a whole list by keyset instead of by page number: an export reads a million rows
 * through the list's own operation, and an OFFSET would make every page rescan all the rows before it
 * (quadratic). The walk carries the sort key of the last row read, so each page starts where the
 * previous one ended, and the count is taken once, on the first page.
 */
export interface KeysetWalk {
  /** The sort key values of the last row read; null before the first page. */
  after: unknown[] | null;
  /** The first page's count, answered again on the later pages. */
  total?: ListTotal;
}

const walks = new AsyncLocalStorage<KeysetWalk>();

/** Runs `read` (one list operation) as the next page of `walk`. */
export const readNextPage = <T>(walk: KeysetWalk, read: () => Promise<T>): Promise<T> => walks.run(walk, read);

/** The walk the current list operation is a page of, if any. */
export const currentWalk = (): KeysetWalk | undefined => walks.getStore();

/** The selected alias of the i-th sort key (removed from the rows before they leave the list query). */
export const keyAlias = (index: number) => `__keyset_${index}`;

export interface SortKey {
  column: Expression<unknown>;
  descending: boolean;
}

/**
 * Rows strictly after `after` in the order of `keys`, with PostgreSQL's default null placement
 * (ASC puts nulls last, DESC first), so a nullable sort column neither loses nor repeats rows.
 */
export function rowsAfter(keys: SortKey[], after: unknown[]): Expression<SqlBool> {
  const beyond = ({ column, descending }: SortKey, value: unknown) => {
    if (value === null || value === undefined) return descending ? sql<SqlBool>`${column} IS NOT NULL` : sql<SqlBool>`false`;
    return descending ? sql<SqlBool>`${column} < ${value}` : sql<SqlBool>`(${column} > ${value} OR ${column} IS NULL)`;
  };
  const branches = keys.map((key, i) => {
    const equalBefore = keys.slice(0, i).map((earlier, j) => sql<SqlBool>`${earlier.column} IS NOT DISTINCT FROM ${after[j] ?? null}`);
    return sql<SqlBool>`(${sql.join([...equalBefore, beyond(key, after[i])], sql` AND `)})`;
  });
  return sql<SqlBool>`(${sql.join(branches, sql` OR `)})`;
}
