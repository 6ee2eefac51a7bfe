// Only what opening the database needs is imported up front: the embedded database starts in its own thread
// (WASM, data directory) while the API's modules load on this one (`npm start`'s restart time, issue 25 item 9).
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { logUnexpected } from './http/log-unexpected.ts';

const started = performance.now();

/** How long a stopping server waits for the requests in progress before it drops their connections. */
const DRAIN_MS = Number(process.env.SHUTDOWN_DRAIN_MS ?? 10_000);

// DIST_DIR lets a benchmark serve its own build without touching the shared dist/.
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist');

async function main() {
  const config = readConfig();
  let releaseLock = () => {};
  let databaseTarget = config.databaseUrl;
  if (!databaseTarget) {
    releaseLock = await lockDataDir(config.dataDir);
    databaseTarget = path.join(config.dataDir, 'pgdata');
  }
  const opening = openDatabase(databaseTarget);
  const modulesFrom = performance.now();
  const [{ serve }, { createServer }, { startScheduler }, { startExportWorker }, { startTimerJob }, { announcementWindowJob }, { systemToday }, { createSite }, { DEMO_ACCOUNTS, DEMO_PASSWORD }, { endEventStreams }, { loadContract }] =
    await Promise.all([
      import('@hono/node-server'),
      import('./server.ts'),
      import('./scheduler.ts'),
      import('./exports/worker.ts'),
      import('./timer-jobs.ts'),
      import('./announcements/service.ts'),
      import('./clock.ts'),
      import('./http/site.ts'),
      import('./auth/roles.ts'),
      import('./messages/hub.ts'),
      import('./http/contract.ts'),
    ]);
  // The contract is read while the database may still be opening: the API is built from it afterwards.
  loadContract();
  const modules = performance.now() - modulesFrom;
  const { api, db, seeded, deps, handlers, phases } = await createServer(config, {
    databaseTarget,
    seed: !config.databaseUrl || process.env.SEED_DEMO === '1',
    opening,
  });

  const app = createSite(api, distDir);
  const stopScheduler = startScheduler(db, systemToday, { files: deps.files });
  const stopExports = startExportWorker(deps, handlers);
  const stopWindows = startTimerJob(db, announcementWindowJob, Number(process.env.ANNOUNCEMENT_TIMER_MS ?? 60_000));

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`Panel and API on http://localhost:${info.port} (database: ${db.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`);
    // The database opened while the modules loaded: "database" is what it still took after them.
    const took = [['modules and contract', modules], ...phases].map(([phase, ms]) => `${phase} ${Math.round(Number(ms))} ms`).join(', ');
    console.log(`Started in ${Math.round(performance.now() - started)} ms since the process's code began (${took}).`);
    if (seeded) {
      console.log(`Demo data seeded. Sign in as one of (password "${DEMO_PASSWORD}"):`);
      for (const user of DEMO_ACCOUNTS) console.log(`  ${user.email.padEnd(24)} ${user.role}`);
    }
  });

  const http = server as Server;
  // Longer than the idle timeout of the proxies and load balancers in front of it (60 s is common), so that
  // the server never closes a kept-alive connection just as a client reuses it (an ECONNRESET for the client).
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;

  // A signal stops accepting connections, lets the requests in progress finish (open event streams end so
  // their clients reconnect elsewhere), waits for the background jobs, closes the database and exits; a
  // second signal exits at once.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`${signal} again: stopping now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: finishing the requests in progress, then stopping (${signal} again stops at once).`);
    const closed = new Promise((resolve) => http.close(resolve));
    endEventStreams(db);
    setTimeout(() => http.closeAllConnections(), DRAIN_MS).unref();
    await closed;
    await Promise.all([stopScheduler(), stopExports(), stopWindows()]);
    await db.close().catch(() => undefined);
    releaseLock();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  process.on('exit', releaseLock);
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  logUnexpected('Server start', error);
  process.exit(1);
});
