import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { ageOn, benefitYearEnd, benefitYearStart, type BenefitYearKind } from '../../../src/domain/benefits/dates.ts';
import { resolveRules, type BenefitRules } from '../../../src/domain/benefits/rules.ts';
import { policyRulesOverride } from '../../../src/domain/benefits/policy-rules.ts';
import type { Category } from '../../../src/domain/benefits/procedures.ts';
import type { BenefitUsage, CoveragePeriod, HistoryLine, YearUsage } from '../../../src/domain/benefits/liquidate.ts';
import type { DB, Queryable } from '../../db/database.ts';

/** One row of `benefit_rules`: an override of a default for a category or a procedure code. */
export type PolicyRule = {
  category: Category | null;
  procedure_code: string | null;
  kind: 'COINSURANCE' | 'WAITING_PERIOD' | 'EXCLUSION';
  percent: number | null;
  months: number | null;
};

/** A patient's coverage as the policy, the patient and the insurer describe it, for a query joining those three tables. */
export const coverageColumns = (eb: ExpressionBuilder<DB, 'patients' | 'policies' | 'insurers'>) =>
  [
    eb.ref('patients.id').as('patient_id'),
    eb.ref('policies.id').as('policy_id'),
    eb.cast<string>('patients.birth_date', 'text').as('birth_date'),
    eb.cast<string>('patients.enrolled_on', 'text').as('enrolled_on'),
    eb.cast<string | null>('patients.left_on', 'text').as('left_on'),
    'patients.prior_coverage_months',
    eb.ref('patients.state').as('patient_state'),
    eb.ref('policies.state').as('policy_state'),
    eb.cast<string>('policies.starts_on', 'text').as('starts_on'),
    eb.cast<string>('policies.ends_on', 'text').as('ends_on'),
    eb.ref('policies.benefit_year').$castTo<BenefitYearKind>().as('benefit_year'),
    'policies.annual_maximum_cents',
    eb.ref('policies.deductible_cents').as('policy_deductible_cents'),
    eb.ref('policies.family_deductible_cents').as('policy_family_deductible_cents'),
    'policies.ortho_included',
    'policies.ortho_percent',
    'policies.ortho_lifetime_maximum_cents',
    'policies.ortho_age_limit',
    'insurers.claim_deadline_days',
    jsonArrayFrom(
      eb
        .selectFrom('benefit_rules')
        .select(['benefit_rules.category', 'benefit_rules.procedure_code', 'benefit_rules.kind', 'benefit_rules.percent', 'benefit_rules.months'])
        .whereRef('benefit_rules.policy_id', '=', 'policies.id')
        .orderBy('benefit_rules.id'),
    )
      .$castTo<PolicyRule[]>()
      .as('benefit_rules'),
  ] as const;

export type CoverageRow = {
  patient_id: number;
  policy_id: number;
  birth_date: string;
  enrolled_on: string;
  left_on: string | null;
  prior_coverage_months: number;
  patient_state: string;
  policy_state: string;
  starts_on: string;
  ends_on: string;
  benefit_year: BenefitYearKind;
  annual_maximum_cents: number | null;
  policy_deductible_cents: number | null;
  policy_family_deductible_cents: number | null;
  ortho_included: boolean;
  ortho_percent: number | null;
  ortho_lifetime_maximum_cents: number | null;
  ortho_age_limit: number | null;
  claim_deadline_days: number;
  benefit_rules: PolicyRule[];
};

/**
 * The benefit rules of the policy (its columns and its benefit_rules rows), over the insurer's, over
 * the defaults (the settings' when given, else the research values).
 */
export function rulesOf(row: CoverageRow, defaults?: BenefitRules): BenefitRules {
  const terms = {
    benefitYear: row.benefit_year,
    annualMaximumCents: row.annual_maximum_cents,
    deductibleCents: row.policy_deductible_cents,
    familyDeductibleCents: row.policy_family_deductible_cents,
    orthoIncluded: row.ortho_included,
    orthoPercent: row.ortho_percent,
    orthoLifetimeMaximumCents: row.ortho_lifetime_maximum_cents,
    orthoAgeLimit: row.ortho_age_limit,
  };
  const rules = row.benefit_rules.map((r) => ({ kind: r.kind, category: r.category, procedureCode: r.procedure_code, percent: r.percent, months: r.months }));
  return resolveRules(policyRulesOverride(terms, rules), { filingDeadlineDays: row.claim_deadline_days }, defaults);
}

/**
 * When the patient is covered: the policy's term cut by enrolment and leaving (its last covered day),
 * while the policy is active and the patient is not suspended.
 */
export function coveragePeriods(row: CoverageRow): CoveragePeriod[] {
  if (row.policy_state !== 'ACTIVE' || (row.patient_state !== 'ACTIVE' && row.patient_state !== 'LEFT')) return [];
  const from = row.enrolled_on > row.starts_on ? row.enrolled_on : row.starts_on;
  return [{ from, to: row.ends_on }].filter((p) => !row.left_on || p.from < row.left_on).map((p) => (row.left_on && row.left_on <= p.to ? { from: p.from, to: row.left_on } : p));
}

/** Policy active and in force, patient enrolled and not gone, on `date`. */
export const coverageActiveOn = (row: CoverageRow, date: string) => coveragePeriods(row).some((p) => p.from <= date && (!p.to || date <= p.to));

/** The benefit ledger of some policies, summed per patient, benefit year and kind. */
export type Ledger = { policy_id: number; patient_id: number; benefit_year_start: string; kind: string; cents: number }[];

/** The ledger of every policy of `rows`, in one query. */
export async function ledgerOf(q: Queryable, rows: readonly CoverageRow[]): Promise<Ledger> {
  const policyIds = [...new Set(rows.map((r) => r.policy_id))];
  if (!policyIds.length) return [];
  return q.kysely
    .selectFrom('benefit_ledger')
    .select((eb) => [
      'policy_id',
      'patient_id',
      eb.cast<string>('benefit_year_start', 'text').as('benefit_year_start'),
      'kind',
      sql<number>`coalesce(sum(amount_cents), 0)::int`.as('cents'),
    ])
    .where('policy_id', 'in', policyIds)
    .groupBy(['policy_id', 'patient_id', 'benefit_year_start', 'kind'])
    .execute();
}

/** What the patient (and the family, for the family deductible) has used, from the ledger. */
export function usageOf(ledger: Ledger, row: CoverageRow): BenefitUsage {
  const benefitYears: Record<string, { -readonly [K in keyof YearUsage]: YearUsage[K] }> = {};
  let orthoLifetimeUsedCents = 0;
  for (const r of ledger) {
    if (r.policy_id !== row.policy_id) continue;
    const own = r.patient_id === row.patient_id ? r.cents : 0;
    if (r.kind === 'ORTHO_LIFETIME') {
      orthoLifetimeUsedCents += own;
      continue;
    }
    const year = (benefitYears[r.benefit_year_start] ??= { deductibleUsedCents: 0, familyDeductibleUsedCents: 0, annualUsedCents: 0 });
    if (r.kind === 'DEDUCTIBLE') {
      year.deductibleUsedCents += own;
      year.familyDeductibleUsedCents += r.cents;
    } else year.annualUsedCents += own;
  }
  return { benefitYears, orthoLifetimeUsedCents };
}

/** Approved lines of the live reimbursements of the patients of `rows`, in one query. */
export async function approvedLinesOf(q: Queryable, rows: readonly CoverageRow[]) {
  const patientIds = [...new Set(rows.map((r) => r.patient_id))];
  if (!patientIds.length) return [];
  return q.kysely
    .selectFrom('reimbursement_lines')
    .innerJoin('reimbursements', 'reimbursements.id', 'reimbursement_lines.reimbursement_id')
    .select((eb) => [
      'reimbursements.id as reimbursement_id',
      'reimbursements.patient_id',
      'reimbursement_lines.procedure_code as code',
      'reimbursement_lines.tooth',
      eb.cast<string>('reimbursement_lines.service_date', 'text').as('serviceDate'),
      'reimbursement_lines.quantity',
    ])
    .where('reimbursements.patient_id', 'in', patientIds)
    .where('reimbursement_lines.status', '=', 'APPROVED')
    .where('reimbursements.state', 'in', ['inReview', 'approved', 'partiallyApproved', 'paid'])
    .execute();
}

/** The patient's lines in other reimbursements: approved ones count for frequencies, all for duplicates. */
export const historyOf = (lines: Awaited<ReturnType<typeof approvedLinesOf>>, patientId: number, exceptReimbursementId: number | null): HistoryLine[] =>
  lines
    .filter((l) => l.patient_id === patientId && l.reimbursement_id !== exceptReimbursementId)
    .map(({ code, tooth, serviceDate, quantity }) => ({ code, tooth, serviceDate, quantity }));

/** Remaining annual maximum (benefit year of `date`) and orthodontic lifetime maximum, over the settings' defaults when given. */
export function remainingBenefits(row: CoverageRow, usage: BenefitUsage, date: string, defaults?: BenefitRules) {
  const rules = rulesOf(row, defaults);
  const year = usage.benefitYears[benefitYearStart(rules.benefitYear, row.starts_on, date)];
  return {
    annualMaximumRemainingCents: rules.annualMaximumCents - (year?.annualUsedCents ?? 0),
    orthoLifetimeRemainingCents: rules.orthodontic.lifetimeMaximumCents - usage.orthoLifetimeUsedCents,
  };
}

export const orthoAgeLimitOf = (row: CoverageRow, defaults?: BenefitRules) => rulesOf(row, defaults).orthodontic.ageLimit ?? Number.POSITIVE_INFINITY;
export const patientAgeOn = (row: CoverageRow, date: string) => ageOn(row.birth_date, date);
export const benefitYearEndOf = (row: CoverageRow, date: string) => benefitYearEnd(row.benefit_year, row.starts_on, date);
