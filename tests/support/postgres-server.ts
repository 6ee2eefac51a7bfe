import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readConfig } from '../../server/config.ts';
import { createServer } from '../../server/server.ts';
import { startPostgresCluster } from '../../scripts/postgres-cluster.ts';
import { runDir } from './run-dir.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

export { startPostgresCluster, stopPostgresCluster, type PostgresCluster } from '../../scripts/postgres-cluster.ts';

/**
 * The run's shared PostgreSQL server: the first test file that needs one starts it in the run's folder
 * (tests/global-setup.ts stops it at the end); the others wait for its address.
 */
async function sharedCluster(): Promise<string> {
  const root = runDir();
  const dir = path.join(root, 'postgres');
  const address = path.join(root, 'postgres.url');
  const failure = path.join(root, 'postgres.error');
  const giveUp = Date.now() + hangLimit(180_000);
  for (;;) {
    if (fs.existsSync(address)) return fs.readFileSync(address, 'utf8');
    if (fs.existsSync(failure)) throw new Error(`The run's PostgreSQL did not start: ${fs.readFileSync(failure, 'utf8')}`);
    try {
      fs.mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > giveUp) throw new Error(`The run's PostgreSQL did not start within ${hangLimit(180_000) / 60_000} minutes (${dir}).`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      // The run's server holds copies of the demo database only: no test needs its commits on the disk.
      const { adminUrl } = await startPostgresCluster(dir, { durable: false });
      fs.writeFileSync(address, adminUrl);
      return adminUrl;
    } catch (error) {
      fs.writeFileSync(failure, `${(error as Error).message}\n${(error as { stderr?: Buffer }).stderr?.toString() ?? ''}`);
      throw error;
    }
  }
}

let made = 0;
const withAdmin = async <T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};

/** A new database of the run's PostgreSQL server, empty or copied from `template`; `stop` drops it. */
export async function startPostgres(template?: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const adminUrl = await sharedCluster();
  const name = `test_${process.pid}_${++made}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    stop: () => withAdmin(adminUrl, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/**
 * The demo database of `today` on the run's PostgreSQL server, migrated and seeded once (by the first file that
 * asks, under an advisory lock) with its attachment contents beside it; test servers start from copies of it.
 */
export async function postgresTemplate(today: string): Promise<{ name: string; filesDir: string }> {
  const adminUrl = await sharedCluster();
  const name = `demo_${today.replaceAll('-', '_')}`;
  const filesDir = path.join(runDir(), `postgres-files-${today}`);
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(20261128)');
    try {
      const { rows } = await admin.query('SELECT shobj_description(oid, \'pg_database\') AS note FROM pg_database WHERE datname = $1', [name]);
      if (rows[0]?.note === 'ready') return;
      if (rows.length) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      fs.rmSync(filesDir, { recursive: true, force: true });
      const { db } = await createServer(readConfig({ FILES_DIR: filesDir }), { databaseTarget: adminUrl.replace(/\/postgres$/, `/${name}`), seed: true, today: () => today });
      await db.close();
      await admin.query(`COMMENT ON DATABASE ${name} IS 'ready'`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(20261128)');
    }
  });
  return { name, filesDir };
}

/** A copy of the demo database of `today` on the run's PostgreSQL server, with its own copy of the attachment contents. */
export async function postgresCopy(today: string): Promise<{ url: string; filesDir: string; stop: () => Promise<void> }> {
  const template = await postgresTemplate(today);
  const database = await startPostgres(template.name);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-files-'));
  fs.cpSync(template.filesDir, filesDir, { recursive: true });
  return {
    url: database.url,
    filesDir,
    stop: async () => {
      await database.stop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

