import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { LIST_COUNT_BOUND, listOf } from '../../server/db/list-query.ts';
import { call, signIn, useServer } from './helpers.ts';

// Lists count no further than a bound: past it the total is a lower bound ("más de 10 000").
describe('a list total counted up to a bound', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase('memory://');
    await db.exec(`CREATE TABLE bound_groups (id integer PRIMARY KEY, odd boolean NOT NULL); INSERT INTO bound_groups VALUES (0, false), (1, true);
      CREATE TABLE bound_rows (id serial PRIMARY KEY, n integer NOT NULL, group_id integer NOT NULL REFERENCES bound_groups (id));
      INSERT INTO bound_rows (n, group_id) SELECT n, n % 2 FROM generate_series(1, 12) AS n;`);
  });
  afterAll(() => db.close());
  // The tables of this test are not in the schema's types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const untyped = () => db.kysely as unknown as Kysely<any>;

  const page = async (options: { page?: number; pageSize?: number; atMost?: number; countBound?: number }) => {
    const query = untyped()
      .selectFrom('bound_rows')
      .select(sql<number>`n`.as('n'))
      .$if(options.atMost !== undefined, (qb) => qb.where(sql<boolean>`n <= ${options.atMost}`));
    const result = await listOf(query, { page: options.page ?? 1, pageSize: options.pageSize ?? 5, sort: 'n' }, { n: sql`n` }, sql`id`, { countBound: options.countBound ?? 10 });
    return { total: result.total, totalIsLowerBound: result.totalIsLowerBound, ns: result.rows.map((row) => (row as { n: number }).n) };
  };

  it('stops at the bound and says the list holds more', async () => {
    expect(await page({})).toEqual({ total: 10, totalIsLowerBound: true, ns: [1, 2, 3, 4, 5] });
  });

  it('is exact up to the bound, the bound itself included', async () => {
    expect(await page({ atMost: 7 })).toEqual({ total: 7, totalIsLowerBound: false, ns: [1, 2, 3, 4, 5] });
    expect(await page({ atMost: 10 })).toEqual({ total: 10, totalIsLowerBound: false, ns: [1, 2, 3, 4, 5] });
    expect(await page({ atMost: 0 })).toEqual({ total: 0, totalIsLowerBound: false, ns: [] });
  });

  it('counts to the end of a page that lies beyond the bound, so a later page knows whether another follows', async () => {
    // Page 3 of 5 ends at row 15, past the bound of 10: all 12 rows are counted, exactly.
    expect(await page({ page: 3 })).toEqual({ total: 12, totalIsLowerBound: false, ns: [11, 12] });
    // Page 2 of 3 ends at row 6, past a bound of 4: 12 rows are more than 6, so a third page follows.
    expect(await page({ page: 2, pageSize: 3, countBound: 4 })).toEqual({ total: 6, totalIsLowerBound: true, ns: [4, 5, 6] });
  });

  it('reads a page and its count in one statement; a page past the end asks for the count alone', async () => {
    const executor = Object.getPrototypeOf(db.kysely.getExecutor());
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      expect(await page({ atMost: 7, page: 2 })).toEqual({ total: 7, totalIsLowerBound: false, ns: [6, 7] });
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockClear();
      expect(await page({ atMost: 7, page: 3 })).toEqual({ total: 7, totalIsLowerBound: false, ns: [] });
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockClear();
      // An empty first page means nothing matches: no second statement to learn it.
      expect(await page({ atMost: 0 })).toEqual({ total: 0, totalIsLowerBound: false, ns: [] });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('counts a query joined along foreign keys the same with the joins left out, also when the filter reads the joined table', async () => {
    const joined = (joinsKeepRows: boolean, oddOnly: boolean) =>
      listOf(
        untyped()
          .selectFrom('bound_rows as r')
          .innerJoin('bound_groups as g', 'g.id', 'r.group_id')
          .select(sql<number>`r.n`.as('n'))
          .$if(oddOnly, (qb) => qb.where(sql<boolean>`g.odd`)),
        { page: 1, pageSize: 5, sort: 'n' },
        { n: sql`r.n` },
        sql`r.id`,
        { countBound: 100, joinsKeepRows },
      );
    for (const oddOnly of [false, true]) {
      const [plain, unjoined] = await Promise.all([joined(false, oddOnly), joined(true, oddOnly)]);
      expect(unjoined).toEqual(plain);
      expect(unjoined.total).toBe(oddOnly ? 6 : 12);
    }
  });
});

describe('the list envelope over more rows than the bound', () => {
  const server = useServer();
  let admin: string;
  beforeAll(async () => {
    admin = await signIn('admin@demo.local');
  });

  it('answers "more than 10 000" instead of counting, and an exact total for a narrower search', async () => {
    const [{ count: before }] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM insurers');
    const extra = LIST_COUNT_BOUND + 1 - before;
    await server.db.query(
      `INSERT INTO insurers (code, name, country, currency) SELECT 'BULK' || i, 'Aseguradora masiva ' || i, 'CL', 'CLP' FROM generate_series(1, $1::int) AS i`,
      [extra],
    );
    const all = await call('GET', '/api/insurers?pageSize=10', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: LIST_COUNT_BOUND, totalIsLowerBound: true, page: 1, pageSize: 10 });
    expect(all.body.items).toHaveLength(10);

    // 'masiva 12' finds the numbers that start with 12 (below 9 977): 12, 120–129 and 1200–1299.
    const narrow = await call('GET', '/api/insurers?pageSize=10&q=masiva%2012', { token: admin });
    expect(narrow.body).toMatchObject({ total: 111, totalIsLowerBound: false });

    // A page past the bound still learns whether another page follows.
    const deep = await call('GET', `/api/insurers?pageSize=100&page=${LIST_COUNT_BOUND / 100}`, { token: admin });
    expect(deep.body).toMatchObject({ total: LIST_COUNT_BOUND, totalIsLowerBound: true });
    const last = await call('GET', `/api/insurers?pageSize=100&page=${LIST_COUNT_BOUND / 100 + 1}`, { token: admin });
    expect(last.body).toMatchObject({ total: LIST_COUNT_BOUND + 1, totalIsLowerBound: false });
    expect(last.body.items).toHaveLength(1);
  });
});
