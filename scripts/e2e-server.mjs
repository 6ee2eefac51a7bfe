// One server of the browser suite: `node scripts/e2e-server.mjs <index> [wait ms]` serves 127.0.0.1:<E2E_PORT + index> on a
// copy of the run's demo database (playwright.config.ts starts one per worker). Server 0 migrates and seeds
// the template once (`npm run seed` into a fresh data directory); every server copies it, so workers never
// share records and each starts in a couple of seconds.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const index = Number(process.argv[2] ?? 0);
// How long a server other than the first waits for the template: Playwright's own limit for starting it.
const waitMs = Number(process.argv[3] ?? 180_000);
// E2E_PORT (8181 by default) lets a second checkout run its browser suite beside this one's, on ports and files of its own.
const base = Number(process.env.E2E_PORT ?? 8181);
const root = path.join(os.tmpdir(), base === 8181 ? 'dental-e2e' : `dental-e2e-${base}`);
const template = path.join(root, 'template');
const ready = path.join(root, 'template.ready');
// Cheap password hashes for the suite's many sign-ins (honoured only under NODE_ENV=test).
const env = { ...process.env, NODE_ENV: 'test', TEST_SCRYPT_N: '1024' };

if (index === 0) {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts'], { stdio: 'inherit', env: { ...env, DATA_DIR: template } });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
  fs.writeFileSync(ready, '');
} else {
  const giveUp = Date.now() + waitMs;
  while (!fs.existsSync(ready)) {
    if (Date.now() > giveUp) throw new Error(`the browser suite's template database was not ready in ${template}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const dataDir = path.join(root, `server-${index}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.cpSync(template, dataDir, { recursive: true });
fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...env, PORT: String(base + index), HOST: '127.0.0.1', DATA_DIR: dataDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
