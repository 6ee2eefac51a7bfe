import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres-cluster.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** One real API process (`server/main.ts`, as `npm start` runs it) on the shared PostgreSQL. */
export interface ApiProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed, for assertions and for failure messages. */
  readonly output: () => string;
  fetch: (pathname: string, init?: RequestInit & { token?: string }) => Promise<Response>;
  /** JSON call answering `{status, body}`. */
  call: <B = any>(method: string, pathname: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }) => Promise<{ status: number; body: B; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  signIn: (email: string, password?: string) => Promise<string>;
  /** SIGKILL, as a crash: no cleanup runs. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = hangLimit(90_000)) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`API process did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts an API process on `databaseUrl`. `env` adds to the process's environment (for example
 * `SEED_DEMO: '1'` for the first process, or a short `EXPORT_POLL_MS`).
 */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const output = () => log;
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForHealth(url, child, output);

  const doFetch = (pathname: string, init: RequestInit & { token?: string } = {}) => {
    const { token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(`${url}${pathname}`, { ...rest, headers });
  };
  const call: ApiProcess['call'] = async (method, pathname, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(pathname, {
      method,
      headers,
      token: options.token,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const body = text && /\bjson\b/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
    return { status: response.status, body, headers: response.headers };
  };
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    child,
    output,
    fetch: doFetch,
    call,
    signIn: async (email, password = 'demo1234') => {
      const { status, body } = await call('POST', '/api/login', { body: { email, password } });
      if (status !== 200) throw new Error(`Sign-in of ${email} on ${url} answered ${status}: ${JSON.stringify(body)}`);
      return body.authorisation.token as string;
    },
    kill: () => stopWith('SIGKILL'),
    stop: () => stopWith('SIGTERM'),
  };
}

/**
 * A throw-away PostgreSQL 15 and `count` API processes on it. The first one migrates and seeds the
 * demo data alone before the others start (two first starts would race on the migrations).
 */
export async function startCluster(count = 2, env: Record<string, string> = {}) {
  const database = await startPostgres();
  const processes: ApiProcess[] = [];
  try {
    processes.push(await startApiProcess(database.url, { SEED_DEMO: '1', ...env }));
    const rest = await Promise.all(Array.from({ length: count - 1 }, () => startApiProcess(database.url, env)));
    processes.push(...rest);
  } catch (error) {
    await Promise.all(processes.map((p) => p.stop()));
    await database.stop();
    throw error;
  }
  return {
    databaseUrl: database.url,
    processes,
    /** Starts one more process on the same database (after a crash, say). */
    add: async (extra: Record<string, string> = {}) => {
      const next = await startApiProcess(database.url, { ...env, ...extra });
      processes.push(next);
      return next;
    },
    stop: async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await database.stop();
    },
  };
}
