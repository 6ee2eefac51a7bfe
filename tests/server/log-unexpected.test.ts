import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeUnexpected } from '../../server/http/log-unexpected.ts';
import { describeOnPostgres, startPostgres } from '../api/postgres-cluster.ts';

const SECRET = 'scrypt$32768$8$1$c2VjcmV0LWhhc2gtdmFsdWU';

/** Everything a driver's error object carries, as printing it whole (console.error(error)) would show it. */
const everything = (error: unknown) => JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as { params?: unknown }).params);

/** A query with the secret as a parameter PostgreSQL refuses, and a unique violation whose detail quotes the secret. */
async function failures(query: (sql: string, params?: unknown[]) => Promise<unknown>) {
  const cast = await query('SELECT $1::integer AS n', [SECRET]).catch((e: unknown) => e);
  await query('CREATE TEMP TABLE accounts (hash text UNIQUE)');
  await query('INSERT INTO accounts VALUES ($1)', [SECRET]);
  const unique = await query('INSERT INTO accounts VALUES ($1)', [SECRET]).catch((e: unknown) => e);
  return { cast, unique };
}

function expectNothingLeaked({ cast, unique }: Awaited<ReturnType<typeof failures>>) {
  // The driver's error objects do carry the secret: printing them whole would leak it.
  expect(everything(cast)).toContain(SECRET);
  expect(everything(unique)).toContain(SECRET);
  const line = describeUnexpected('POST /api/users', cast);
  expect(line).toMatch(/^POST \/api\/users: \w+ \[22P02\]: invalid input syntax for type integer/);
  expect(line).not.toContain(SECRET);
  expect(line).not.toContain('SELECT');
  const duplicate = describeUnexpected('POST /api/users', unique);
  expect(duplicate).toMatch(/^POST \/api\/users: \w+ \[23505\]: duplicate key value violates unique constraint/);
  expect(duplicate).not.toContain(SECRET);
  expect(duplicate).not.toContain('INSERT');
}

describe('the log line of an unexpected error', () => {
  it('keeps where and what failed but none of the failed query text, parameters or values (PGlite)', async () => {
    const db = new PGlite();
    try {
      expectNothingLeaked(await failures((sql, params) => db.query(sql, params)));
    } finally {
      await db.close();
    }
  });

  it('describes a thrown non-error without printing it', () => {
    expect(describeUnexpected('tick', { password: SECRET })).toBe('tick: unexpected object thrown');
  });
});

describeOnPostgres('the log line of an unexpected error on PostgreSQL 15', () => {
  let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let client: pg.Client;
  beforeAll(async () => {
    cluster = await startPostgres();
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await cluster?.stop();
  });

  it('keeps where and what failed but none of the failed query text, parameters or values (node-postgres)', async () => {
    expectNothingLeaked(await failures((sql, params) => client.query(sql, params)));
  });
});
