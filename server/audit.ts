import { createHash } from 'node:crypto';
import type { Database, Queryable } from './db/database.ts';
import { requestArrival } from './db/fair-gate.ts';

export const GENESIS_HASH = '0'.repeat(64);

export type AuditAction =
  | 'LOGIN'
  | 'LOGIN_FAILED'
  | 'LOGOUT'
  | 'REGISTER'
  | 'PASSWORD_RESET_REQUESTED'
  | 'PASSWORD_RESET'
  | 'PASSWORD_CHANGED'
  | 'ACCESS_DENIED'
  | 'LIST'
  | 'VIEW'
  | 'CREATE'
  | 'UPDATE'
  | 'DELETE'
  | 'STATE_CHANGE'
  /** A masked value shown in full (a policyholder's bank details). */
  | 'REVEAL'
  | 'DOWNLOAD';

export interface AuditEntry {
  userId: number | null;
  action: AuditAction;
  entityType?: string;
  entityId?: string | number;
  result: 'ALLOWED' | 'DENIED';
  ip?: string;
  userAgent?: string;
  detail?: Record<string, unknown>;
}

// jsonb does not keep key order, so the hash is taken over keys in sorted order.
const sortedKeys = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;

/** Every column but the previous hash, as the JSON text the hash covers after it. */
function canonicalRest(at: string, entry: AuditEntry): string {
  const rest = JSON.stringify([
    at,
    entry.userId ?? null,
    entry.action,
    entry.entityType ?? null,
    entry.entityId == null ? null : String(entry.entityId),
    entry.result,
    entry.ip ?? null,
    entry.userAgent ?? null,
    entry.detail ?? null,
  ], sortedKeys);
  return rest.slice(1);
}

/**
 * The hash covers the previous hash and every column, so editing or removing a row breaks the chain:
 * the SHA-256 of the JSON array [previous hash, at, user, action, …] with object keys sorted.
 */
export function auditHash(prevHash: string, at: string, entry: AuditEntry): string {
  return createHash('sha256').update(`["${prevHash}",${canonicalRest(at, entry)}`).digest('hex');
}

/**
 * Appends inside the caller's transaction, so a change and its audit row commit or fail together.
 * One statement (migration 020's audit_append) locks the chain's head row, which serialises appends
 * also across servers on one PostgreSQL, chains the rows' hashes in order and moves the head.
 */
export async function appendAudit(tx: Queryable, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const at = new Date().toISOString();
  const rows = entries.map((entry) => ({
    at,
    user_id: entry.userId,
    action: entry.action,
    entity_type: entry.entityType ?? null,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    result: entry.result,
    ip: entry.ip ?? null,
    user_agent: entry.userAgent ?? null,
    detail: entry.detail,
    canonical_rest: canonicalRest(at, entry),
  }));
  await tx.query('SELECT audit_append($1::jsonb)', [JSON.stringify(rows)]);
}

type Waiting = { entry: AuditEntry; done: () => void; failed: (error: unknown) => void };
const queues = new WeakMap<Database, { waiting: Waiting[]; flushing: boolean }>();

async function appendAlone(db: Queryable, batch: Waiting[]) {
  try {
    // One statement is its own transaction: no BEGIN and COMMIT around it.
    await appendAudit(db, ...batch.map((w) => w.entry));
    for (const w of batch) w.done();
  } catch (error) {
    // One bad entry must not take the others' rows with it: each is tried on its own.
    if (batch.length === 1) batch[0].failed(error);
    else for (const w of batch) await appendAlone(db, [w]);
  }
}

/**
 * Records an audit row that goes with no change (a read, a refusal) and resolves once it is
 * committed. Rows are committed together (group commit): under load, one head lock and one insert
 * serve many requests, and each request still answers only after its own row is durable.
 *
 * The batch is taken once a connection is in hand, and the commit queues for it as if it arrived
 * now, behind the requests already waiting (server/db/fair-gate.ts): those reach their own audit
 * row meanwhile and join the batch. Taking the batch first and queueing as its oldest request made
 * batches of one on PGlite's single connection: three statements per list read instead of two and a bit.
 */
export function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], flushing: false }));
  const q = queue;
  const recorded = new Promise<void>((done, failed) => q.waiting.push({ entry, done, failed }));
  if (!q.flushing) {
    q.flushing = true;
    void (async () => {
      while (q.waiting.length) {
        // One turn of the event loop first: over HTTP the other requests are parsed and reach their own
        // rows in that turn.
        await new Promise((resolve) => setImmediate(resolve));
        try {
          await requestArrival.run(performance.now(), () => db.withConnection((connection) => appendAlone(connection, q.waiting.splice(0))));
        } catch (error) {
          // No connection to be had: none of the waiting rows was stored.
          for (const w of q.waiting.splice(0)) w.failed(error);
        }
      }
      q.flushing = false;
    })();
  }
  return recorded;
}

/** Rows the verifier reads at a time. */
const VERIFY_PAGE = 10_000;

export type AuditChainReport =
  | { intact: true; rows: number }
  | { intact: false; rows: number; firstBrokenId: number; reason: 'edited' | 'missing'; detail: string };

/**
 * Recomputes the chain and compares its end with the recorded head: an edited row is the first whose
 * hash does not match; rows removed from the end (or all of them) are missing links after the last one left.
 */
export async function checkAuditChain(db: Queryable): Promise<AuditChainReport> {
  let prev = GENESIS_HASH;
  let count = 0;
  let lastId = 0;
  // In pages by id: a real office's log is tens of millions of rows, more than a process holds at once.
  for (;;) {
    const rows = await db.query<{
      id: string; at: Date; user_id: number | null; action: AuditAction; entity_type: string | null; entity_id: string | null;
      result: 'ALLOWED' | 'DENIED'; ip: string | null; user_agent: string | null; detail: Record<string, unknown> | null; prev_hash: string; hash: string;
    }>('SELECT * FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2', [lastId, VERIFY_PAGE]);
    for (const row of rows) {
      const expected = auditHash(prev, new Date(row.at).toISOString(), {
        userId: row.user_id, action: row.action, entityType: row.entity_type ?? undefined, entityId: row.entity_id ?? undefined,
        result: row.result, ip: row.ip ?? undefined, userAgent: row.user_agent ?? undefined, detail: row.detail ?? undefined,
      });
      if (row.prev_hash !== prev || row.hash !== expected) {
        return { intact: false, rows: count + rows.length, firstBrokenId: Number(row.id), reason: 'edited', detail: `row ${row.id} does not match its hash or its predecessor` };
      }
      prev = row.hash;
    }
    count += rows.length;
    if (rows.length) lastId = Number(rows[rows.length - 1].id);
    if (rows.length < VERIFY_PAGE) break;
  }
  const head = await db.kysely.selectFrom('audit_head').select(['last_id', 'last_hash', 'row_count']).executeTakeFirstOrThrow();
  if (Number(head.row_count) !== count || head.last_hash !== prev) {
    return {
      intact: false,
      rows: count,
      firstBrokenId: lastId + 1,
      reason: 'missing',
      detail: `${Number(head.row_count) - count} row(s) missing after row ${lastId}; the chain ended at row ${head.last_id}`,
    };
  }
  return { intact: true, rows: count };
}

/** The id of the first broken or missing link, or null when the chain is intact. */
export async function verifyAuditChain(db: Queryable): Promise<number | null> {
  const report = await checkAuditChain(db);
  return report.intact ? null : report.firstBrokenId;
}
