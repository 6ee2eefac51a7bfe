import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';

/** Human folio such as `VER-2026-000123`: prefix, year and a number from one shared sequence. */
export async function nextFolio(tx: Queryable, prefix: 'VER' | 'REE' | 'ORT' | 'PAG', today: string): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT nextval('folio_seq')::text AS n`.execute(tx.kysely);
  return `${prefix}-${today.slice(0, 4)}-${rows[0].n.padStart(6, '0')}`;
}
