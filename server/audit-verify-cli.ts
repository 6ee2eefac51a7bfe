import path from 'node:path';
import { checkAuditChain } from './audit.ts';
import { readConfig } from './config.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';

/** `npm run audit:verify`: walks the audit chain of DATABASE_URL (or of the embedded database, server stopped). */
const config = readConfig();
const release = config.databaseUrl ? () => {} : await lockDataDir(config.dataDir);
const db = await openDatabase(config.databaseUrl ?? path.join(config.dataDir, 'pgdata'));
try {
  // As the server does at start: a database from before the chain's head gets it.
  await migrate(db);
  const report = await checkAuditChain(db);
  if (report.intact) console.log(`audit chain intact: ${report.rows} rows`);
  else {
    console.error(`audit chain BROKEN (${report.reason}) at row ${report.firstBrokenId}: ${report.detail}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
  release();
}
