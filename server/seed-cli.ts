import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import path from 'node:path';
import { migrate } from './db/migrate.ts';
import { seedDemo, syncRoles } from './db/seed.ts';
import { systemToday } from './clock.ts';
import { fileStore } from './files.ts';

/** `npm run seed`: demo data into DATABASE_URL (or the embedded database when the server is stopped). */
const config = readConfig();
const release = config.databaseUrl ? () => {} : await lockDataDir(config.dataDir);
const db = await openDatabase(config.databaseUrl ?? path.join(config.dataDir, 'pgdata'));
try {
  await migrate(db);
  await syncRoles(db);
  console.log((await seedDemo(db, systemToday(), fileStore(config.filesDir))) ? 'Demo data seeded.' : 'The database already has users; nothing seeded.');
} finally {
  await db.close();
  release();
}
