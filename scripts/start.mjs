// `npm start`: builds the app when its build (dist/, or DIST_DIR as the server reads it) is missing or older than the
// sources, then serves panel and API.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }, 0);

const dist = process.env.DIST_DIR ?? 'dist';
const index = path.join(dist, 'index.html');
const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const sources = Math.max(newest('src'), fs.statSync('index.html').mtimeMs, fs.statSync('openapi/openapi.yaml').mtimeMs);
if (built < sources) {
  console.log('Building the panel…');
  if (!fs.existsSync('openapi/validators.ts') || !fs.existsSync('openapi/public-validators.ts') || !fs.existsSync('openapi/schema.d.ts')) spawnSync('npm', ['run', 'gen:api'], { stdio: 'inherit' });
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server is this launcher's only child (no npx or tsx process between them), in its own process group, so that
// a signal reaches it only through here: it finishes what is in progress, and a second signal stops it at once.
// Under npm one Ctrl-C arrives twice (from the terminal and passed on by npm): signals within a second count once.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
let passedOn = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    if (Date.now() - passedOn < 1000) return;
    passedOn = Date.now();
    server.kill(signal);
  });
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
