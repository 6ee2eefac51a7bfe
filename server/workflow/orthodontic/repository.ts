import { sql, type Updateable } from 'kysely';
import type { InstallmentFrequency } from '@core/benefits/rules.ts';
import type { OrthodonticInstallmentState } from '@core/workflows/orthodontic-installment.machine.ts';
import type { OrthodonticPlanState } from '@core/workflows/orthodontic-plan.machine.ts';
import type { components } from '../../../openapi/schema';
import type { DB, Queryable } from '../../db/database.ts';
import { coverageColumns } from '../shared/coverage.ts';
import { historyQuery, presentHistory } from '../shared/history.ts';
import { listOf, matchesText, type SortColumns } from '../../db/list-query.ts';
import { patientName, lockPatient } from '../shared/people.ts';

type TreatmentCode = components['schemas']['OrthodonticPlanInput']['treatmentCode'];

/** Instalments still expected to be paid or in payment. */
export const OPEN_INSTALLMENT_STATES: OrthodonticInstallmentState[] = ['scheduled', 'claimable', 'claimed'];

function selectPlans(q: Queryable) {
  return q.kysely
    .selectFrom('orthodontic_plans')
    .innerJoin('patients', 'patients.id', 'orthodontic_plans.patient_id')
    .innerJoin('policies', 'policies.id', 'orthodontic_plans.policy_id')
    .innerJoin('insurers', 'insurers.id', 'policies.insurer_id')
    .innerJoin('doctors', 'doctors.id', 'orthodontic_plans.doctor_id')
    .innerJoin('verifications', 'verifications.id', 'orthodontic_plans.preauthorization_id')
    .select((eb) => [
      'orthodontic_plans.id',
      'orthodontic_plans.doctor_id',
      'orthodontic_plans.preauthorization_id',
      eb.ref('orthodontic_plans.treatment_code').$castTo<TreatmentCode>().as('treatment_code'),
      'orthodontic_plans.fee_cents',
      'orthodontic_plans.months',
      'orthodontic_plans.initial_percent',
      eb.ref('orthodontic_plans.frequency').$castTo<InstallmentFrequency>().as('frequency'),
      'orthodontic_plans.first_delay_days',
      eb.cast<string | null>('orthodontic_plans.banding_date', 'text').as('banding_date'),
      eb.cast<string | null>('orthodontic_plans.debond_date', 'text').as('debond_date'),
      eb.ref('orthodontic_plans.state').$castTo<OrthodonticPlanState>().as('state'),
      'orthodontic_plans.reason',
      'orthodontic_plans.approved_by',
      'orthodontic_plans.approved_at',
      'orthodontic_plans.created_by',
      'orthodontic_plans.version',
      // Generated timestamps select as their column type (schema.ts nests ColumnType in Generated): say what they are.
      'orthodontic_plans.created_at',
      'orthodontic_plans.updated_at',
      patientName.as('patient_name'),
      sql<string>`doctors.first_names || ' ' || doctors.last_names`.as('doctor_name'),
      'verifications.folio as preauthorization_folio',
      'verifications.state as preauthorization_state',
      'verifications.authorization_number',
      eb.cast<string>('verifications.planned_service_date', 'text').as('preauthorization_date'),
      'policies.insurer_id',
      'insurers.name as insurer_name',
      'insurers.currency',
      ...coverageColumns(eb),
    ]);
}

export type PlanRow = Awaited<ReturnType<ReturnType<typeof selectPlans>['executeTakeFirstOrThrow']>>;

/**
 * The plan; locked, the patient's row is locked after it (as reimbursements do before reading the
 * ledger), so concurrent events and payments serialise.
 */
export async function findPlan(q: Queryable, id: number, lock: boolean): Promise<PlanRow | undefined> {
  const query = selectPlans(q).where('orthodontic_plans.id', '=', id);
  if (!lock) return query.executeTakeFirst();
  const row = await query.forUpdate('orthodontic_plans').executeTakeFirst();
  if (row) await lockPatient(q, row.patient_id);
  return row;
}

export const plansByIds = async (q: Queryable, ids: readonly number[]) => (ids.length ? selectPlans(q).where('orthodontic_plans.id', 'in', ids).execute() : []);

export interface PlanFilter {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
  state?: string;
  patientId?: number;
}

const SORTABLE: SortColumns = {
  createdAt: sql.ref('orthodontic_plans.created_at'),
  updatedAt: sql.ref('orthodontic_plans.updated_at'),
  state: sql.ref('orthodontic_plans.state'),
  bandingDate: sql.ref('orthodontic_plans.banding_date'),
  feeCents: sql.ref('orthodontic_plans.fee_cents'),
};

export function pagePlans(q: Queryable, filter: PlanFilter) {
  const { q: text, state, patientId } = filter;
  const query = selectPlans(q)
    .$if(Boolean(text), (qb) => qb.where(matchesText(text!, [patientName])))
    .$if(Boolean(state), (qb) => qb.where('orthodontic_plans.state', 'in', state!.split(',')))
    .$if(patientId !== undefined, (qb) => qb.where('orthodontic_plans.patient_id', '=', patientId!));
  // Its joins follow NOT NULL foreign keys (patient, policy, insurer, doctor, pre-authorisation): the bounded count reads plans alone.
  return listOf(query, filter, SORTABLE, sql.ref('orthodontic_plans.id'), { joinsKeepRows: true });
}

/** The instalments of some plans, with what their reimbursement paid, in one query. */
export async function installmentsOfPlans(q: Queryable, planIds: readonly number[]) {
  if (!planIds.length) return [];
  return q.kysely
    .selectFrom('orthodontic_installments')
    .leftJoin('reimbursements', 'reimbursements.id', 'orthodontic_installments.reimbursement_id')
    // A claim started and not submitted yet: the screen opens it rather than starting another.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('reimbursements as d')
          .select(['d.id', 'd.folio'])
          .whereRef('d.installment_id', '=', 'orthodontic_installments.id')
          .where('d.state', '=', 'draft')
          .orderBy('d.id', 'desc')
          .limit(1)
          .as('draft'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'orthodontic_installments.id',
      'orthodontic_installments.plan_id',
      'orthodontic_installments.number',
      eb.cast<string>('orthodontic_installments.due_date', 'text').as('due_date'),
      'orthodontic_installments.billable_cents',
      'orthodontic_installments.benefit_cents',
      eb.ref('orthodontic_installments.state').$castTo<OrthodonticInstallmentState>().as('state'),
      'orthodontic_installments.reason',
      'orthodontic_installments.reimbursement_id',
      'reimbursements.folio as reimbursement_folio',
      'reimbursements.paid_cents',
      'orthodontic_installments.version',
      'draft.id as draft_reimbursement_id',
      'draft.folio as draft_reimbursement_folio',
    ])
    .where('orthodontic_installments.plan_id', 'in', planIds)
    .orderBy('orthodontic_installments.plan_id')
    .orderBy('orthodontic_installments.number')
    .execute();
}

export type InstallmentRow = Awaited<ReturnType<typeof installmentsOfPlans>>[number];

/** What the orthodontic reimbursements of some plans were paid (settled in the ledger), per plan, in one query. */
export async function paidBenefitsOf(q: Queryable, planIds: readonly number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const rows = await q.kysely
    .selectFrom('benefit_ledger')
    .innerJoin('reimbursements', 'reimbursements.id', 'benefit_ledger.reimbursement_id')
    .select(['reimbursements.orthodontic_plan_id', sql<number>`coalesce(sum(benefit_ledger.amount_cents), 0)::int`.as('paid')])
    .where('reimbursements.orthodontic_plan_id', 'in', planIds)
    .where('benefit_ledger.kind', '=', 'ORTHO_LIFETIME')
    // Paid: settled, not what approved claims hold in reserve.
    .where('benefit_ledger.status', '=', 'SETTLED')
    .groupBy('reimbursements.orthodontic_plan_id')
    .execute();
  return new Map(rows.map((r) => [r.orthodontic_plan_id!, r.paid]));
}

export async function savePlan(tx: Queryable, id: number, changes: Updateable<DB['orthodontic_plans']>) {
  await tx.kysely
    .updateTable('orthodontic_plans')
    .set({ ...changes, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function insertPlan(
  tx: Queryable,
  values: {
    patient_id: number; policy_id: number; doctor_id: number; preauthorization_id: number; treatment_code: string; fee_cents: number; months: number;
    initial_percent: number; frequency: string; first_delay_days: number; created_by: number;
  },
): Promise<number> {
  return (await tx.kysely.insertInto('orthodontic_plans').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The verification a plan is made on, with the coverage it grants, shared-locked so it cannot change meanwhile. */
export const preauthorizationOf = (tx: Queryable, verificationId: number) =>
  tx.kysely
    .selectFrom('verifications')
    .innerJoin('patients', 'patients.id', 'verifications.patient_id')
    .innerJoin('policies', 'policies.id', 'verifications.policy_id')
    .innerJoin('insurers', 'insurers.id', 'verifications.insurer_id')
    .select((eb) => ['verifications.id', 'verifications.kind', 'verifications.category', 'verifications.state', 'verifications.authorization_number', ...coverageColumns(eb)])
    .where('verifications.id', '=', verificationId)
    .forShare('verifications')
    .executeTakeFirst();

export const hasLivePlan = async (q: Queryable, preauthorizationId: number) =>
  Boolean(
    await q.kysely
      .selectFrom('orthodontic_plans')
      .select('id')
      .where('preauthorization_id', '=', preauthorizationId)
      .where('state', '<>', 'cancelled')
      .executeTakeFirst(),
  );

export async function insertInstallments(
  tx: Queryable,
  installments: { plan_id: number; number: number; due_date: string; billable_cents: number; benefit_cents: number; state: OrthodonticInstallmentState; reason: string | null }[],
) {
  if (installments.length) await tx.kysely.insertInto('orthodontic_installments').values(installments).execute();
}

/** The plan's instalments in some states, in their order. */
export async function installmentIdsIn(q: Queryable, planId: number, states: OrthodonticInstallmentState[]): Promise<number[]> {
  const rows = await q.kysely.selectFrom('orthodontic_installments').select('id').where('plan_id', '=', planId).where('state', 'in', states).orderBy('number').execute();
  return rows.map((r) => r.id);
}

/** The plan's scheduled instalments already due on `today`, in their order. */
export async function installmentsDueIn(q: Queryable, planId: number, today: string): Promise<number[]> {
  const rows = await q.kysely
    .selectFrom('orthodontic_installments')
    .select('id')
    .where('plan_id', '=', planId)
    .where('state', '=', 'scheduled')
    .where(sql`due_date`, '<=', sql`${today}::date`)
    .orderBy('number')
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------
// One instalment, as its own workflow.

function selectInstallment(q: Queryable) {
  return q.kysely
    .selectFrom('orthodontic_installments')
    .innerJoin('orthodontic_plans', 'orthodontic_plans.id', 'orthodontic_installments.plan_id')
    .select((eb) => [
      'orthodontic_installments.id',
      'orthodontic_installments.plan_id',
      'orthodontic_plans.patient_id',
      'orthodontic_installments.number',
      eb.cast<string>('orthodontic_installments.due_date', 'text').as('due_date'),
      'orthodontic_installments.billable_cents',
      eb.ref('orthodontic_installments.state').$castTo<OrthodonticInstallmentState>().as('state'),
      'orthodontic_installments.reimbursement_id',
      'orthodontic_installments.version',
    ]);
}

export type InstallmentRecord = Awaited<ReturnType<ReturnType<typeof selectInstallment>['executeTakeFirstOrThrow']>>;

/**
 * The instalment; locked, its patient's row is locked first — the order plan and reimbursement events
 * follow (own row, patient, instalment) — then the instalment's own row.
 */
export async function findInstallment(q: Queryable, id: number, lock: boolean): Promise<InstallmentRecord | undefined> {
  const query = selectInstallment(q).where('orthodontic_installments.id', '=', id);
  if (!lock) return query.executeTakeFirst();
  const unlocked = await query.executeTakeFirst();
  if (!unlocked) return undefined;
  await lockPatient(q, unlocked.patient_id);
  return query.forUpdate('orthodontic_installments').executeTakeFirst();
}

export async function saveInstallment(tx: Queryable, id: number, changes: Updateable<DB['orthodontic_installments']>) {
  await tx.kysely
    .updateTable('orthodontic_installments')
    .set({ ...changes, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// History and the scheduler's selections.

/**
 * The plan's history with its instalments' (FALL_DUE, CLAIM, PAY, SKIP, CANCEL…), oldest first; each row
 * says which entity it belongs to and, for an instalment, its number.
 */
export async function readPlanHistory(q: Queryable, planId: number) {
  const rows = await historyQuery(q)
    .leftJoin('orthodontic_installments', (join) =>
      join.onRef('orthodontic_installments.id', '=', 'workflow_history.entity_id').on('workflow_history.entity_type', '=', 'orthodontic_installment'),
    )
    .select('orthodontic_installments.number')
    .where((eb) =>
      eb.or([
        eb.and([eb('workflow_history.entity_type', '=', 'orthodontic_plan'), eb('workflow_history.entity_id', '=', planId)]),
        eb.and([eb('workflow_history.entity_type', '=', 'orthodontic_installment'), eb('orthodontic_installments.plan_id', '=', planId)]),
      ]),
    )
    .execute();
  return rows.map((r) => {
    const ofInstallment = r.entity_type === 'orthodontic_installment';
    return {
      ...presentHistory(r),
      entityType: ofInstallment ? ('orthodontic_installment' as const) : ('orthodontic_plan' as const),
      installmentId: ofInstallment ? r.entity_id : null, installmentNumber: ofInstallment ? r.number : null,
    };
  });
}

/** Scheduled instalments of active or suspended plans due on or before `today`. */
export async function installmentsFallingDue(q: Queryable, today: string): Promise<number[]> {
  const rows = await q.kysely
    .selectFrom('orthodontic_installments')
    .innerJoin('orthodontic_plans', 'orthodontic_plans.id', 'orthodontic_installments.plan_id')
    .select('orthodontic_installments.id')
    .where('orthodontic_installments.state', '=', 'scheduled')
    .where(sql`orthodontic_installments.due_date`, '<=', sql`${today}::date`)
    .where('orthodontic_plans.state', 'in', ['active', 'suspended'])
    .orderBy('orthodontic_installments.due_date')
    .orderBy('orthodontic_installments.id')
    .execute();
  return rows.map((r) => r.id);
}

export const activePlans = (q: Queryable) => selectPlans(q).where('orthodontic_plans.state', '=', 'active').orderBy('orthodontic_plans.id').execute();

/** Active plans with no instalment still scheduled, claimable or claimed. */
export async function plansWithScheduleFinished(q: Queryable): Promise<number[]> {
  const rows = await q.kysely
    .selectFrom('orthodontic_plans')
    .select('orthodontic_plans.id')
    .where('orthodontic_plans.state', '=', 'active')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orthodontic_installments')
            .select('orthodontic_installments.id')
            .whereRef('orthodontic_installments.plan_id', '=', 'orthodontic_plans.id')
            .where('orthodontic_installments.state', 'in', OPEN_INSTALLMENT_STATES),
        ),
      ),
    )
    .orderBy('orthodontic_plans.id')
    .execute();
  return rows.map((r) => r.id);
}
