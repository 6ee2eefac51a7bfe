import { addDays } from '../../../src/domain/benefits/dates.ts';
import { liquidate, type Liquidation } from '../../../src/domain/benefits/liquidate.ts';
import type { ReimbursementFacts } from '../../../src/machines/reimbursement.machine.ts';
import type { Queryable } from '../../db/database.ts';
import { reimbursementEngineInputs, type EngineInputs } from '../../settings/engine-inputs.ts';
import { hasBankDetails } from '../../resources/policyholders.ts';
import type { Actor } from '../shared/actor.ts';
import { requiredDocuments } from '../../settings/required-documents.ts';
import { approvedLinesOf, coveragePeriods, historyOf, ledgerOf, rulesOf, usageOf, type Ledger } from '../shared/coverage.ts';
import { attachedDocumentsOf, linesOf, type LineRow, type ReimbursementRow } from './repository.ts';

/** R13: approvals above 1,000.00 need the supervisor's permission. */
export const APPROVAL_THRESHOLD_CENTS = 100_000;
export const APPROVE_ABOVE_THRESHOLD = 'reimbursements:approve_above_threshold';

/** What the facts of a reimbursement were built from, which its effects and presenter use too. */
export interface ReimbursementContext {
  lines: LineRow[];
  liquidation: Liquidation;
  missingDocuments: string[];
}

/** What the benefit engine pays for the lines now, with the patient's ledger and history as they are. */
function liquidationOf(row: ReimbursementRow, lines: LineRow[], ledger: Ledger, history: Awaited<ReturnType<typeof approvedLinesOf>>, today: string, settings: EngineInputs): Liquidation {
  const serviceDates = lines.map((l) => l.service_date).sort();
  return liquidate(
    {
      type: row.kind,
      lines: lines.map((l) => ({
        lineId: String(l.id),
        code: l.procedure_code,
        tooth: l.tooth,
        serviceDate: l.service_date,
        quantity: l.quantity,
        chargedCents: l.charged_cents,
        otherInsurerPaidCents: l.other_insurer_paid_cents,
      })),
    },
    {
      birthDate: row.birth_date,
      enrolmentDate: row.enrolled_on,
      policyStartDate: row.starts_on,
      priorCoverageMonths: row.prior_coverage_months,
      coveragePeriods: coveragePeriods(row),
      usage: usageOf(ledger, row),
      history: historyOf(history, row.patient_id, row.id),
      invoiceDate: row.invoice_date ?? serviceDates.at(-1) ?? today,
      submissionDate: row.submitted_on ?? today,
      orthoBandingDate: row.plan_banding_date ?? undefined,
    },
    rulesOf(row, settings.defaults),
    settings.procedures,
  );
}

/** Research 4.3: what a reimbursement needs attached before it is submitted (the settings' matrix, plus what review asked for). */
function missingDocumentsOf(row: ReimbursementRow, lines: LineRow[], liquidation: Liquidation, attachments: Awaited<ReturnType<typeof attachedDocumentsOf>>, settings: EngineInputs): string[] {
  const required = new Set(requiredDocuments(settings.documents, row.kind === 'GENERAL' ? 'general' : row.installment_number === 0 ? 'orthodonticInitial' : 'orthodonticInstallment', liquidation, lines));
  const own = attachments.filter((a) => a.owner_id === row.id);
  const attached = new Set(own.map((a) => a.document_type));
  // Documents asked for in review count only when uploaded after the request.
  const since = row.cure_deadline ? addDays(row.cure_deadline, -row.cure_days) : null;
  const sinceRequest = since ? new Set(own.filter((a) => a.uploaded_on >= since).map((a) => a.document_type)) : attached;
  return [...[...required].filter((d) => !attached.has(d)), ...row.requested_documents.filter((d) => !sinceRequest.has(d))];
}

/**
 * The statechart's facts for each reimbursement, with four queries however many rows: their lines, their
 * attachments, their policies' ledger and their patients' approved lines elsewhere.
 */
export async function reimbursementFacts(q: Queryable, rows: readonly ReimbursementRow[], actor: Actor, today: string) {
  const ids = rows.map((r) => r.id);
  // One after the other: inside a transaction they share one connection.
  const lines = await linesOf(q, ids);
  const attachments = await attachedDocumentsOf(q, ids);
  const ledger = await ledgerOf(q, rows);
  const history = await approvedLinesOf(q, rows);
  const settingsOf = await reimbursementEngineInputs(q, rows);
  return new Map(
    rows.map((row) => {
      const own = lines.filter((l) => l.reimbursement_id === row.id);
      const liquidation = liquidationOf(row, own, ledger, history, today, settingsOf(row.id));
      const missingDocuments = missingDocumentsOf(row, own, liquidation, attachments, settingsOf(row.id));
      const reasons = liquidation.lines.map((l) => l.reason);
      const facts: ReimbursementFacts = {
        actorId: actor.id ?? 0,
        creatorId: row.created_by,
        kind: row.kind,
        lineCount: own.length,
        missingDocuments,
        withinFilingDeadline: !reasons.includes('33'),
        coverageActiveOnServiceDates: !reasons.includes('07'),
        duplicateLineCount: reasons.filter((r) => r === '06').length,
        approvedLineCount: liquidation.lines.filter((l) => l.status === 'APPROVED').length,
        rejectedLineCount: liquidation.lines.filter((l) => l.status === 'REJECTED').length,
        payableCents: liquidation.totals.payableCents,
        approvalThresholdCents: APPROVAL_THRESHOLD_CENTS,
        actorCanApproveAboveThreshold: actor.permissions?.includes(APPROVE_ABOVE_THRESHOLD) ?? false,
        cureDeadline: row.cure_deadline,
        today,
        payeeHasBankDetails: row.payee === 'HOLDER' ? hasBankDetails(row) : Boolean(row.doctor_tax_id),
        alreadyPaid: row.paid_on !== null,
      };
      const context: ReimbursementContext = { lines: own, liquidation, missingDocuments };
      return [row.id, { facts, context }];
    }),
  );
}
