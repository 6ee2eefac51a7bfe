import { allowedEvents, snapshotAt, step } from '../../src/machines/workflow.ts';
import {
  INCOMPLETE_DOCUMENTATION_REASON,
  REIMBURSEMENT_EDITABLE_STATES,
  reimbursementMachine,
  type ReimbursementEvent,
  type ReimbursementFacts,
} from '../../src/machines/reimbursement.machine.ts';
import { orthodonticInstallmentMachine } from '../../src/machines/orthodontic-installment.machine.ts';
import { addDays, benefitYearStart } from '../../src/domain/benefits/dates.ts';
import { liquidate, type Liquidation } from '../../src/domain/benefits/liquidate.ts';
import { categoryOf } from '../../src/domain/benefits/procedures.ts';
import { REJECTION_REASONS, isRejectionCode } from '../../src/domain/benefits/reasons.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, notFound } from '../http/problem.ts';
import { nextFolio } from './folio.ts';
import { COVERAGE_COLUMNS, coveragePeriods, historyOf, rulesOf, usageOf, type CoverageRow } from './coverage.ts';
import { appendHistory } from './history.ts';
import { refusal, runEvent, type Effect } from './run-event.ts';
import type { Actor } from './shared/actor.ts';

/** R13: approvals above 1,000.00 need the supervisor's permission. */
export const APPROVAL_THRESHOLD_CENTS = 100_000;
export const APPROVE_ABOVE_THRESHOLD = 'reimbursements:approve_above_threshold';

export const SELECT = `SELECT r.*, r.invoice_date::text AS invoice_date, r.submitted_on::text AS submitted_on, r.cure_deadline::text AS cure_deadline,
    r.paid_on::text AS paid_on, p.first_names || ' ' || p.last_name AS patient_name, i.name AS insurer_name, i.cure_days,
    h.bank_account, d.tax_id AS doctor_tax_id, ${COVERAGE_COLUMNS}
  FROM reimbursements r
  JOIN patients p ON p.id = r.patient_id
  JOIN policies po ON po.id = r.policy_id
  JOIN insurers i ON i.id = r.insurer_id
  JOIN policyholders h ON h.id = po.policyholder_id
  JOIN doctors d ON d.id = r.doctor_id`;

export type Row = CoverageRow & {
  id: number; folio: string; verification_id: number; insurer_id: number; doctor_id: number; kind: 'GENERAL' | 'ORTHODONTIC'; orthodontic_plan_id: number | null;
  installment_id: number | null; payee: 'HOLDER' | 'PROVIDER'; invoice_number: string | null; invoice_date: string | null; currency: string;
  claimed_cents: number; allowed_cents: number; deductible_cents: number; payable_cents: number; paid_cents: number | null; state: string;
  reason: string | null; submitted_on: string | null; cure_deadline: string | null; requested_documents: string[]; approved_by: number | null;
  payment_reference: string | null; paid_on: string | null; created_by: number; version: number; created_at: Date; updated_at: Date;
  patient_name: string; insurer_name: string; cure_days: number; bank_account: string | null; doctor_tax_id: string | null;
};

export type LineRow = {
  id: number; position: number; procedure_code: string; tooth: string | null; service_date: string; quantity: number; charged_cents: number;
  other_insurer_paid_cents: number; category: string | null; allowed_cents: number | null; deductible_cents: number | null;
  covered_cents: number | null; excess_cents: number | null; status: 'PENDING' | 'APPROVED' | 'REJECTED'; reason: string | null;
};

export async function findReimbursement(q: Queryable, id: number, lock = false): Promise<Row> {
  const [row] = await q.query<Row>(`${SELECT} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [id]);
  if (!row) throw notFound('reimbursement');
  return row;
}

export const linesOf = (q: Queryable, id: number) =>
  q.query<LineRow>(`SELECT *, service_date::text AS service_date FROM reimbursement_lines WHERE reimbursement_id = $1 ORDER BY position`, [id]);

/** What the benefit engine pays for the lines now, with the patient's ledger and history as they are. */
export async function liquidationOf(q: Queryable, row: Row, lines: LineRow[], today: string): Promise<Liquidation> {
  const serviceDates = lines.map((l) => l.service_date).sort();
  // Orthodontic age limits apply at banding (R7), not on each instalment's service date.
  const [plan] = row.orthodontic_plan_id
    ? await q.query<{ banding_date: string | null }>('SELECT banding_date::text AS banding_date FROM orthodontic_plans WHERE id = $1', [row.orthodontic_plan_id])
    : [];
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
      usage: await usageOf(q, row),
      history: await historyOf(q, row.patient_id, row.id),
      invoiceDate: row.invoice_date ?? serviceDates.at(-1) ?? today,
      submissionDate: row.submitted_on ?? today,
      orthoBandingDate: plan?.banding_date ?? undefined,
    },
    rulesOf(row),
  );
}

/** Research 4.3: what a reimbursement needs attached before it is submitted (plus what review asked for). */
export async function missingDocumentsOf(q: Queryable, row: Row, lines: LineRow[]): Promise<string[]> {
  const required = new Set<string>(['INVOICE']);
  if (row.kind === 'GENERAL') {
    required.add('CLAIM_FORM');
    if (lines.some((l) => ['BASIC', 'MAJOR'].includes(categoryOf(l.procedure_code) ?? ''))) required.add('DENTAL_REPORT');
  } else {
    const [installment] = await q.query<{ number: number }>('SELECT number FROM orthodontic_installments WHERE id = $1', [row.installment_id]);
    if (installment?.number === 0) ['CLAIM_FORM', 'TREATMENT_PLAN'].forEach((d) => required.add(d));
  }
  const attached = new Set(
    (await q.query<{ document_type: string }>(`SELECT DISTINCT document_type FROM attachments WHERE owner_type = 'reimbursement' AND owner_id = $1`, [row.id])).map(
      (a) => a.document_type,
    ),
  );
  // Documents asked for in review count only when uploaded after the request.
  const since = row.cure_deadline ? addDays(row.cure_deadline, -row.cure_days) : null;
  const sinceRequest = since
    ? new Set(
        (await q.query<{ document_type: string }>(
          `SELECT DISTINCT document_type FROM attachments WHERE owner_type = 'reimbursement' AND owner_id = $1 AND uploaded_at::date >= $2::date`,
          [row.id, since],
        )).map((a) => a.document_type),
      )
    : attached;
  return [...[...required].filter((d) => !attached.has(d)), ...row.requested_documents.filter((d) => !sinceRequest.has(d))];
}

async function factsOf(q: Queryable, row: Row, lines: LineRow[], actor: Actor, today: string) {
  const liquidation = await liquidationOf(q, row, lines, today);
  const reasons = liquidation.lines.map((l) => l.reason);
  const facts: ReimbursementFacts = {
    actorId: actor.id ?? 0,
    creatorId: row.created_by,
    kind: row.kind,
    lineCount: lines.length,
    missingDocuments: await missingDocumentsOf(q, row, lines),
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
    payeeHasBankDetails: row.payee === 'HOLDER' ? Boolean(row.bank_account) : Boolean(row.doctor_tax_id),
    alreadyPaid: row.paid_on !== null,
  };
  return { facts, liquidation };
}

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
const PROBE_EVENTS: ReimbursementEvent[] = [
  { type: 'SUBMIT' },
  { type: 'REQUEST_DOCUMENTS', documents: ['INVOICE'] },
  { type: 'RESUBMIT' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: 'x' },
  { type: 'PAY', reference: 'x' },
  { type: 'CANCEL', reason: 'x' },
];

export async function presentReimbursement(q: Queryable, row: Row, actor: Actor, today: string) {
  const lines = await linesOf(q, row.id);
  const { facts } = await factsOf(q, row, lines, actor, today);
  return {
    id: row.id,
    folio: row.folio,
    verificationId: row.verification_id,
    patientId: row.patient_id,
    patientName: row.patient_name,
    policyId: row.policy_id,
    insurerId: row.insurer_id,
    insurerName: row.insurer_name,
    doctorId: row.doctor_id,
    kind: row.kind,
    orthodonticPlanId: row.orthodontic_plan_id,
    installmentId: row.installment_id,
    payee: row.payee,
    invoiceNumber: row.invoice_number,
    invoiceDate: row.invoice_date,
    currency: row.currency.trim(),
    claimedCents: row.claimed_cents,
    allowedCents: row.allowed_cents,
    deductibleCents: row.deductible_cents,
    payableCents: row.payable_cents,
    paidCents: row.paid_cents,
    state: row.state,
    reason: row.reason,
    submittedOn: row.submitted_on,
    cureDeadline: row.cure_deadline,
    requestedDocuments: row.requested_documents,
    missingDocuments: facts.missingDocuments,
    approvedBy: row.approved_by,
    paymentReference: row.payment_reference,
    paidOn: row.paid_on,
    createdBy: row.created_by,
    lines: lines.map((l) => ({
      id: l.id,
      procedureCode: l.procedure_code,
      tooth: l.tooth,
      serviceDate: l.service_date,
      quantity: l.quantity,
      chargedCents: l.charged_cents,
      otherInsurerPaidCents: l.other_insurer_paid_cents,
      category: l.category ?? categoryOf(l.procedure_code),
      allowedCents: l.allowed_cents,
      deductibleCents: l.deductible_cents,
      coveredCents: l.covered_cents,
      excessCents: l.excess_cents,
      status: l.status,
      reason: l.reason,
    })),
    allowedEvents: allowedEvents(reimbursementMachine, snapshotAt(reimbursementMachine, row.state, facts), PROBE_EVENTS),
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The liquidation as the API shows it: line ids as numbers, reasons with their texts. */
export const presentLiquidation = (liquidation: Liquidation) => ({
  status: liquidation.status,
  lines: liquidation.lines.map((l) => ({
    lineId: Number(l.lineId),
    code: l.code,
    category: l.category,
    allowedCents: l.allowedCents,
    deductibleCents: l.deductibleCents,
    coveredCents: l.coveredCents,
    excessCents: l.excessCents,
    status: l.status,
    ...(l.reason ? { reason: l.reason, reasonText: isRejectionCode(l.reason) ? REJECTION_REASONS[l.reason] : undefined } : {}),
  })),
  totals: {
    claimedCents: liquidation.totals.claimedCents,
    allowedCents: liquidation.totals.allowedCents,
    deductibleCents: liquidation.totals.deductibleCents,
    payableCents: liquidation.totals.payableCents,
    patientShareCents: liquidation.totals.patientShareCents,
  },
});

export const isEditable = (state: string) => (REIMBURSEMENT_EDITABLE_STATES as readonly string[]).includes(state);

/** Stores a liquidation on the lines and the totals on the reimbursement. */
async function storeLiquidation(tx: Queryable, id: number, liquidation: Liquidation) {
  for (const l of liquidation.lines) {
    await tx.query(
      `UPDATE reimbursement_lines SET category = $2, allowed_cents = $3, deductible_cents = $4, covered_cents = $5, excess_cents = $6, status = $7, reason = $8
        WHERE id = $1`,
      [Number(l.lineId), l.category, l.allowedCents, l.deductibleCents, l.coveredCents, l.excessCents, l.status, l.reason ?? null],
    );
  }
  await tx.query(`UPDATE reimbursements SET claimed_cents = $2, allowed_cents = $3, deductible_cents = $4, payable_cents = $5 WHERE id = $1`, [
    id,
    liquidation.totals.claimedCents,
    liquidation.totals.allowedCents,
    liquidation.totals.deductibleCents,
    liquidation.totals.payableCents,
  ]);
}

/** Drives the reimbursement's instalment through the instalment statechart (orthodontic reimbursements). */
async function moveInstallment(tx: Queryable, row: Row, type: 'CLAIM' | 'REJECT' | 'PAY' | 'RELEASE', actorId: number | null, today: string) {
  if (!row.installment_id) return;
  const [installment] = await tx.query<{ id: number; state: string; due_date: string }>(
    `SELECT id, state, due_date::text AS due_date FROM orthodontic_installments WHERE id = $1 FOR UPDATE`,
    [row.installment_id],
  );
  if (type === 'RELEASE' && installment.state !== 'claimed') return;
  const facts = { today, dueDate: installment.due_date, coverageActive: true, patientUnderAgeLimit: true, lifetimeRemainingCents: 1 };
  const result = step(orthodonticInstallmentMachine, snapshotAt(orthodonticInstallmentMachine, installment.state, facts), { type });
  if (!result.ok) throw refusal(orthodonticInstallmentMachine, result);
  await tx.query(
    `UPDATE orthodontic_installments SET state = $2, reimbursement_id = CASE WHEN $3 THEN NULL ELSE $4::int END, version = version + 1 WHERE id = $1`,
    [installment.id, result.value, type === 'RELEASE', row.id],
  );
  await appendHistory(tx, { entity: 'orthodontic_installment', id: installment.id, event: type, from: installment.state, to: result.value, actorId, payload: { reimbursementId: row.id } });
}

/** Posts what was paid to the ledger, per benefit year: deductible, annual maximum or orthodontic lifetime. */
async function postToLedger(tx: Queryable, row: Row, liquidation: Liquidation) {
  const totals = new Map<string, number>();
  const add = (kind: string, year: string, cents: number) => cents > 0 && totals.set(`${kind}|${year}`, (totals.get(`${kind}|${year}`) ?? 0) + cents);
  for (const l of liquidation.lines) {
    if (l.status !== 'APPROVED') continue;
    const year = l.benefitYearStart ?? benefitYearStart(row.benefit_year, row.starts_on, row.submitted_on ?? row.starts_on);
    add('DEDUCTIBLE', year, l.deductibleCents);
    add(row.kind === 'ORTHODONTIC' ? 'ORTHO_LIFETIME' : 'ANNUAL_MAXIMUM', year, l.coveredCents);
  }
  for (const [key, cents] of totals) {
    const [kind, year] = key.split('|');
    await tx.query(
      `INSERT INTO benefit_ledger (patient_id, policy_id, benefit_year_start, kind, amount_cents, reimbursement_id) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.patient_id, row.policy_id, year, kind, cents, row.id],
    );
  }
}

/**
 * Checks and applies one event inside the caller's transaction. The patient's row is locked too, so
 * two reimbursements of one patient never read the same ledger to approve or pay. SUBMIT and
 * RESUBMIT are followed at once by the system's CHECK, which stores the liquidation line by line.
 */
export async function sendReimbursementEvent(tx: Queryable, id: number, event: ReimbursementEvent, actor: Actor, today: string, version?: number): Promise<Row> {
  const locked = await findReimbursement(tx, id, true);
  await tx.query('SELECT id FROM patients WHERE id = $1 FOR UPDATE', [locked.patient_id]);
  if (version !== undefined && version !== locked.version) {
    throw new HttpProblem(409, 'conflict.staleVersion', `The reimbursement was changed by someone else (version ${locked.version}).`);
  }
  const run = async (current: Row, ev: ReimbursementEvent) => {
    const lines = await linesOf(tx, current.id);
    const { facts, liquidation } = await factsOf(tx, current, lines, actor, today);
    await runEvent({
      tx,
      machine: reimbursementMachine,
      entity: 'reimbursement',
      id: current.id,
      state: current.state,
      facts,
      event: ev,
      actor,
      apply: (next, effects) => applyEffects(tx, current, next, effects, ev, liquidation, actor.id, today),
    });
    return findReimbursement(tx, current.id);
  };
  let row = await run(locked, event);
  if (row.state === 'submitted') row = await run(row, { type: 'CHECK' });
  return row;
}

async function applyEffects(tx: Queryable, row: Row, next: string, effects: Effect[], event: ReimbursementEvent, liquidation: Liquidation, actorId: number | null, today: string) {
  const set: Record<string, unknown> = { state: next };
  for (const effect of effects) {
    switch (effect.type) {
      case 'stampSubmittedAt':
        set.submitted_on = today;
        break;
      case 'claimInstallment':
        await moveInstallment(tx, row, 'CLAIM', actorId, today);
        break;
      case 'recordRequestedDocuments':
        if (event.type === 'REQUEST_DOCUMENTS') set.requested_documents = [...new Set(event.documents)];
        break;
      case 'startCurePeriod':
        set.cure_deadline = addDays(today, row.cure_days);
        break;
      case 'clearCurePeriod':
        set.cure_deadline = null;
        set.requested_documents = [];
        break;
      case 'recordApproval':
        set.approved_by = actorId;
        await storeLiquidation(tx, row.id, liquidation);
        break;
      case 'recordRejection': {
        const code = (effect.params?.reasonCode as string | undefined) ?? (event.type === 'REJECT' ? event.reason.trim() : liquidation.lines.find((l) => l.reason)?.reason);
        set.reason = code ?? INCOMPLETE_DOCUMENTATION_REASON;
        if (event.type === 'CHECK') await storeLiquidation(tx, row.id, liquidation);
        break;
      }
      case 'rejectInstallment':
        await moveInstallment(tx, row, 'REJECT', actorId, today);
        break;
      case 'recordPayment':
        set.payment_reference = event.type === 'PAY' ? event.reference.trim() : null;
        set.paid_on = today;
        set.paid_by = actorId;
        // What the ledger allows now: never more than was approved, never beyond a maximum used meanwhile.
        set.paid_cents = Math.min(row.payable_cents, liquidation.totals.payableCents);
        break;
      case 'postToLedger':
        await postToLedger(tx, row, liquidation);
        break;
      case 'settleInstallment':
        await moveInstallment(tx, row, 'PAY', actorId, today);
        break;
      case 'recordCancellation':
        if (event.type === 'CANCEL') set.reason = event.reason.trim();
        break;
      case 'releaseInstallment':
        await moveInstallment(tx, row, 'RELEASE', actorId, today);
        break;
      default:
        throw new Error(`The reimbursement workflow has no effect named ${effect.type}`);
    }
  }
  if (event.type === 'CHECK' && next === 'inReview') await storeLiquidation(tx, row.id, liquidation);
  const columns = Object.keys(set);
  await tx.query(
    `UPDATE reimbursements SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, version = version + 1, updated_at = now() WHERE id = $1`,
    [row.id, ...columns.map((c) => set[c])],
  );
}

export interface ReimbursementInput {
  verificationId: number;
  doctorId: number;
  installmentId?: number | null;
  payee: 'HOLDER' | 'PROVIDER';
  invoiceNumber?: string | null;
  invoiceDate?: string | null;
  lines: LineInput[];
}

export interface LineInput {
  procedureCode: string;
  tooth?: string | null;
  serviceDate: string;
  quantity: number;
  chargedCents: number;
  otherInsurerPaidCents: number;
}

/** Replaces a reimbursement's lines and its claimed total. */
export async function replaceLines(tx: Queryable, id: number, lines: LineInput[]) {
  await tx.query('DELETE FROM reimbursement_lines WHERE reimbursement_id = $1', [id]);
  for (const [position, line] of lines.entries()) {
    await tx.query(
      `INSERT INTO reimbursement_lines (reimbursement_id, position, procedure_code, tooth, service_date, quantity, charged_cents, other_insurer_paid_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, position + 1, line.procedureCode, line.tooth ?? null, line.serviceDate, line.quantity ?? 1, line.chargedCents, line.otherInsurerPaidCents ?? 0],
    );
  }
  const [{ claimed }] = await tx.query<{ claimed: number }>(`SELECT coalesce(sum(charged_cents), 0)::int AS claimed FROM reimbursement_lines WHERE reimbursement_id = $1`, [id]);
  await tx.query('UPDATE reimbursements SET claimed_cents = $2 WHERE id = $1', [id, claimed]);
}

export async function checkDoctor(tx: Queryable, doctorId: number) {
  const [doctor] = await tx.query<{ state: string }>('SELECT state FROM doctors WHERE id = $1', [doctorId]);
  if (!doctor) throw new HttpProblem(422, 'reimbursement.doctorUnknown', 'No such doctor.', [{ path: 'body/doctorId', keyword: 'exists' }]);
  if (doctor.state !== 'ACTIVE') throw new HttpProblem(422, 'reimbursement.doctorInactive', 'The doctor may not be reimbursed (inactive or suspended).', [{ path: 'body/doctorId', keyword: 'rule' }]);
}

/** A draft from a verified, still valid verification; an orthodontic one claims a claimable instalment of the patient. */
export async function createReimbursement(tx: Queryable, input: ReimbursementInput, creatorId: number, key: string | null, today: string): Promise<Row> {
  const { verificationId, doctorId, installmentId, payee, invoiceNumber, invoiceDate, lines } = input;
  const [verification] = await tx.query<{ state: string; valid_until: string | null; category: 'GENERAL' | 'ORTHODONTIC'; patient_id: number; policy_id: number; insurer_id: number; currency: string }>(
    `SELECT v.state, v.valid_until::text AS valid_until, v.category, v.patient_id, v.policy_id, v.insurer_id, i.currency
       FROM verifications v JOIN insurers i ON i.id = v.insurer_id WHERE v.id = $1 FOR SHARE OF v`,
    [verificationId],
  );
  if (!verification) throw new HttpProblem(422, 'reimbursement.verificationUnknown', 'No such verification.', [{ path: 'body/verificationId', keyword: 'exists' }]);
  // An orthodontic plan's instalments fall due for months after its preauthorization's validity (R8) ends; each was
  // re-checked (coverage, age, lifetime maximum) when it fell due, so the plan's own preauthorization, once verified, backs its claims.
  const backsPlan =
    verification.category === 'ORTHODONTIC' &&
    ['verified', 'expired'].includes(verification.state) &&
    (await tx.query('SELECT 1 FROM orthodontic_installments i JOIN orthodontic_plans p ON p.id = i.plan_id WHERE i.id = $1 AND p.preauthorization_id = $2', [installmentId ?? 0, verificationId])).length > 0;
  if (!backsPlan && (verification.state !== 'verified' || !verification.valid_until || verification.valid_until < today)) {
    throw new HttpProblem(422, 'reimbursement.verificationNotValid', 'The verification is not verified or no longer valid.', [{ path: 'body/verificationId', keyword: 'rule' }]);
  }
  await checkDoctor(tx, doctorId);
  let planId: number | null = null;
  if (verification.category === 'ORTHODONTIC') {
    const [installment] = await tx.query<{ plan_id: number; state: string; patient_id: number; claimed: boolean }>(
      `SELECT i.plan_id, i.state, p.patient_id, EXISTS (SELECT 1 FROM reimbursements r WHERE r.installment_id = i.id AND r.state NOT IN ('cancelled', 'rejected')) AS claimed
         FROM orthodontic_installments i JOIN orthodontic_plans p ON p.id = i.plan_id WHERE i.id = $1`,
      [installmentId ?? 0],
    );
    if (!installment || installment.patient_id !== verification.patient_id || installment.state !== 'claimable' || installment.claimed) {
      throw new HttpProblem(422, 'reimbursement.installmentNotClaimable', 'An orthodontic reimbursement needs a claimable instalment of this patient.', [
        { path: 'body/installmentId', keyword: 'rule' },
      ]);
    }
    planId = installment.plan_id;
  } else if (installmentId) {
    throw new HttpProblem(422, 'reimbursement.installmentNotOrthodontic', 'Only an orthodontic reimbursement claims an instalment.', [{ path: 'body/installmentId', keyword: 'rule' }]);
  }
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO reimbursements (folio, verification_id, patient_id, policy_id, insurer_id, doctor_id, kind, orthodontic_plan_id, installment_id,
       payee, invoice_number, invoice_date, currency, created_by, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      await nextFolio(tx, 'REE', today),
      verificationId,
      verification.patient_id,
      verification.policy_id,
      verification.insurer_id,
      doctorId,
      verification.category,
      planId,
      installmentId ?? null,
      payee,
      invoiceNumber?.trim() || null,
      invoiceDate ?? null,
      verification.currency,
      creatorId,
      key,
    ],
  );
  await replaceLines(tx, row.id, lines);
  return findReimbursement(tx, row.id);
}
