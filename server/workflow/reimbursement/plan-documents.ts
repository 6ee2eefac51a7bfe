import type { Queryable } from '../../db/database.ts';
import type { ReimbursementRow } from './repository.ts';

/**
 * Research 4.3 marks the treatment's documents "N (plan already on file)" for a later instalment: what was
 * given for the plan stands for all its claims (issue 28 item 12). These prove one payment and are the
 * claim's own every time: the invoice, its receipt and the other insurer's statement of what it paid.
 */
const PER_PAYMENT: ReadonlySet<string> = new Set(['INVOICE', 'PAYMENT_RECEIPT', 'OTHER_INSURER_EOB']);

/** A document an orthodontic claim reuses: attached to its plan, or to another live claim of the plan (by folio). */
export interface DocumentOnFile {
  documentType: string;
  source: 'ORTHODONTIC_PLAN' | 'REIMBURSEMENT';
  reimbursementId: number | null;
  folio: string | null;
}

type Found = { planId: number; documentType: string; source: DocumentOnFile['source']; reimbursementId: number | null; folio: string | null };

/**
 * The documents on file for each orthodontic claim's plan, in one query however many claims: the plan's own
 * first, then its other claims' oldest first; one source per document type; none the claim attached itself.
 * A cancelled claim's documents do not count (it was withdrawn, perhaps for being wrong). The query runs even with no
 * orthodontic claim among the rows, so that a list's queries never depend on what its page holds.
 */
export async function documentsOnFileOf(q: Queryable, rows: readonly ReimbursementRow[]) {
  const planIds = [...new Set(rows.map((r) => r.orthodontic_plan_id).filter((id): id is number => id !== null))];
  const found = await q.query<Found>(
    `SELECT a.owner_id AS "planId", a.document_type AS "documentType", 'ORTHODONTIC_PLAN' AS source, NULL::int AS "reimbursementId", NULL::text AS folio, 0 AS rank, a.id
       FROM attachments a WHERE a.owner_type = 'orthodontic_plan' AND a.owner_id = ANY($1::int[])
     UNION ALL
     SELECT r.orthodontic_plan_id, a.document_type, 'REIMBURSEMENT', r.id, r.folio, 1, a.id
       FROM attachments a JOIN reimbursements r ON a.owner_type = 'reimbursement' AND a.owner_id = r.id
      WHERE r.orthodontic_plan_id = ANY($1::int[]) AND r.state <> 'cancelled'
     ORDER BY rank, "reimbursementId", id`,
    [planIds],
  );
  return (row: ReimbursementRow, ownTypes: ReadonlySet<string>): DocumentOnFile[] => {
    const byType = new Map<string, DocumentOnFile>();
    for (const f of found) {
      if (f.planId !== row.orthodontic_plan_id || f.reimbursementId === row.id || PER_PAYMENT.has(f.documentType)) continue;
      if (ownTypes.has(f.documentType) || byType.has(f.documentType)) continue;
      byType.set(f.documentType, { documentType: f.documentType, source: f.source, reimbursementId: f.reimbursementId, folio: f.folio });
    }
    return [...byType.values()];
  };
}
