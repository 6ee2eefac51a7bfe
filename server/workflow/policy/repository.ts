import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { BenefitYearKind } from '@core/benefits/dates.ts';
import type { PolicyBenefitRule } from '@core/benefits/policy-rules.ts';
import type { PolicyState } from '@core/workflows/policy.machine.ts';
import type { Queryable } from '../../db/database.ts';
import { listOf, matchesText, type SortColumns } from '../../db/list-query.ts';
import { RULE_COLUMNS } from '../shared/coverage.ts';

/** The table keeps research's upper-case states (PENDING…), the statechart its own (pending…). */
export const toMachineState = (stored: string) => stored.toLowerCase() as PolicyState;
export const toStoredState = (state: string) => state.toUpperCase();

function selectPolicies(q: Queryable) {
  return q.kysely
    .selectFrom('policies')
    .innerJoin('policyholders', 'policyholders.id', 'policies.policyholder_id')
    .innerJoin('insurers', 'insurers.id', 'policies.insurer_id')
    .select((eb) => [
      'policies.id',
      'policies.insurer_id',
      'policies.policyholder_id',
      'policies.number',
      'policies.kind',
      'policies.plan_name',
      // Dates as the calendar days they are, whatever the driver's time zone.
      eb.cast<string>('policies.starts_on', 'text').as('starts_on'),
      eb.cast<string>('policies.ends_on', 'text').as('ends_on'),
      'policies.state as stored_state',
      'policies.stage',
      eb.ref('policies.benefit_year').$castTo<BenefitYearKind>().as('benefit_year'),
      'policies.annual_maximum_cents',
      'policies.deductible_cents',
      'policies.family_deductible_cents',
      'policies.max_beneficiaries',
      'policies.ortho_included',
      'policies.ortho_percent',
      'policies.ortho_lifetime_maximum_cents',
      'policies.ortho_age_limit',
      'policies.modality',
      eb.cast<string>('policies.issued_on', 'text').as('issued_on'),
      'policies.contracting_company',
      'policies.deductible_applies_to_preventive',
      'policies.suspension_reason',
      'policies.cancellation_reason',
      'policies.version',
      'policies.created_at',
      'policies.updated_at',
      sql<string>`coalesce(policyholders.company_name, policyholders.first_names || ' ' || policyholders.last_names, '')`.as('policyholder_name'),
      'insurers.name as insurer_name',
      sql<string>`insurers.currency`.as('currency'),
      jsonArrayFrom(
        eb
          .selectFrom('benefit_rules')
          .select(RULE_COLUMNS)
          .whereRef('benefit_rules.policy_id', '=', 'policies.id')
          .orderBy('benefit_rules.id'),
      )
        .$castTo<PolicyBenefitRule[]>()
        .as('benefit_rules'),
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectPolicies>['executeTakeFirstOrThrow']>>;
export type PolicyRow = Selected & { state: PolicyState };

const withState = (row: Selected): PolicyRow => ({ ...row, state: toMachineState(row.stored_state) });

export async function findPolicy(q: Queryable, id: number, lock: boolean): Promise<PolicyRow | undefined> {
  let query = selectPolicies(q).where('policies.id', '=', id);
  if (lock) query = query.forUpdate('policies');
  const row = await query.executeTakeFirst();
  return row && withState(row);
}

export interface PolicyFilter {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
  state?: string;
  policyholderId?: number;
  insurerId?: number;
}

const SORTS: SortColumns = {
  number: sql`policies.number`,
  planName: sql`lower(policies.plan_name)`,
  startsOn: sql`policies.starts_on`,
  endsOn: sql`policies.ends_on`,
  state: sql`policies.state`,
  updatedAt: sql`policies.updated_at`,
};

export async function pagePolicies(q: Queryable, filter: PolicyFilter) {
  let query = selectPolicies(q);
  if (filter.q) query = query.where(matchesText(filter.q, [sql.ref('policies.number'), sql.ref('policies.plan_name')]));
  if (filter.state) query = query.where('policies.state', '=', toStoredState(filter.state));
  if (filter.policyholderId) query = query.where('policies.policyholder_id', '=', filter.policyholderId);
  if (filter.insurerId) query = query.where('policies.insurer_id', '=', filter.insurerId);
  const { rows, total, totalIsLowerBound } = await listOf(query, filter, SORTS, sql.ref('policies.id'));
  return { rows: rows.map(withState), total, totalIsLowerBound };
}

/** Column values of a policy, as the service writes them (amounts in cents). */
export interface PolicyColumns {
  insurer_id?: number;
  policyholder_id?: number;
  number?: string;
  kind?: string;
  plan_name?: string;
  starts_on?: string;
  ends_on?: string;
  benefit_year?: string;
  annual_maximum_cents?: number | null;
  deductible_cents?: number | null;
  family_deductible_cents?: number | null;
  max_beneficiaries?: number;
  ortho_included?: boolean;
  ortho_percent?: number | null;
  ortho_lifetime_maximum_cents?: number | null;
  ortho_age_limit?: number | null;
  modality?: string;
  issued_on?: string;
  contracting_company?: string | null;
  deductible_applies_to_preventive?: boolean;
  stage?: string;
  suspension_reason?: string | null;
  cancellation_reason?: string | null;
}

export async function insertPolicy(tx: Queryable, columns: PolicyColumns & { state: string }): Promise<number> {
  const row = await tx.kysely
    .insertInto('policies')
    .values({ ...(columns as Required<PolicyColumns>), state: toStoredState(columns.state) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the changes with the next version; a machine state is stored in the table's spelling. */
export async function savePolicy(tx: Queryable, id: number, changes: PolicyColumns & { state?: string }): Promise<void> {
  const { state, ...columns } = changes;
  await tx.kysely
    .updateTable('policies')
    .set({ ...columns, ...(state ? { state: toStoredState(state) } : {}), version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The policy's benefit rules become `rules` (the grid is saved as a whole). */
export async function replaceRules(tx: Queryable, policyId: number, rules: readonly PolicyBenefitRule[]): Promise<void> {
  await tx.kysely.deleteFrom('benefit_rules').where('policy_id', '=', policyId).execute();
  if (!rules.length) return;
  await tx.kysely
    .insertInto('benefit_rules')
    .values(
      rules.map((r) => ({
        policy_id: policyId,
        kind: r.kind,
        category: r.category,
        procedure_code: r.procedureCode,
        percent: r.percent,
        months: r.months,
        amount_cents: r.amountCents,
        quantity: r.quantity,
        period: r.period,
        level: r.level,
      })),
    )
    .execute();
}

/** Policies past their validity that the statechart may expire (pending, active or suspended). */
export async function policiesToExpire(q: Queryable, today: string): Promise<number[]> {
  const rows = await q.kysely
    .selectFrom('policies')
    .select('id')
    .where('state', 'in', ['PENDING', 'ACTIVE', 'SUSPENDED'])
    .where(sql<boolean>`ends_on < ${today}::date`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
