import type { MedicalLineChange, MedicalReviewResult, ReimbursementEvent } from '@core/workflows/reimbursement.machine.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessRuleError } from '../../errors.ts';
import type { StoredDecision } from './repository.ts';

/** The latest medical review as the claim keeps it (migration 042); the history row keeps every one. */
export interface StoredMedicalReview {
  result: MedicalReviewResult;
  findings: string | null;
  attachmentId: number | null;
  /** The document's file name when the review was recorded, so the record and the PDF name it without a lookup. */
  attachmentName: string | null;
  documents: string[];
  lines: MedicalLineChange[];
  reviewerId: number;
  reviewerName: string;
  at: string;
}

type Review = Extract<ReimbursementEvent, { type: 'COMPLETE_MEDICAL_REVIEW' }>;

/** The review's line changes as the liquidation applies them: the approval keeps them, the approver decides the rest. */
export function medicalDecisions(review: Pick<StoredMedicalReview, 'result' | 'lines'> | null): Map<number, StoredDecision> {
  if (!review || (review.result !== 'REDUCE' && review.result !== 'REJECT_LINES')) return new Map();
  return new Map(review.lines.map((c) => [c.lineId, { decision: c.decision, amountCents: c.decision === 'REDUCE' ? c.amountCents : null, reasonCode: c.reasonCode }]));
}

/**
 * The review to store, with its reviewer's name and its document's: a document must be one of this claim's
 * (422 on `attachmentId` otherwise, nothing stored: the transaction is undone).
 */
export async function storedReview(tx: Queryable, claimId: number, event: Review, reviewerId: number): Promise<StoredMedicalReview> {
  let attachmentName: string | null = null;
  if (event.attachmentId !== undefined) {
    const found = await tx.kysely
      .selectFrom('attachments')
      .select('file_name')
      .where('id', '=', event.attachmentId)
      .where('owner_type', '=', 'reimbursement')
      .where('owner_id', '=', claimId)
      .executeTakeFirst();
    if (!found) throw new BusinessRuleError('reimbursement.reviewAttachmentUnknown', 'The review may cite only a document of this reimbursement.', [{ path: 'body/attachmentId', keyword: 'exists' }]);
    attachmentName = found.file_name;
  }
  const reviewer = await tx.kysely.selectFrom('users').select('name').where('id', '=', reviewerId).executeTakeFirst();
  return {
    result: event.result,
    findings: event.findings?.trim() || null,
    attachmentId: event.attachmentId ?? null,
    attachmentName,
    documents: event.result === 'REQUEST_DOCUMENTS' ? [...new Set(event.documents ?? [])] : [],
    lines: event.lines ?? [],
    reviewerId,
    reviewerName: reviewer?.name ?? '',
    at: new Date().toISOString(),
  };
}
