import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';
import { startEmbeddedThread, type EmbeddedSession } from '../../server/db/pglite-thread.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// The embedded database in its own thread must look to the server exactly like PGlite in-process did.
describe('PGlite in its own thread', () => {
  let db: EmbeddedSession;
  beforeAll(async () => {
    db = await startEmbeddedThread('memory://');
    await db.exec('CREATE TABLE thing (id int PRIMARY KEY, name text NOT NULL, born date, raw bytea); CREATE EXTENSION IF NOT EXISTS pg_trgm;');
  });
  afterAll(() => db.close());

  it('answers queries with typed rows and counts the rows a write touched', async () => {
    const inserted = await db.query('INSERT INTO thing VALUES ($1, $2, $3, $4), ($5, $6, $7, $8)', [1, 'uno', '2026-01-31', new Uint8Array([1, 2]), 2, 'dos', null, null]);
    expect(inserted.affectedRows).toBe(2);
    const { rows } = await db.query<{ id: number; name: string; born: Date | null; raw: Uint8Array | null }>('SELECT * FROM thing WHERE id IN (1, 2) ORDER BY id', []);
    expect(rows.map((r) => [r.id, r.name, r.born?.toISOString().slice(0, 10) ?? null, r.raw ? [...r.raw] : null])).toEqual([
      [1, 'uno', '2026-01-31', [1, 2]],
      [2, 'dos', null, null],
    ]);
    expect((await db.query<{ s: number }>("SELECT similarity('dental', 'dentista') > 0.3 AS s", [])).rows[0].s).toBe(true);
  });

  it('rejects with the fields the server answers from, and never the query or its parameters', async () => {
    await db.query('INSERT INTO thing VALUES ($1, $2)', [10, 'diez']);
    const error = await db.query('INSERT INTO thing VALUES ($1, $2)', [10, 'secreto-hash']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'thing_pkey', table: 'thing' });
    expect(JSON.stringify(error)).not.toContain('secreto-hash');
    expect(error).not.toHaveProperty('params');
    expect(error).not.toHaveProperty('query');
  });

  it('hands a statement’s notifications to the listeners before the statement resolves', async () => {
    await db.query('LISTEN changes', []);
    const heard: string[] = [];
    const off = db.onNotification((channel, payload) => channel === 'changes' && heard.push(payload));
    await db.query("SELECT pg_notify('changes', 'revoked')", []);
    expect(heard).toEqual(['revoked']);
    off();
    await db.query("SELECT pg_notify('changes', 'unheard')", []);
    expect(heard).toEqual(['revoked']);
  });

  it('runs the statements of a script in order and reports each', async () => {
    await db.query('INSERT INTO thing VALUES ($1, $2)', [20, 'veinte']);
    const results = await db.exec("UPDATE thing SET name = 'otro' WHERE id = 20; SELECT name FROM thing WHERE id = 20;");
    expect(results).toHaveLength(2);
    expect(results[0].affectedRows).toBe(1);
    expect(results[1].rows).toEqual([{ name: 'otro' }]);
  });
});

describe('the thread and the process', () => {
  it('keeps a script alive while it waits for an answer, and lets it end once done', () => {
    const script = path.join(tempDir('thread-'), 'script.mts');
    fs.writeFileSync(
      script,
      `import { startEmbeddedThread } from ${JSON.stringify(path.resolve('server/db/pglite-thread.ts'))};
      const db = await startEmbeddedThread('memory://');
      setTimeout(async () => console.log((await db.query('SELECT 41 + 1 AS n', [])).rows[0].n), 10);`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: hangLimit(120_000) });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('42');
    expect(run.status).toBe(0);
  }, hangLimit(130_000));

  it('refuses every later statement once closed', async () => {
    const db = await startEmbeddedThread('memory://');
    await db.close();
    await expect(db.query('SELECT 1', [])).rejects.toThrow(/stopped/);
  }, hangLimit(60_000));
});
