import type { Queryable } from './database.ts';

/** A hand-written list query: the rows' columns, the FROM … WHERE … both reads share, and the order. */
export interface SqlListQuery {
  select: string;
  /** `notes n JOIN users u ON … WHERE …`: joins that neither drop nor repeat rows, so the count may use it too. */
  from: string;
  orderBy: string;
  params: unknown[];
  page: number;
  pageSize: number;
}

/** One page of the query and how many rows its filter finds, in the API's list shape. */
export async function sqlPage<Row>(db: Queryable, query: SqlListQuery) {
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${query.from}`, query.params);
  const rows = await db.query<Row & Record<string, unknown>>(
    `SELECT ${query.select} FROM ${query.from} ORDER BY ${query.orderBy} LIMIT ${Number(query.pageSize)} OFFSET ${(Number(query.page) - 1) * Number(query.pageSize)}`,
    query.params,
  );
  return { rows: rows as Row[], total, page: query.page, pageSize: query.pageSize };
}
