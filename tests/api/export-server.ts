import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { runQueuedExports } from '../../server/exports/worker.ts';
import { createServer } from '../../server/server.ts';
import { TestServer } from './helpers.ts';
import { systemToday } from '../../server/clock.ts';
import { demoTemplate } from '../support/db-template.ts';
import { demoOnPostgres } from '../support/postgres-bin.ts';
import { postgresCopy } from '../support/postgres-server.ts';

/** A seeded in-process server (on the suite's database, as TestServer.start) whose export queue the test runs itself (no worker loop), with what the worker and scheduler need. */
export async function startExportServer() {
  const today = systemToday();
  const copy = demoOnPostgres() ? await postgresCopy(today) : undefined;
  const config = readConfig(copy ? { FILES_DIR: copy.filesDir } : {});
  const template = copy ? undefined : await demoTemplate(today);
  const started = await createServer(config, { databaseTarget: copy?.url ?? 'memory://', seed: true, validateResponses: true, template });
  // As TestServer.start's: an in-memory database's attachment directory goes with the server.
  const release = copy?.stop ?? (async () => fs.rmSync(started.files.dir, { recursive: true, force: true }));
  return {
    server: new TestServer(started.api, started.db, config, started.files.dir, release),
    files: started.deps.files,
    runQueue: () => runQueuedExports(started.deps, started.handlers),
  };
}

/**
 * An export server for the file's tests, started before them and closed after, with the administrator signed in:
 * read its fields inside the tests (they are set by the time the tests run).
 */
export function useExportServer() {
  const state = {} as { server: TestServer; runQueue: () => Promise<unknown>; admin: string };
  beforeAll(async () => {
    ({ server: state.server, runQueue: state.runQueue } = await startExportServer());
    state.admin = await state.server.signIn('admin@demo.local');
  });
  afterAll(() => state.server.close());
  return state;
}
