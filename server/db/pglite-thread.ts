import { Worker } from 'node:worker_threads';

/** What the server asks of an embedded PGlite session (the pool, migrations' scripts, notifications). */
export interface EmbeddedSession {
  query<R>(sql: string, params: unknown[]): Promise<{ rows: R[]; affectedRows: number }>;
  exec(sql: string): Promise<{ rows: unknown[]; affectedRows: number }[]>;
  onNotification(callback: (channel: string, payload: string) => void): () => void;
  /** The whole data directory as a tarball, which `loadDataDir` starts from again. */
  dumpDataDir(): Promise<Uint8Array>;
  close(): Promise<void>;
}

type Answer = { id: number; notifications: [string, string][] } & ({ ok: true; value: unknown } | { ok: false; error: ErrorFields });
type ErrorFields = { name: string; message: string } & Record<string, unknown>;

function rebuild({ name, message, ...fields }: ErrorFields): Error {
  return Object.assign(new Error(message), fields, { name });
}

/**
 * PGlite in a thread of its own. On the event loop its statements ran between every other callback,
 * so under 200 clients the loop went round a few times a second and accepted one connection per
 * round: the last clients waited in the listen queue for 20–40 s while the first were served again
 * and again (docs/architecture.md, "The request path"). Here the loop only parses, routes and answers.
 *
 * A statement's notifications are handed to the listeners before its promise resolves, as PGlite
 * itself does: the session cache relies on a revocation being known when its COMMIT answers.
 */
export async function startEmbeddedThread(target: string, loadDataDir?: string): Promise<EmbeddedSession> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { target, loadDataDir } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(channel: string, payload: string) => void>();
  let serial = 0;
  let failure: Error | undefined;

  // The thread keeps the process alive only while it owes an answer: an idle server, a finished CLI may exit.
  worker.unref();
  const settleAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    worker.once('message', (first: { ready: boolean; error?: ErrorFields }) => (first.ready ? resolve() : reject(rebuild(first.error!))));
    worker.once('error', reject);
  });
  worker.on('message', (answer: Answer) => {
    for (const [channel, payload] of answer.notifications) for (const listener of listeners) listener(channel, payload);
    const waiter = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (!waiter) return;
    if (answer.ok) waiter.resolve(answer.value);
    else waiter.reject(rebuild(answer.error));
  });
  worker.on('error', (error) => settleAll(error));
  worker.on('exit', (code) => settleAll(new Error(`the embedded database's thread stopped (exit code ${code})`)));

  const send = <T>(message: { op: 'query' | 'exec' | 'dumpDataDir' | 'close'; sql?: string; params?: unknown[] }) =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = ++serial;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
      try {
        worker.postMessage({ id, ...message });
      } catch (error) {
        // A parameter that cannot be copied to the thread (never sent by the query builder).
        pending.delete(id);
        if (pending.size === 0) worker.unref();
        reject(error as Error);
      }
    });

  return {
    query: (sql, params) => send({ op: 'query', sql, params }),
    exec: (sql) => send({ op: 'exec', sql }),
    dumpDataDir: () => send({ op: 'dumpDataDir' }),
    onNotification(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    async close() {
      if (failure) return;
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
}
