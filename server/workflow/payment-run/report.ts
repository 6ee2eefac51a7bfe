import { createHash } from 'node:crypto';
import { bankOutcome } from '@core/payments/status.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessRuleError } from '../../errors.ts';
import { readStatusReport, StatusReportError, type StatusReport } from './pain002.ts';
import type { PaymentRunRow } from './repository.ts';

/**
 * Matching a bank's status report to the run it answers, strictly: the original message id is the run's
 * folio, every payment-information id one the file carried, every end-to-end id a claim of that group.
 * Anything unmatched refuses the report whole, naming what did not match.
 */
export interface MatchedReport {
  report: StatusReport;
  sha256: string;
  /** The new bank status of each item the report answers for (items already answered finally keep theirs). */
  updates: { itemId: number; reimbursementId: number; folio: string; status: string; code: string | null; text: string | null }[];
}

export const reportHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function readReport(bytes: Uint8Array): StatusReport {
  try {
    return readStatusReport(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
  } catch (error) {
    if (error instanceof StatusReportError) throw new BusinessRuleError(error.code, error.message, [{ path: 'body/file', keyword: error.code.split('.')[1]! }]);
    throw error;
  }
}

type ItemKey = {
  id: number;
  reimbursement_id: number;
  folio: string;
  payment_information_id: string | null;
  bank_status: string | null;
}

export async function matchReport(tx: Queryable, run: PaymentRunRow, report: StatusReport, sha256: string): Promise<MatchedReport> {
  const items = await tx.query<ItemKey>(
    `SELECT i.id, i.reimbursement_id, r.folio, i.payment_information_id, i.bank_status
       FROM payment_run_items i JOIN reimbursements r ON r.id = i.reimbursement_id WHERE i.run_id = $1 ORDER BY i.id`,
    [run.id],
  );
  const groups = new Set(items.map((i) => i.payment_information_id).filter((id): id is string => id !== null));
  const byKey = new Map(items.map((i) => [`${i.payment_information_id}\u0000${i.folio}`, i]));
  const unmatched: string[] = [];
  if (report.originalMessageId !== run.folio) unmatched.push(`OrgnlMsgId ${report.originalMessageId}`);
  for (const p of report.paymentInformation) if (!groups.has(p.paymentInformationId)) unmatched.push(`OrgnlPmtInfId ${p.paymentInformationId}`);
  for (const t of report.transactions) if (!byKey.has(`${t.paymentInformationId}\u0000${t.endToEndId}`)) unmatched.push(`OrgnlEndToEndId ${t.endToEndId} (${t.paymentInformationId})`);
  if (unmatched.length) {
    throw new BusinessRuleError(
      'statusReport.unmatched',
      `The report names what this run did not send: ${unmatched.join(', ')}.`,
      unmatched.map((id) => ({ path: 'body/file', keyword: 'unmatched', params: { id } })),
    );
  }
  // Most specific first: the transaction's own status, then its payment information's, then the group's (PART says nothing per item).
  const own = new Map(report.transactions.map((t) => [`${t.paymentInformationId}\u0000${t.endToEndId}`, t]));
  const byGroup = new Map(report.paymentInformation.filter((p) => p.status).map((p) => [p.paymentInformationId, p]));
  const group = report.groupStatus && report.groupStatus !== 'PART' ? { status: report.groupStatus, reason: report.groupReason } : null;
  const updates: MatchedReport['updates'] = [];
  for (const item of items) {
    // An answer already final stays: a report may repeat it, never undo it.
    if (item.bank_status && bankOutcome(item.bank_status) !== 'pending') continue;
    const key = `${item.payment_information_id}\u0000${item.folio}`;
    const answer = own.get(key) ?? (item.payment_information_id ? byGroup.get(item.payment_information_id) : undefined) ?? group;
    if (!answer?.status || answer.status === item.bank_status) continue;
    updates.push({ itemId: item.id, reimbursementId: item.reimbursement_id, folio: item.folio, status: answer.status, code: answer.reason.code, text: answer.reason.text });
  }
  return { report, sha256, updates };
}

export async function storeStatuses(tx: Queryable, matched: MatchedReport, runId: number, receivedBy: number) {
  for (const u of matched.updates) {
    await tx.query('UPDATE payment_run_items SET bank_status = $2, bank_reason_code = $3, bank_reason_text = $4, bank_status_at = now() WHERE id = $1', [u.itemId, u.status, u.code, u.text]);
  }
  await tx.query('INSERT INTO payment_status_reports (run_id, sha256, message_id, received_by, warnings) VALUES ($1, $2, $3, $4, $5)', [
    runId,
    matched.sha256,
    matched.report.messageId,
    receivedBy,
    JSON.stringify(matched.report.warnings),
  ]);
  // Counted with the same reading of the codes as the effects (core/payments/status.ts).
  const rows = await tx.query<{ holds_claim: boolean; bank_status: string | null }>('SELECT holds_claim, bank_status FROM payment_run_items WHERE run_id = $1', [runId]);
  return {
    pending: rows.filter((r) => r.holds_claim && (r.bank_status === null || bankOutcome(r.bank_status) === 'pending')).length,
    rejected: rows.filter((r) => r.bank_status !== null && bankOutcome(r.bank_status) === 'rejected').length,
  };
}
