import { addDays, benefitYearStart } from '@core/benefits/dates.ts';
import { liquidate, type LineReview, type Liquidation } from '@core/benefits/liquidate.ts';
import type { RejectionCode } from '@core/benefits/reasons.ts';
import type { MedicalReviewReason } from '@core/benefits/review-sampling.ts';
import type { ReimbursementChanges, ReimbursementEvent, ReimbursementFacts } from '@core/workflows/reimbursement.machine.ts';
import type { Queryable } from '../../db/database.ts';
import { reimbursementEngineInputs, type EngineInputs } from '../../settings/engine-inputs.ts';
import { hasBankDetails } from '../../policyholders/handlers.ts';
import { isSupervisor, type Actor } from '../shared/actor.ts';
import { requiredDocuments } from '../../settings/required-documents.ts';
import { coveragePeriods, historyOf, ledgerOf, liveLinesOf, rulesOf, usageOf, type Ledger } from '../shared/coverage.ts';
import { attachedDocumentsOf, linesOf, type ClaimBasis, type LineRow, type ReimbursementRow, type StoredDecision } from './repository.ts';
import { medicalReviewOf, preauthorizationOf, reviewFacts } from './review-facts.ts';
import { medicalDecisions } from './medical-review.ts';
import { documentsOnFileOf, type DocumentOnFile } from './plan-documents.ts';

/** What the facts of a reimbursement were built from, which its effects and presenter use too. */
export interface ReimbursementContext {
  lines: LineRow[];
  liquidation: Liquidation;
  /** The liquidation without the reviewer's decisions (what a claim sent back to review shows). */
  automatic: Liquidation;
  missingDocuments: string[];
  /** An orthodontic claim's documents already on file for its plan, which count as given (issue 28 item 12). */
  documentsOnFile: DocumentOnFile[];
  /** R12: why the claim goes to the dental auditor. */
  medicalReview: MedicalReviewReason[];
  /** The reviewer's line decisions the liquidation applies: the APPROVE event's, else those stored at approval. */
  decisions: ReadonlyMap<number, StoredDecision>;
  /** The reader hands claims to others (a supervisor); anyone else may only take one for themselves. */
  actorIsSupervisor: boolean;
}

/** Supervisors (and administrators) assign reimbursements to anyone; other reviewers only take them. */

/** Rejections that say only that the annual or lifetime maximum had no room left when the line's turn came. */
const CUT_BY_MAXIMUM: ReadonlySet<string> = new Set(['30', '31']);

/**
 * The line decisions an evaluation applies: the medical review's line changes (issue 28), then those the APPROVE
 * event carries for the other lines, else those recorded at approval. A reduction keeps its reason when one was given.
 */
function decisionsOf(row: ReimbursementRow, lines: readonly LineRow[], event: ReimbursementEvent | undefined): Map<number, StoredDecision> {
  // The review being recorded is liquidated with its own changes, which its effect stores on the lines.
  const medical = event?.type === 'COMPLETE_MEDICAL_REVIEW' ? medicalDecisions({ result: event.result, lines: event.lines ?? [] }) : medicalDecisions(row.medical_review);
  if (event?.type === 'APPROVE') {
    const decided = (event.lines ?? []).map((d): [number, StoredDecision] => [
      d.lineId,
      { decision: d.decision, amountCents: d.decision === 'REDUCE' ? d.amountCents : null, reasonCode: d.decision === 'APPROVE' ? null : (d.reasonCode ?? null) },
    ]);
    return new Map([...decided, ...medical]);
  }
  const stored = lines.filter((l) => l.review_decision !== null).map((l): [number, StoredDecision] => [l.id, { decision: l.review_decision!, amountCents: l.review_amount_cents, reasonCode: l.review_reason }]);
  return new Map([...stored, ...medical]);
}

const reviewOf = (d: StoredDecision | undefined): LineReview | null =>
  d?.decision === 'REJECT' ? { rejectCode: d.reasonCode as RejectionCode } : d?.decision === 'REDUCE' ? { payAtMostCents: d.amountCents ?? 0 } : null;

/**
 * What the benefit engine pays for the lines now, against what the other claims of the patient use (paid or
 * reserved at approval) and the lines that come before this claim.
 */
export function liquidationOf(
  row: ClaimBasis,
  lines: readonly LineRow[],
  ledger: Ledger,
  history: Awaited<ReturnType<typeof liveLinesOf>>,
  today: string,
  settings: EngineInputs,
  decisions: ReadonlyMap<number, StoredDecision> = new Map(),
): Liquidation {
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
        review: reviewOf(decisions.get(l.id)),
      })),
    },
    {
      birthDate: row.birth_date,
      enrolmentDate: row.enrolled_on,
      policyStartDate: row.starts_on,
      priorCoverageMonths: row.prior_coverage_months,
      priorOrthodonticCoverageMonths: row.prior_orthodontic_coverage_months,
      coveragePeriods: coveragePeriods(row),
      usage: usageOf(ledger, row, row.id),
      history: historyOf(history, row.patient_id, row.id),
      invoiceDate: row.invoice_date ?? serviceDates.at(-1) ?? today,
      submissionDate: row.submitted_on ?? today,
      orthoBandingDate: row.plan_banding_date ?? undefined,
      preauthorization: preauthorizationOf(row, settings),
    },
    rulesOf(row, settings.defaults),
    settings.procedures,
  );
}

/**
 * Research 4.3: what a reimbursement needs attached before it is submitted (the settings' matrix, plus what review
 * asked for). A document on file for an orthodontic plan counts as given; one asked for in review must be new.
 */
function missingDocumentsOf(
  row: ReimbursementRow,
  lines: LineRow[],
  liquidation: Liquidation,
  own: Awaited<ReturnType<typeof attachedDocumentsOf>>,
  onFile: readonly DocumentOnFile[],
  settings: EngineInputs,
): string[] {
  const claim = row.kind === 'GENERAL' ? 'general' : row.installment_number === 0 ? 'orthodonticInitial' : 'orthodonticInstallment';
  const required = new Set(requiredDocuments(settings.documents, claim, liquidation, { lines, payee: row.payee, invoicePaid: row.invoice_paid, secondaryCoverage: row.coverage_order === 2, preauthorization: preauthorizationOf(row, settings) }));
  const attached = new Set([...own.map((a) => a.document_type), ...onFile.map((d) => d.documentType)]);
  // Documents asked for in review count only when uploaded after the request.
  const since = row.cure_deadline ? addDays(row.cure_deadline, -row.cure_days) : null;
  const sinceRequest = since ? new Set(own.filter((a) => a.uploaded_on >= since).map((a) => a.document_type)) : new Set(own.map((a) => a.document_type));
  return [...new Set([...[...required].filter((d) => !attached.has(d)), ...row.requested_documents.filter((d) => !sinceRequest.has(d))])];
}

/**
 * An approved claim is paid only as approved: the liquidation at payment gives each line the same status and
 * amounts as stored at approval (else it goes back to review instead of paying one figure and posting another).
 */
function sameAsApproved(row: ReimbursementRow, lines: LineRow[], liquidation: Liquidation): boolean {
  if (row.state !== 'approved' && row.state !== 'partiallyApproved') return true;
  return (
    liquidation.totals.payableCents === row.payable_cents &&
    liquidation.lines.every((l) => {
      const stored = lines.find((s) => String(s.id) === l.lineId);
      return stored !== undefined && stored.status === l.status && stored.covered_cents === l.coveredCents && stored.deductible_cents === l.deductibleCents;
    })
  );
}

/**
 * Research 3.2 (presentar): every service date within the verification's validity — the benefit year of its
 * planned service date, up to its last valid day (R8). An orthodontic instalment is backed by its plan's
 * preauthorization instead, whose validity ended long before the later instalments.
 */
function withinVerification(row: ReimbursementRow, lines: LineRow[], settings: EngineInputs): boolean {
  if (row.kind === 'ORTHODONTIC') return true;
  const from = benefitYearStart(rulesOf(row, settings.defaults).benefitYear, row.starts_on, row.verification_planned_on);
  return lines.every((l) => l.service_date >= from && row.verification_valid_until !== null && l.service_date <= row.verification_valid_until);
}

/**
 * The statechart's facts for each reimbursement, with four queries however many rows: their lines, their
 * attachments, their policies' ledger and their patients' lines in other live claims.
 */
export async function reimbursementFacts(q: Queryable, rows: readonly ReimbursementRow[], actor: Actor, today: string, event?: ReimbursementEvent) {
  const ids = rows.map((r) => r.id);
  // One after the other: inside a transaction they share one connection.
  const lines = await linesOf(q, ids);
  const attachments = await attachedDocumentsOf(q, ids);
  const ledger = await ledgerOf(q, rows);
  const history = await liveLinesOf(q, rows);
  const settingsOf = await reimbursementEngineInputs(q, rows);
  const onFileOf = await documentsOnFileOf(q, rows);
  // Paid by a payment run (issue 26): the run sends the money to the payee account it froze at submission, so
  // that is where it goes, whatever the holder's or doctor's record lacks for a payment by hand.
  const paidByRun = new Set(
    (
      await q.query<{ id: number }>(
        `SELECT i.reimbursement_id AS id FROM payment_run_items i JOIN payment_runs p ON p.id = i.run_id
          WHERE i.reimbursement_id = ANY($1::int[]) AND p.state = 'sent' AND NOT i.holds_claim AND i.payee_number IS NOT NULL AND i.bank_status IS DISTINCT FROM 'RJCT'`,
        [ids],
      )
    ).map((r) => r.id),
  );
  const held = new Set((await q.query<{ id: number }>('SELECT reimbursement_id AS id FROM payment_run_items WHERE holds_claim AND reimbursement_id = ANY($1::int[])', [ids])).map((r) => r.id));
  return new Map(
    rows.map((row) => {
      const own = lines.filter((l) => l.reimbursement_id === row.id);
      const settings = settingsOf(row.id);
      const decisions = decisionsOf(row, own, event);
      const medical = medicalDecisions(row.medical_review);
      const liquidation = liquidationOf(row, own, ledger, history, today, settings, decisions);
      // What the automatic check alone pays, which the reviewer's decisions may only lower.
      const automatic = decisions.size ? liquidationOf(row, own, ledger, history, today, settings) : liquidation;
      const attached = attachments.filter((a) => a.owner_id === row.id);
      const documentsOnFile = onFileOf(row, new Set(attached.map((a) => a.document_type)));
      const missingDocuments = missingDocumentsOf(row, own, liquidation, attached, documentsOnFile, settings);
      const medicalReview = medicalReviewOf(row, own, automatic, settings);
      const reasons = liquidation.lines.map((l) => l.reason);
      const facts: ReimbursementFacts = {
        actorId: actor.id ?? 0,
        actorIsSupervisor: isSupervisor(actor),
        creatorId: row.created_by,
        assigneeId: row.assignee_id,
        kind: row.kind,
        lineCount: own.length,
        missingDocuments,
        withinFilingDeadline: !reasons.includes('33'),
        coverageActiveOnServiceDates: !reasons.includes('07'),
        serviceDatesWithinVerification: withinVerification(row, own, settings),
        duplicateLineCount: reasons.filter((r) => r === '06').length,
        approvedLineCount: liquidation.lines.filter((l) => l.status === 'APPROVED').length,
        rejectedLineCount: liquidation.lines.filter((l) => l.status === 'REJECTED').length,
        reducedLineCount: liquidation.lines.filter((l) => l.status === 'APPROVED' && decisions.get(Number(l.lineId))?.decision === 'REDUCE').length,
        // A line the maximum alone cut stays the reviewer's to decide: reductions elsewhere may give it room back.
        automaticLines: automatic.lines.map((l) => ({
          lineId: Number(l.lineId),
          approved: l.status === 'APPROVED' || CUT_BY_MAXIMUM.has(l.reason ?? ''),
          coveredCents: l.coveredCents + l.excessCents,
          ...(medical.has(Number(l.lineId)) ? { fixedByMedicalReview: true } : {}),
        })),
        payableCents: liquidation.totals.payableCents,
        ...reviewFacts(row, medicalReview, actor, settings),
        cureDeadline: row.cure_deadline,
        today,
        payeeHasBankDetails: paidByRun.has(row.id) || (row.payee === 'HOLDER' ? hasBankDetails(row) : Boolean(row.doctor_tax_id)),
        alreadyPaid: row.paid_on !== null,
        heldByPaymentRun: held.has(row.id),
        liquidationUnchanged: sameAsApproved(row, own, liquidation),
      };
      const context: ReimbursementContext = { lines: own, liquidation, automatic, missingDocuments, documentsOnFile, medicalReview, decisions, actorIsSupervisor: facts.actorIsSupervisor };
      return [row.id, { facts, context }];
    }),
  );
}

type LinesInput = { invoiceDate?: string | null; lines: ReimbursementChanges['lines'] };

/**
 * What the engine would pay for lines not saved yet, as if they were the reimbursement's (the live preview
 * while a draft is typed): each line's id is its position from 1; nothing is written.
 */
export async function liquidationOfLines(q: Queryable, row: ClaimBasis, input: LinesInput, today: string): Promise<Liquidation> {
  const ledger = await ledgerOf(q, [row]);
  const history = await liveLinesOf(q, [row]);
  const settings = (await reimbursementEngineInputs(q, [row]))(row.id);
  const lines: LineRow[] = input.lines.map((l, index) => ({
    id: index + 1,
    reimbursement_id: row.id,
    position: index + 1,
    procedure_code: l.procedureCode,
    tooth: l.tooth ?? null,
    surfaces: l.surfaces ?? null,
    service_date: l.serviceDate,
    quantity: l.quantity ?? 1,
    charged_cents: l.chargedCents,
    other_insurer_paid_cents: l.otherInsurerPaidCents ?? 0,
    category: null,
    allowed_cents: null,
    deductible_cents: null,
    covered_cents: null,
    excess_cents: null,
    status: 'PENDING',
    reason: null,
    review_decision: null,
    review_amount_cents: null,
    review_reason: null,
  }));
  return liquidationOf({ ...row, invoice_date: input.invoiceDate === undefined ? row.invoice_date : input.invoiceDate }, lines, ledger, history, today, settings);
}
