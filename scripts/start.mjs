// `npm start`: builds the app when dist/ is missing or older than the sources, then serves panel and API.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }, 0);

const built = fs.existsSync('dist/index.html') ? fs.statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(newest('src'), fs.statSync('index.html').mtimeMs, fs.statSync('openapi/openapi.yaml').mtimeMs);
if (built < sources) {
  console.log('Building the panel…');
  if (!fs.existsSync('openapi/validators.ts') || !fs.existsSync('openapi/public-validators.ts') || !fs.existsSync('openapi/schema.d.ts')) spawnSync('npm', ['run', 'gen:api'], { stdio: 'inherit' });
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
