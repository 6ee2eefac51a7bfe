import { sql, type Updateable } from 'kysely';
import type { Liquidation } from '@core/benefits/liquidate.ts';
import type { ReimbursementKind, ReimbursementState } from '@core/workflows/reimbursement.machine.ts';
import type { components } from '../../../openapi/schema';
import type { DB, Queryable } from '../../db/database.ts';
import { coverageColumns, type CoverageRow } from '../shared/coverage.ts';
import { either, listOf, matchesText, refersToMatching, type SortColumns } from '../../db/list-query.ts';
import { patientName, lockPatient } from '../shared/people.ts';
import { cureEndingThisWeek } from './cure-week.ts';
import type { StoredMedicalReview } from './medical-review.ts';

type DocumentType = components['schemas']['DocumentType'];
type LineStatus = components['schemas']['ReimbursementLine']['status'];

/**
 * The reimbursements with what their screens and statechart need. Only the tables the coverage and the payee need
 * are joined; single-value lookups (assignee, doctor, plan, instalment) are scalar subqueries, because every
 * joined table multiplies the planner's join orders: with ten, planning took ~120 ms of a ~130 ms list page on
 * the million-patient PostgreSQL, against ~15 ms with six.
 */
function selectReimbursements(q: Queryable) {
  return q.kysely
    .selectFrom('reimbursements')
    .innerJoin('patients', 'patients.id', 'reimbursements.patient_id')
    .innerJoin('policies', 'policies.id', 'reimbursements.policy_id')
    .innerJoin('insurers', 'insurers.id', 'reimbursements.insurer_id')
    .innerJoin('policyholders', 'policyholders.id', 'policies.policyholder_id')
    .innerJoin('verifications', 'verifications.id', 'reimbursements.verification_id')
    .select((eb) => [
      'reimbursements.id',
      'reimbursements.folio',
      'reimbursements.verification_id',
      'reimbursements.insurer_id',
      'reimbursements.doctor_id',
      eb.ref('reimbursements.kind').$castTo<ReimbursementKind>().as('kind'),
      'reimbursements.orthodontic_plan_id',
      'reimbursements.installment_id',
      eb.ref('reimbursements.payee').$castTo<'HOLDER' | 'PROVIDER'>().as('payee'),
      'reimbursements.invoice_number',
      eb.cast<string | null>('reimbursements.invoice_date', 'text').as('invoice_date'),
      'reimbursements.invoice_paid',
      // The FHIR client a claim came from (issue 27).
      eb.selectFrom('integration_clients').select('integration_clients.name').whereRef('integration_clients.id', '=', 'reimbursements.integration_client_id').as('integration_client_name'),
      'reimbursements.currency',
      'reimbursements.claimed_cents',
      'reimbursements.allowed_cents',
      'reimbursements.deductible_cents',
      'reimbursements.payable_cents',
      'reimbursements.paid_cents',
      eb.ref('reimbursements.state').$castTo<ReimbursementState>().as('state'),
      'reimbursements.reason',
      eb.cast<string | null>('reimbursements.submitted_on', 'text').as('submitted_on'),
      eb.cast<string | null>('reimbursements.cure_deadline', 'text').as('cure_deadline'),
      eb.ref('reimbursements.requested_documents').$castTo<DocumentType[]>().as('requested_documents'),
      'reimbursements.approved_by',
      'reimbursements.payment_reference',
      eb.cast<string | null>('reimbursements.paid_on', 'text').as('paid_on'),
      'reimbursements.created_by',
      'reimbursements.assignee_id',
      eb.selectFrom('users').select('users.name').whereRef('users.id', '=', 'reimbursements.assignee_id').as('assignee_name'),
      'reimbursements.medical_reviewed_by',
      eb.ref('reimbursements.medical_review').$castTo<StoredMedicalReview | null>().as('medical_review'),
      'reimbursements.version',
      // Generated timestamps select as their column type (schema.ts nests ColumnType in Generated): say what they are.
      'reimbursements.created_at',
      'reimbursements.updated_at',
      patientName.as('patient_name'),
      'insurers.name as insurer_name',
      'insurers.cure_days',
      'policyholders.bank_name',
      'policyholders.bank_account_type',
      'policyholders.bank_account',
      'policyholders.account_holder',
      eb.selectFrom('doctors').select('doctors.tax_id').whereRef('doctors.id', '=', 'reimbursements.doctor_id').as('doctor_tax_id'),
      // Orthodontic age limits apply at banding (R7), not on each instalment's service date.
      eb
        .selectFrom('orthodontic_plans')
        .select((p) => p.cast<string | null>('orthodontic_plans.banding_date', 'text').as('banding_date'))
        .whereRef('orthodontic_plans.id', '=', 'reimbursements.orthodontic_plan_id')
        .as('plan_banding_date'),
      eb.selectFrom('orthodontic_installments').select('orthodontic_installments.number').whereRef('orthodontic_installments.id', '=', 'reimbursements.installment_id').as('installment_number'),
      // R14 and R12 (review-facts.ts): the claim's pre-authorisation, the insurer's threshold, the medical review.
      'verifications.kind as verification_kind',
      'insurers.preauthorization_above_cents',
      // The verification's validity: the benefit year of its planned service date, up to its last valid day.
      eb.cast<string>('verifications.planned_service_date', 'text').as('verification_planned_on'),
      eb.cast<string | null>('verifications.valid_until', 'text').as('verification_valid_until'),
      ...coverageColumns(eb),
    ]);
}

export type ReimbursementRow = Awaited<ReturnType<ReturnType<typeof selectReimbursements>['executeTakeFirstOrThrow']>>;

/** What the benefit engine reads of a claim: its patient's coverage and the few facts of the claim itself. */
export type ClaimBasis = CoverageRow &
  Pick<ReimbursementRow, 'id' | 'state' | 'currency' | 'kind' | 'invoice_date' | 'submitted_on' | 'plan_banding_date' | 'verification_kind' | 'preauthorization_above_cents'>;

/**
 * The reimbursement; locked, the patient's row is locked too, so two reimbursements of one patient
 * never read the same ledger to approve or pay.
 */
export async function findReimbursement(q: Queryable, id: number, lock: boolean): Promise<ReimbursementRow | undefined> {
  const query = selectReimbursements(q).where('reimbursements.id', '=', id);
  if (!lock) return query.executeTakeFirst();
  const row = await query.forUpdate('reimbursements').executeTakeFirst();
  if (row) await lockPatient(q, row.patient_id);
  return row;
}

export interface ReimbursementFilter {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
  kind?: ReimbursementKind;
  state?: string;
  insurerId?: number;
  createdBy?: number;
  assigneeId?: number;
  /** `mine` and `unassigned`, for the signed-in user. */
  assigned?: 'mine' | 'unassigned';
  /** Creation dates, both days inclusive. */
  from?: string;
  to?: string;
  /** Whose cure period ends within this week (cure-week.ts). */
  cureEnding?: 'thisWeek';
  /** `returned`: approved claims a bank returned from a payment run, not in another open run (issue 26). */
  payment?: 'returned';
}

const SORTABLE: SortColumns = {
  folio: sql.ref('reimbursements.folio'),
  state: sql.ref('reimbursements.state'),
  createdAt: sql.ref('reimbursements.created_at'),
  updatedAt: sql.ref('reimbursements.updated_at'),
  claimedCents: sql.ref('reimbursements.claimed_cents'),
  payableCents: sql.ref('reimbursements.payable_cents'),
};

export function pageReimbursements(q: Queryable, filter: ReimbursementFilter, userId: number, today: string) {
  const { q: text, kind, state, insurerId, createdBy, assigneeId, assigned, from, to, cureEnding, payment } = filter;
  const cure = cureEndingThisWeek(today);
  const query = selectReimbursements(q)
    .$if(Boolean(text), (qb) =>
      qb.where(either(matchesText(text!, [sql.ref('reimbursements.folio'), sql.ref('reimbursements.invoice_number')]), refersToMatching(text!, sql.ref('reimbursements.patient_id'), 'patients', [patientName]))),
    )
    .$if(Boolean(kind), (qb) => qb.where('reimbursements.kind', '=', kind!))
    .$if(Boolean(state), (qb) => qb.where('reimbursements.state', 'in', state!.split(',')))
    .$if(insurerId !== undefined, (qb) => qb.where('reimbursements.insurer_id', '=', insurerId!))
    .$if(createdBy !== undefined, (qb) => qb.where('reimbursements.created_by', '=', createdBy!))
    .$if(assigneeId !== undefined, (qb) => qb.where('reimbursements.assignee_id', '=', assigneeId!))
    .$if(assigned === 'mine', (qb) => qb.where('reimbursements.assignee_id', '=', userId))
    .$if(assigned === 'unassigned', (qb) => qb.where('reimbursements.assignee_id', 'is', null))
    .$if(Boolean(from), (qb) => qb.where(sql`reimbursements.created_at`, '>=', sql`${from}::date`))
    .$if(Boolean(to), (qb) => qb.where(sql`reimbursements.created_at`, '<', sql`${to}::date + 1`))
    .$if(cureEnding === 'thisWeek', (qb) => qb.where(sql<boolean>`reimbursements.cure_deadline BETWEEN ${cure.from}::date AND ${cure.to}::date`))
    .$if(payment === 'returned', (qb) =>
      qb.where(
        sql<boolean>`reimbursements.state IN ('approved', 'partiallyApproved')
          AND EXISTS (SELECT 1 FROM payment_run_items i WHERE i.reimbursement_id = reimbursements.id AND i.bank_status = 'RJCT')
          AND NOT EXISTS (SELECT 1 FROM payment_run_items i WHERE i.reimbursement_id = reimbursements.id AND i.holds_claim)`,
      ),
    );
  // Its joins follow NOT NULL foreign keys (patient, policy, insurer…): the bounded count reads reimbursements alone.
  return listOf(query, filter, SORTABLE, sql.ref('reimbursements.id'), { joinsKeepRows: true });
}

/** The lines of some reimbursements, in one query, in their order. */
export async function linesOf(q: Queryable, reimbursementIds: readonly number[]) {
  if (!reimbursementIds.length) return [];
  return q.kysely
    .selectFrom('reimbursement_lines')
    .select((eb) => [
      'id',
      'reimbursement_id',
      'position',
      'procedure_code',
      'tooth',
      'surfaces',
      eb.cast<string>('service_date', 'text').as('service_date'),
      'quantity',
      'charged_cents',
      'other_insurer_paid_cents',
      'category',
      'allowed_cents',
      'deductible_cents',
      'covered_cents',
      'excess_cents',
      eb.ref('status').$castTo<LineStatus>().as('status'),
      'reason',
      eb.ref('review_decision').$castTo<'APPROVE' | 'REDUCE' | 'REJECT' | null>().as('review_decision'),
      'review_amount_cents',
      'review_reason',
    ])
    .where('reimbursement_id', 'in', reimbursementIds)
    .orderBy('reimbursement_id')
    .orderBy('position')
    .execute();
}

export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** The document types attached to some reimbursements, with the day each was uploaded, in one query. */
export async function attachedDocumentsOf(q: Queryable, reimbursementIds: readonly number[]) {
  if (!reimbursementIds.length) return [];
  return q.kysely
    .selectFrom('attachments')
    .select((eb) => ['owner_id', 'document_type', eb.cast<string>(eb.cast('uploaded_at', 'date'), 'text').as('uploaded_on')])
    .where('owner_type', '=', 'reimbursement')
    .where('owner_id', 'in', reimbursementIds)
    .execute();
}

export async function saveReimbursement(tx: Queryable, id: number, changes: Updateable<DB['reimbursements']>) {
  await tx.kysely
    .updateTable('reimbursements')
    .set({ ...changes, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Stores a liquidation on the lines and the totals on the reimbursement. */
export async function storeLiquidation(tx: Queryable, id: number, liquidation: Liquidation) {
  for (const l of liquidation.lines) {
    await tx.kysely
      .updateTable('reimbursement_lines')
      .set({
        category: l.category,
        allowed_cents: l.allowedCents,
        deductible_cents: l.deductibleCents,
        covered_cents: l.coveredCents,
        excess_cents: l.excessCents,
        status: l.status,
        reason: l.reason ?? null,
      })
      .where('id', '=', Number(l.lineId))
      .execute();
  }
  const { totals } = liquidation;
  await tx.kysely
    .updateTable('reimbursements')
    .set({ claimed_cents: totals.claimedCents, allowed_cents: totals.allowedCents, deductible_cents: totals.deductibleCents, payable_cents: totals.payableCents })
    .where('id', '=', id)
    .execute();
}

export type LedgerEntry = { patient_id: number; policy_id: number; benefit_year_start: string; kind: string; amount_cents: number; reimbursement_id: number };

/** Replaces what a reimbursement holds in the ledger by `entries`, reserved (approved) or settled (paid). */
export async function holdInLedger(tx: Queryable, reimbursementId: number, entries: readonly LedgerEntry[], status: 'RESERVED' | 'SETTLED') {
  await releaseFromLedger(tx, reimbursementId);
  if (entries.length) await tx.kysely.insertInto('benefit_ledger').values(entries.map((e) => ({ ...e, status }))).execute();
}

export type StoredDecision = { decision: 'APPROVE' | 'REDUCE' | 'REJECT'; amountCents: number | null; reasonCode: string | null };

/** Records the reviewer's decisions on a reimbursement's lines; the lines not named lose any earlier one. */
export async function storeLineDecisions(tx: Queryable, id: number, decisions: ReadonlyMap<number, StoredDecision>) {
  await tx.kysely.updateTable('reimbursement_lines').set({ review_decision: null, review_amount_cents: null, review_reason: null }).where('reimbursement_id', '=', id).execute();
  for (const [lineId, d] of decisions) {
    await tx.kysely
      .updateTable('reimbursement_lines')
      .set({ review_decision: d.decision, review_amount_cents: d.amountCents, review_reason: d.reasonCode })
      .where('id', '=', lineId)
      .where('reimbursement_id', '=', id)
      .execute();
  }
}

/** Drops a reimbursement's reservation (it goes back to review). */
export async function releaseFromLedger(tx: Queryable, reimbursementId: number) {
  await tx.kysely.deleteFrom('benefit_ledger').where('reimbursement_id', '=', reimbursementId).where('status', '=', 'RESERVED').execute();
}

export type LineInput = components['schemas']['ReimbursementLineInput'];

/** Replaces a reimbursement's lines and its claimed total. */
export async function replaceLines(tx: Queryable, id: number, lines: readonly LineInput[]) {
  await tx.kysely.deleteFrom('reimbursement_lines').where('reimbursement_id', '=', id).execute();
  if (lines.length) {
    await tx.kysely
      .insertInto('reimbursement_lines')
      .values(
        lines.map((line, index) => ({
          reimbursement_id: id,
          position: index + 1,
          procedure_code: line.procedureCode,
          tooth: line.tooth ?? null,
          surfaces: line.surfaces ?? null,
          service_date: line.serviceDate,
          quantity: line.quantity ?? 1,
          charged_cents: line.chargedCents,
          other_insurer_paid_cents: line.otherInsurerPaidCents ?? 0,
        })),
      )
      .execute();
  }
  await tx.kysely
    .updateTable('reimbursements')
    .set((eb) => ({
      claimed_cents: eb
        .selectFrom('reimbursement_lines')
        .select(sql<number>`coalesce(sum(charged_cents), 0)::int`.as('claimed'))
        .where('reimbursement_id', '=', id),
    }))
    .where('id', '=', id)
    .execute();
}

/** The verification a reimbursement is created from, shared-locked so it cannot change meanwhile. */
export const verificationForClaim = (tx: Queryable, verificationId: number) =>
  tx.kysely
    .selectFrom('verifications')
    .innerJoin('insurers', 'insurers.id', 'verifications.insurer_id')
    .select((eb) => [
      'verifications.state',
      eb.cast<string | null>('verifications.valid_until', 'text').as('valid_until'),
      eb.ref('verifications.category').$castTo<ReimbursementKind>().as('category'),
      'verifications.patient_id',
      'verifications.policy_id',
      'verifications.insurer_id',
      'insurers.currency',
    ])
    .where('verifications.id', '=', verificationId)
    .forShare('verifications')
    .executeTakeFirst();

/**
 * The claim a first save on this verification would make, as the engine reads it (id 0: no claim has it, so none
 * of the patient's claims is left out of the ledger and history), with the verification's state and validity and
 * whether a plan was made on it (an orthodontic plan's instalments are claimed on its pre-authorization).
 */
export const unsavedClaimOn = (q: Queryable, verificationId: number) =>
  q.kysely
    .selectFrom('verifications')
    .innerJoin('patients', 'patients.id', 'verifications.patient_id')
    .innerJoin('policies', 'policies.id', 'verifications.policy_id')
    .innerJoin('insurers', 'insurers.id', 'verifications.insurer_id')
    .leftJoin('orthodontic_plans', 'orthodontic_plans.preauthorization_id', 'verifications.id')
    .select((eb) => [
      sql<number>`0`.as('id'),
      sql<ReimbursementState>`'draft'`.as('state'),
      'insurers.currency',
      eb.ref('verifications.category').$castTo<ReimbursementKind>().as('kind'),
      sql<string | null>`null`.as('invoice_date'),
      sql<string | null>`null`.as('submitted_on'),
      eb.cast<string | null>('orthodontic_plans.banding_date', 'text').as('plan_banding_date'),
      'verifications.kind as verification_kind',
      'insurers.preauthorization_above_cents',
      'verifications.state as verification_state',
      eb.cast<string | null>('verifications.valid_until', 'text').as('valid_until'),
      eb.ref('orthodontic_plans.id').as('plan_id'),
      ...coverageColumns(eb),
    ])
    .where('verifications.id', '=', verificationId)
    .orderBy('orthodontic_plans.id', 'desc')
    .executeTakeFirst();

/** Active users whose roles grant `permission`, except `exceptUserId`, by name. */
export const activeUsersWithPermission = (q: Queryable, permission: string, exceptUserId: number) =>
  q.kysely
    .selectFrom('users')
    .select(['users.id', 'users.name'])
    .where('users.active', '=', true)
    .where('users.id', '<>', exceptUserId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('role_permissions.permission', '=', permission),
      ),
    )
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();

/** The instalment belongs to the plan made on this preauthorization. */
export const installmentOfPreauthorization = async (q: Queryable, installmentId: number, verificationId: number) =>
  Boolean(
    await q.kysely
      .selectFrom('orthodontic_installments')
      .innerJoin('orthodontic_plans', 'orthodontic_plans.id', 'orthodontic_installments.plan_id')
      .select('orthodontic_installments.id')
      .where('orthodontic_installments.id', '=', installmentId)
      .where('orthodontic_plans.preauthorization_id', '=', verificationId)
      .executeTakeFirst(),
  );

/** An instalment with its plan's patient, and whether a live reimbursement already claims it. */
export const installmentToClaim = (q: Queryable, installmentId: number) =>
  q.kysely
    .selectFrom('orthodontic_installments')
    .innerJoin('orthodontic_plans', 'orthodontic_plans.id', 'orthodontic_installments.plan_id')
    .select((eb) => [
      'orthodontic_installments.plan_id',
      'orthodontic_installments.state',
      'orthodontic_plans.patient_id',
      eb
        .exists(
          eb
            .selectFrom('reimbursements')
            .select('reimbursements.id')
            .whereRef('reimbursements.installment_id', '=', 'orthodontic_installments.id')
            .where('reimbursements.state', 'not in', ['cancelled', 'rejected']),
        )
        .$castTo<boolean>()
        .as('claimed'),
    ])
    .where('orthodontic_installments.id', '=', installmentId)
    .executeTakeFirst();

export async function insertReimbursement(
  tx: Queryable,
  values: {
    folio: string; verification_id: number; patient_id: number; policy_id: number; insurer_id: number; doctor_id: number; kind: ReimbursementKind;
    orthodontic_plan_id: number | null; installment_id: number | null; payee: string; invoice_number: string | null; invoice_date: string | null; invoice_paid: boolean;
    currency: string; created_by: number; idempotency_key: string | null; idempotency_fingerprint: string | null;
  },
): Promise<number> {
  return (await tx.kysely.insertInto('reimbursements').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The reimbursement a user already created with this idempotency key, with the fingerprint of the body that made it. */
export const idempotentReplay = (q: Queryable, createdBy: number, key: string) =>
  q.kysely.selectFrom('reimbursements').select(['id', 'idempotency_fingerprint as fingerprint']).where('created_by', '=', createdBy).where('idempotency_key', '=', key).executeTakeFirst();

/** Reimbursements returned for documents whose cure period ended before `today` (the scheduler rejects them). */
export async function curePeriodsEnded(q: Queryable, today: string): Promise<number[]> {
  const rows = await q.kysely
    .selectFrom('reimbursements')
    .select('id')
    .where('state', '=', 'needsDocuments')
    .where(sql`cure_deadline`, '<', sql`${today}::date`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
