import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo, syncRoles } from './db/seed.ts';
import { sessionStore } from './auth/sessions.ts';
import { createApi } from './http/app.ts';
import { createHandlers } from './routes/index.ts';
import type { Config } from './config.ts';
import { systemToday } from './clock.ts';
import { fileStore } from './files.ts';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';

/** Opens and migrates the database and builds the API; `seed` fills demo data into an empty database. */
export async function createServer(
  config: Config,
  options: { databaseTarget: string; seed: boolean; validateResponses?: boolean; today?: () => string },
) {
  const db: Database = await openDatabase(options.databaseTarget);
  await migrate(db);
  await syncRoles(db);
  const today = options.today ?? systemToday;
  // Files live beside the embedded database; an in-memory database gets a throw-away directory.
  const filesDir = options.databaseTarget === 'memory://' ? fs.mkdtempSync(path.join(os.tmpdir(), 'dental-files-')) : config.filesDir;
  const files = fileStore(filesDir);
  const seeded = options.seed ? await seedDemo(db, today(), files) : false;
  const deps = { db, config, sessions: sessionStore(db, config), today, files };
  const handlers = createHandlers(deps);
  const api = createApi(deps, handlers, { validateResponses: options.validateResponses });
  // deps and handlers: the export worker runs list operations as the requester (server/exports/worker.ts).
  return { api, db, seeded, deps, handlers, files };
}
