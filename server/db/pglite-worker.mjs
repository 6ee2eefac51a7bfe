// The embedded database's own thread (server/db/pglite-thread.ts starts it). Plain JavaScript so that it
// starts the same under tsx, Vitest and plain Node. One operation at a time, in the order received;
// the notifications a statement raised travel back with its answer.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// What the server reads of a database error (the answer it gives, the log line): never the failed
// query's text or parameters, which PGlite attaches to the error too.
const ERROR_FIELDS = ['severity', 'code', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

const { target, loadDataDir } = workerData;
// A data directory saved by dumpDataDir (a tarball) starts the database without initdb (tests' templates).
const options = { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir: new Blob([fs.readFileSync(loadDataDir)]) } : {}) };
const db = target === 'memory://' ? new PGlite(options) : new PGlite(target, options);
const heard = [];
db.onNotification((channel, payload) => heard.push([channel, payload]));

const run = {
  query: async ({ sql, params }) => {
    const result = await db.query(sql, params);
    return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
  },
  exec: async ({ sql }) => (await db.exec(sql)).map((result) => ({ rows: result.rows, affectedRows: result.affectedRows ?? 0 })),
  // A checkpoint first: a copy taken without one starts by replaying the WAL, and sequences replayed from it
  // jump ahead (PostgreSQL logs 32 values in advance), so the copy's next ids would not follow its rows.
  dumpDataDir: async () => {
    await db.exec('CHECKPOINT');
    return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
  },
  close: async () => db.close(),
};

function problem(error) {
  const fields = Object.fromEntries(ERROR_FIELDS.filter((field) => error?.[field] !== undefined).map((field) => [field, error[field]]));
  return { name: error?.name ?? 'Error', message: String(error?.message ?? error), ...fields };
}

let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    let answer;
    try {
      answer = { id: message.id, ok: true, value: await run[message.op](message) };
    } catch (error) {
      answer = { id: message.id, ok: false, error: problem(error) };
    }
    answer.notifications = heard.splice(0);
    parentPort.postMessage(answer);
  });
});

try {
  await db.waitReady;
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: problem(error) });
}
