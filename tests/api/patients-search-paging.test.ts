import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// The patients list finds a page's ids from patients alone, by one of two routes chosen by the matches read up to
// the bound: past 1 000 it walks the name index, up to it it sorts the matches it read. Whichever
// route, a page holds the right patients in the right order and the total says "more than 1 000".
const server = useServer();
let admin: string;

type Page = { items: { id: number; lastName: string; firstNames: string; policyNumber: string }[]; total: number; totalIsLowerBound: boolean };
const list = async (query: string) => (await call<Page>('GET', `/api/patients?${query}`, { token: admin })).body;

/** The same search in plain SQL over every row: the order the page must follow. */
async function expected(surname: string, order: string, limit: number, offset: number) {
  const rows = await server.db.query<{ id: number }>(
    `SELECT pa.id FROM patients pa JOIN policies po ON po.id = pa.policy_id
     WHERE pa.state <> 'ENROLLING' AND (pa.first_names || ' ' || pa.last_name || coalesce(' ' || pa.second_last_name, '')) ILIKE $1
     ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    [`%${surname}%`],
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  const [{ id: policyId }] = await server.db.query<{ id: number }>(`SELECT id FROM policies WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
  // 1 100 "Zubizarreta" (as first or second surname, first names in no particular order) and 30 "Urquiola".
  await server.db.query(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, second_last_name, birth_date, enrolled_on, state)
     SELECT $1::int, 'OTHER_DEPENDENT', 'Nombre' || lpad(((n * 7919) % 1100)::text, 4, '0'),
            CASE WHEN n % 2 = 0 THEN 'Zubizarreta' ELSE 'Abad' END, CASE WHEN n % 2 = 0 THEN NULL ELSE 'Zubizarreta' END,
            '1990-01-01'::date, '2026-01-01'::date, 'ACTIVE'
       FROM generate_series(1, 1100) n
     UNION ALL
     SELECT $1::int, 'OTHER_DEPENDENT', 'Otro' || lpad(((n * 13) % 30)::text, 2, '0'), 'Urquiola', NULL, '1990-01-01'::date, '2026-01-01'::date, 'ACTIVE'
       FROM generate_series(1, 30) n`,
    [policyId],
  );
}, hangLimit(120_000));

describe('patients search paging', () => {
  it('past the count bound, pages 1 and 3 by name hold the first matches in name order, the total a lower bound', async () => {
    const byName = 'lower(pa.last_name), lower(pa.first_names), pa.id';
    const first = await list('q=Zubizarreta&page=1&pageSize=20');
    expect(first).toMatchObject({ total: 1000, totalIsLowerBound: true });
    expect(first.items.map((p) => p.id)).toEqual(await expected('Zubizarreta', byName, 20, 0));
    // "Abad Zubizarreta" comes before "Zubizarreta …": the walk starts at the beginning of the alphabet.
    expect(first.items[0].lastName).toBe('Abad');
    const third = await list('q=Zubizarreta&page=3&pageSize=20');
    expect(third.items.map((p) => p.id)).toEqual(await expected('Zubizarreta', byName, 20, 40));
    const descending = await list('q=Zubizarreta&page=1&pageSize=20&sort=-name');
    expect(descending.items.map((p) => p.id)).toEqual(await expected('Zubizarreta', 'lower(pa.last_name) DESC, lower(pa.first_names) DESC, pa.id', 20, 0));
  });

  it('up to the bound, every match is sorted: the exact total, the second page in order, and other sorts', async () => {
    const second = await list('q=Urquiola&page=2&pageSize=20');
    expect(second).toMatchObject({ total: 30, totalIsLowerBound: false });
    expect(second.items.map((p) => p.id)).toEqual(await expected('Urquiola', 'lower(pa.last_name), lower(pa.first_names), pa.id', 20, 20));
    const byPolicy = await list('q=Urquiola&page=1&pageSize=10&sort=-policyNumber,-name');
    expect(byPolicy.items.map((p) => p.id)).toEqual(await expected('Urquiola', 'po.number DESC, lower(pa.last_name) DESC, lower(pa.first_names) DESC, pa.id', 10, 0));
    expect(byPolicy.items.every((p) => typeof p.policyNumber === 'string')).toBe(true);
  });

  it('up to the bound, the matches are read through the search indexes once: the count and the page come from the same ids', async () => {
    const executor = Object.getPrototypeOf(server.db.kysely.getExecutor());
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      const page = await list('q=Urquiola&page=2&pageSize=20');
      expect(page).toMatchObject({ total: 30, totalIsLowerBound: false });
      const statements = spy.mock.calls.map(([query]) => (query as { sql: string }).sql);
      // Every statement that matches text (search_fold … LIKE) against the patients' names: one, not a count then a page.
      expect(statements.filter((text) => /from "patients"/i.test(text) && /search_fold\(.*LIKE/is.test(text))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a text nobody matches is an empty page with a zero total', async () => {
    expect(await list('q=Qwxzyk')).toMatchObject({ items: [], total: 0, totalIsLowerBound: false });
  });
});
