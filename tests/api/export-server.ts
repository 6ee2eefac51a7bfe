import { readConfig } from '../../server/config.ts';
import { runQueuedExports } from '../../server/exports/worker.ts';
import { createServer } from '../../server/server.ts';
import { TestServer } from './helpers.ts';
import { systemToday } from '../../server/clock.ts';
import { demoTemplate } from '../support/db-template.ts';

/** A seeded in-process server whose export queue the test runs itself (no worker loop), with what the worker and scheduler need. */
export async function startExportServer() {
  const config = readConfig({});
  const template = await demoTemplate(systemToday());
  const started = await createServer(config, { databaseTarget: 'memory://', seed: true, validateResponses: true, template });
  return {
    server: new TestServer(started.api, started.db, config, started.files.dir),
    files: started.deps.files,
    runQueue: () => runQueuedExports(started.deps, started.handlers),
  };
}
