import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../server/audit.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { describeOnPostgres, startPostgres } from './postgres-cluster.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/**
 * `npm run audit:verify` as an operator runs it, with the server stopped: on the embedded database of DATA_DIR
 * and on a PostgreSQL of DATABASE_URL. Intact, it exits 0 with its one summary line; with the newest row
 * deleted or a row edited behind the append-only guard, it exits non-zero naming the first missing or broken link.
 */
const { DATABASE_URL: _inherited, ...baseEnv } = process.env;
const verify = (env: Record<string, string>) => {
  const run = spawnSync('npm', ['run', '--silent', 'audit:verify'], { env: { ...baseEnv, ...env }, encoding: 'utf8', timeout: hangLimit(120_000) });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
};

/** Five audit rows after whatever the migrations wrote; answers every id in the chain, oldest first. */
async function fill(db: Database): Promise<number[]> {
  await migrate(db);
  for (let i = 1; i <= 5; i++) await appendAudit(db, { userId: null, action: 'LOGIN_FAILED', result: 'DENIED', ip: `10.9.0.${i}`, detail: { attempt: i } });
  return (await db.query<{ id: string }>('SELECT id::text FROM audit_log ORDER BY id')).map((r) => Number(r.id));
}

/** What an intruder with the database's owner rights could do: switch the guard off for one change. */
const behindTheGuard = (db: Database, sql: string, params: unknown[] = []) =>
  db.transaction(async (tx) => {
    await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
    await tx.query(sql, params);
    await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update');
  });

async function verifiesTamperedChains(open: () => Promise<Database>, env: Record<string, string>) {
  let db = await open();
  const ids = await fill(db);
  await db.close();
  const intact = verify(env);
  expect(intact, intact.stderr).toMatchObject({ status: 0, stdout: `audit chain intact: ${ids.length} rows` });

  // The newest row removed: the chain itself still links, but the recorded head counts one more.
  db = await open();
  const newest = ids[ids.length - 1];
  await behindTheGuard(db, 'DELETE FROM audit_log WHERE id = $1', [newest]);
  await db.close();
  const deleted = verify(env);
  expect(deleted.status).not.toBe(0);
  expect(deleted.stderr).toBe(`audit chain BROKEN (missing) at row ${newest}: 1 row(s) missing after row ${ids[ids.length - 2]}; the chain ended at row ${newest}`);

  // A row in the middle edited: the first link that no longer matches its hash is named.
  db = await open();
  const edited = ids[ids.length - 3];
  await behindTheGuard(db, `UPDATE audit_log SET result = 'ALLOWED' WHERE id = $1`, [edited]);
  await db.close();
  const changed = verify(env);
  expect(changed.status).not.toBe(0);
  expect(changed.stderr).toBe(`audit chain BROKEN (edited) at row ${edited}: row ${edited} does not match its hash or its predecessor`);
}

describe('npm run audit:verify on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-audit-verify-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('exits 0 with its summary on an intact chain, and non-zero naming the first missing or edited link', () =>
    verifiesTamperedChains(() => openDatabase(path.join(dataDir, 'pgdata')), { DATA_DIR: dataDir }), 300_000);
});

describeOnPostgres('npm run audit:verify on PostgreSQL 15', () => {
  let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster?.stop());

  it('exits 0 with its summary on an intact chain, and non-zero naming the first missing or edited link', () =>
    verifiesTamperedChains(() => openDatabase(cluster!.url), { DATABASE_URL: cluster!.url }), 300_000);
});
