import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { readConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { createServer } from './server.ts';
import { startScheduler } from './scheduler.ts';
import { startExportWorker } from './exports/worker.ts';
import { startTimerJob } from './timer-jobs.ts';
import { announcementWindowJob } from './announcements/service.ts';
import { systemToday } from './clock.ts';
import { createSite } from './http/site.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './domain/roles.ts';
import { logUnexpected } from './http/log-unexpected.ts';
import { endEventStreams } from './messages/hub.ts';

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
  const { api, db, seeded, deps, handlers } = await createServer(config, {
    databaseTarget,
    seed: !config.databaseUrl || process.env.SEED_DEMO === '1',
  });

  const app = createSite(api, distDir);
  const stopScheduler = startScheduler(db, systemToday, { files: deps.files });
  const stopExports = startExportWorker(deps, handlers);
  const stopWindows = startTimerJob(db, announcementWindowJob, Number(process.env.ANNOUNCEMENT_TIMER_MS ?? 60_000));

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`Panel and API on http://localhost:${info.port} (database: ${db.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`);
    if (seeded) {
      console.log(`Demo data seeded. Sign in as one of (password "${DEMO_PASSWORD}"):`);
      for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(24)} ${user.role}`);
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
