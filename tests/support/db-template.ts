import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo, syncRoles } from '../../server/seed/demo.ts';
import { fileStore } from '../../server/files.ts';
import type { DatabaseTemplate } from '../../server/server.ts';
import { runDir } from './run-dir.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/**
 * The demo database, migrated and seeded once per run and seed date, saved as a PGlite tarball with its
 * attachment contents: each test server starts from a copy in about a second instead of initdb, 34
 * migrations and the seed (about nine). Test files run in parallel processes, so the first to need a
 * date builds it under a lock directory and the others wait for its `ready` mark.
 */
export async function demoTemplate(today: string): Promise<DatabaseTemplate> {
  const root = path.join(runDir(), 'templates');
  const dir = path.join(root, today);
  const template = { dataDir: path.join(dir, 'data.tar'), filesDir: path.join(dir, 'files') };
  const ready = path.join(dir, 'ready');
  fs.mkdirSync(root, { recursive: true });
  const giveUp = Date.now() + hangLimit(180_000);
  for (;;) {
    if (fs.existsSync(ready)) return template;
    if (Date.now() > giveUp) throw new Error(`The demo database of ${today} was not built within ${hangLimit(180_000) / 60_000} minutes (${dir} holds no ready mark).`);
    try {
      fs.mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      await build(today, template);
      fs.writeFileSync(ready, '');
      return template;
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
}

async function build(today: string, template: DatabaseTemplate) {
  const db = await openDatabase('memory://');
  try {
    await migrate(db);
    await syncRoles(db);
    await seedDemo(db, today, fileStore(template.filesDir));
    fs.writeFileSync(template.dataDir, await db.dumpDataDir!());
  } finally {
    await db.close();
  }
}
