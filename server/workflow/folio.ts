import type { Queryable } from '../db/database.ts';

/** Human folio such as `VER-2026-000123`: prefix, year and a number from one shared sequence. */
export async function nextFolio(tx: Queryable, prefix: 'VER' | 'REE' | 'ORT', today: string): Promise<string> {
  const [{ n }] = await tx.query<{ n: string }>(`SELECT nextval('folio_seq')::text AS n`);
  return `${prefix}-${today.slice(0, 4)}-${n.padStart(6, '0')}`;
}
