import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo, syncRoles } from './seed/demo.ts';
import { sessionStore } from './auth/sessions.ts';
import { createApi } from './http/app.ts';
import { createHandlers } from './handlers.ts';
import { fhirArea } from './fhir/area.ts';
import type { Config } from './config.ts';
import { systemToday } from './clock.ts';
import { fileStore } from './files.ts';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';

/** A saved embedded database (`Database.dumpDataDir`) and the attachment contents its rows point to. */
export interface DatabaseTemplate {
  dataDir: string;
  filesDir: string;
}

/** Milliseconds each phase of a start took, in order (the server's start line prints them). */
export type StartPhases = [phase: string, ms: number][];

/**
 * Opens and migrates the database and builds the API; `seed` fills demo data into an empty database.
 * `template`: an embedded database saved with its attachment contents (tests start each server from one
 * migrated and seeded copy instead of migrating and seeding again). `opening`: the database already being
 * opened by the caller (`npm start` opens it while this module's imports load).
 */
export async function createServer(
  config: Config,
  options: { databaseTarget: string; seed: boolean; validateResponses?: boolean; today?: () => string; template?: DatabaseTemplate; opening?: Promise<Database> },
) {
  const phases: StartPhases = [];
  let since = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    phases.push([phase, now - since]);
    since = now;
  };
  const db: Database = await (options.opening ?? openDatabase(options.databaseTarget, { loadDataDir: options.template?.dataDir }));
  lap('database');
  await migrate(db);
  lap('migrations');
  await syncRoles(db);
  lap('roles');
  const today = options.today ?? systemToday;
  // Files live beside the embedded database; an in-memory database gets a throw-away directory.
  const filesDir = options.databaseTarget === 'memory://' ? fs.mkdtempSync(path.join(os.tmpdir(), 'dental-files-')) : config.filesDir;
  if (options.template) fs.cpSync(options.template.filesDir, filesDir, { recursive: true });
  const files = fileStore(filesDir);
  const seeded = options.seed ? await seedDemo(db, today(), files) : false;
  lap('seed');
  const deps = { db, config, sessions: sessionStore(db, config), today, files };
  const handlers = createHandlers(deps);
  const api = createApi(deps, handlers, { validateResponses: options.validateResponses, areas: [fhirArea(deps, handlers)] });
  // deps and handlers: the export worker runs list operations as the requester (server/exports/worker.ts).
  lap('api');
  return { api, db, seeded, deps, handlers, files, phases };
}
