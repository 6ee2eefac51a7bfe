import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { TestServer } from './helpers.ts';
import { systemToday } from '../../server/clock.ts';
import { hasPostgres, inCI, PG_BIN } from '../support/postgres-bin.ts';
import { startPostgres, startPostgresCluster, stopPostgresCluster, type PostgresCluster } from '../support/postgres-server.ts';

export { hasPostgres, PG_BIN, startPostgres, startPostgresCluster, stopPostgresCluster };
export const describeOnPostgres = describe.skipIf(!hasPostgres && !inCI);

/**
 * A test server for the enclosing describe block on a throw-away database of the run's PostgreSQL: a copy of the
 * demo template, or with `fresh` an empty one it migrates and seeds as a new install does. `ownCluster` puts that
 * empty database on a PostgreSQL server of the block's own, which its tests may pause and resume (`.cluster`).
 * Read `.server` inside tests.
 */
export function usePostgresServer({ fresh = false, ownCluster = false } = {}) {
  const handle = {} as { server: TestServer; cluster: PostgresCluster };
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const today = systemToday();
    if (!fresh && !ownCluster) {
      handle.server = await TestServer.onPostgresCopy({}, () => today);
      return;
    }
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-files-'));
    let url: string;
    if (ownCluster) {
      handle.cluster = await startPostgresCluster();
      url = handle.cluster.adminUrl;
    } else {
      const database = await startPostgres();
      url = database.url;
      release = database.stop;
    }
    const stopDatabase = release;
    release = async () => {
      await stopDatabase?.();
      fs.rmSync(filesDir, { recursive: true, force: true });
    };
    handle.server = await TestServer.start({ FILES_DIR: filesDir }, url, () => today);
  });
  afterAll(async () => {
    await handle.server?.close();
    await release?.();
    handle.cluster?.stop();
  });
  return handle;
}
