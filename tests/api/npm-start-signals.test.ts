import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { systemToday } from '../../server/clock.ts';
import { postgresCopy } from '../support/postgres-server.ts';
import { freePort, waitForHealth } from './multiprocess.ts';
import { describeOnPostgres } from './postgres-cluster.ts';
import { sseReader } from './sse.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/*
 * `npm start` stopped by SIGTERM or Ctrl-C (issue 28, item 23): the signal reaches the server through npm and the
 * launcher, the server stops accepting, finishes the request in progress, ends the open event streams, closes the
 * database and exits, and no process keeps the port; a second signal stops it at once.
 */
const root = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function npmStart() {
  const copy = await postgresCopy(systemToday());
  // A build newer than the sources, so the launcher serves it instead of building the panel.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const port = await freePort();
  // Its own process group, as a terminal's foreground job: Ctrl-C is SIGINT to the whole group.
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: copy.url, FILES_DIR: copy.filesDir, DIST_DIR: dist, PORT: String(port), HOST: '127.0.0.1' },
  });
  let log = '';
  npm.stdout!.on('data', (chunk) => (log += chunk));
  npm.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, npm, () => log);
  const server = serverUnder(npm);
  cleanups.push(async () => {
    for (const pid of [npm.pid!, server]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await copy.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  return { npm, server, port, url, exited, output: () => log };
}

/** The process serving the port: the launcher's child, under npm's child (the launcher). */
function serverUnder(npm: ChildProcess): number {
  const children = (pid: number) => spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  const launcher = children(npm.pid!)[0];
  const [server] = children(launcher);
  expect(server, 'the server process under npm start').toBeGreaterThan(0);
  return server;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

async function until(condition: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + hangLimit(20_000);
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A sign-in whose body is held back: the server has read its headers (it answered 100 Continue) and waits for the
 * rest, so the request is in progress until `finish` sends the body and reads the answer.
 */
async function signInInProgress(port: number) {
  const body = JSON.stringify({ email: 'supervisor@demo.local', password: 'demo1234' });
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  const continued = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) resolve();
    }),
  );
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(answer.replace('HTTP/1.1 100 Continue\r\n\r\n', ''))));
  socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
  await continued;
  return {
    finish: () => {
      // Written, not ended: a client that half-closes its side aborts its request on a Node server.
      socket.write(body);
      return ended;
    },
    ended: () => ended,
  };
}

describeOnPostgres('npm start and signals', () => {
  it('SIGTERM to npm: the request in progress is answered, the event stream ends, then every process exits and the port is free', async () => {
    const { npm, server, port, url, exited, output } = await npmStart();
    const token = (await (await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'analista@demo.local', password: 'demo1234' }) })).json()).authorisation.token;
    const stream = sseReader(await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` } }));
    const signingIn = await signInInProgress(port);

    process.kill(npm.pid!, 'SIGTERM');
    await until(() => refuses(port), 'the server to stop accepting connections');
    expect(alive(server), 'the server still finishing its request').toBe(true);
    const answer = await signingIn.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');
    await expect(stream.next(1)).rejects.toThrow('The stream ended');

    expect(await exited).toBe(0);
    await until(() => !alive(server), 'the server process to exit');
    expect(output()).toContain('SIGTERM: finishing the requests in progress');
  });

  it('Ctrl-C (SIGINT to the foreground group) stops it gracefully; a second Ctrl-C stops it at once', async () => {
    const { npm, server, port, exited, output } = await npmStart();
    const signingIn = await signInInProgress(port);
    process.kill(-npm.pid!, 'SIGINT');
    await until(() => refuses(port), 'the server to stop accepting connections');
    // One press reached the launcher twice (terminal and npm); still stopping gracefully, not at once.
    expect(alive(server)).toBe(true);
    expect(output()).not.toContain('again: stopping now');

    await new Promise((resolve) => setTimeout(resolve, 1200));
    process.kill(-npm.pid!, 'SIGINT');
    const answer = await signingIn.ended();
    expect(answer, 'no answer to the request cut short').toBe('');
    expect(await exited).not.toBe(0);
    await until(() => !alive(server), 'the server process to exit');
    expect(output()).toContain('SIGINT again: stopping now.');
  });
});
