import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { Queryable } from './db/database.ts';

// Serialises appends so each row's prev_hash is the hash of the row before it, also across servers.
const AUDIT_LOCK = 8_150_342;
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

/** The hash covers the previous hash and every column, so editing or removing a row breaks the chain. */
export function auditHash(prevHash: string, at: string, entry: AuditEntry): string {
  const canonical = JSON.stringify([
    prevHash,
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
  return createHash('sha256').update(canonical).digest('hex');
}

/** Appends inside the caller's transaction, so a change and its audit row commit or fail together. */
export async function appendAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
  const last = await tx.kysely.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const prevHash = last?.hash ?? GENESIS_HASH;
  const at = new Date().toISOString();
  const appended = await tx.kysely
    .insertInto('audit_log')
    .values({
      at,
      user_id: entry.userId,
      action: entry.action,
      entity_type: entry.entityType ?? null,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      result: entry.result,
      ip: entry.ip ?? null,
      user_agent: entry.userAgent ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      prev_hash: prevHash,
      hash: auditHash(prevHash, at, entry),
    })
    .returning(['id', 'hash'])
    .executeTakeFirstOrThrow();
  await tx.kysely
    .updateTable('audit_head')
    .set({ last_id: appended.id, last_hash: appended.hash, row_count: sql`row_count + 1` })
    .execute();
}

export type AuditChainReport =
  | { intact: true; rows: number }
  | { intact: false; rows: number; firstBrokenId: number; reason: 'edited' | 'missing'; detail: string };

/**
 * Recomputes the chain and compares its end with the recorded head: an edited row is the first whose
 * hash does not match; rows removed from the end (or all of them) are missing links after the last one left.
 */
export async function checkAuditChain(db: Queryable): Promise<AuditChainReport> {
  const rows = await db.query<{
    id: string; at: Date; user_id: number | null; action: AuditAction; entity_type: string | null; entity_id: string | null;
    result: 'ALLOWED' | 'DENIED'; ip: string | null; user_agent: string | null; detail: Record<string, unknown> | null; prev_hash: string; hash: string;
  }>('SELECT * FROM audit_log ORDER BY id');
  let prev = GENESIS_HASH;
  for (const row of rows) {
    const expected = auditHash(prev, new Date(row.at).toISOString(), {
      userId: row.user_id, action: row.action, entityType: row.entity_type ?? undefined, entityId: row.entity_id ?? undefined,
      result: row.result, ip: row.ip ?? undefined, userAgent: row.user_agent ?? undefined, detail: row.detail ?? undefined,
    });
    if (row.prev_hash !== prev || row.hash !== expected) {
      return { intact: false, rows: rows.length, firstBrokenId: Number(row.id), reason: 'edited', detail: `row ${row.id} does not match its hash or its predecessor` };
    }
    prev = row.hash;
  }
  const head = await db.kysely.selectFrom('audit_head').select(['last_id', 'last_hash', 'row_count']).executeTakeFirstOrThrow();
  if (Number(head.row_count) !== rows.length || head.last_hash !== prev) {
    const lastLeft = rows.length ? Number(rows[rows.length - 1].id) : 0;
    return {
      intact: false,
      rows: rows.length,
      firstBrokenId: lastLeft + 1,
      reason: 'missing',
      detail: `${Number(head.row_count) - rows.length} row(s) missing after row ${lastLeft}; the chain ended at row ${head.last_id}`,
    };
  }
  return { intact: true, rows: rows.length };
}

/** The id of the first broken or missing link, or null when the chain is intact. */
export async function verifyAuditChain(db: Queryable): Promise<number | null> {
  const report = await checkAuditChain(db);
  return report.intact ? null : report.firstBrokenId;
}
