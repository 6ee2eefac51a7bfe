import { ageOn, benefitYearEnd, benefitYearStart, type BenefitYearKind } from '../../src/domain/benefits/dates.ts';
import { resolveRules, type BenefitRules } from '../../src/domain/benefits/rules.ts';
import type { Category } from '../../src/domain/benefits/procedures.ts';
import type { BenefitUsage, CoveragePeriod, HistoryLine, YearUsage } from '../../src/domain/benefits/liquidate.ts';
import type { Queryable } from '../db/database.ts';

/** A patient's coverage as the policy, the patient and the insurer describe it. */
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
  /** The policy's own benefit rules (table benefit_rules), as JSON rows. */
  benefit_rules: PolicyRule[] | null;
};

/** One row of `benefit_rules`: an override of a default for a category or a procedure code. */
export type PolicyRule = {
  category: Category | null;
  procedure_code: string | null;
  kind: 'COINSURANCE' | 'WAITING_PERIOD' | 'EXCLUSION';
  percent: number | null;
  months: number | null;
};

/** The columns of CoverageRow, for a query joining `patients p`, `policies po` and `insurers i`. */
export const COVERAGE_COLUMNS = `p.id AS patient_id, po.id AS policy_id, p.birth_date::text AS birth_date, p.enrolled_on::text AS enrolled_on,
  p.left_on::text AS left_on, p.prior_coverage_months, p.state AS patient_state, po.state AS policy_state, po.starts_on::text AS starts_on,
  po.ends_on::text AS ends_on, po.benefit_year, po.annual_maximum_cents, po.deductible_cents AS policy_deductible_cents, po.family_deductible_cents AS policy_family_deductible_cents, po.ortho_included,
  po.ortho_percent, po.ortho_lifetime_maximum_cents, po.ortho_age_limit, i.claim_deadline_days,
  (SELECT json_agg(json_build_object('category', br.category, 'procedure_code', br.procedure_code, 'kind', br.kind,
      'percent', br.percent, 'months', br.months) ORDER BY br.id)
     FROM benefit_rules br WHERE br.policy_id = po.id) AS benefit_rules`;

/**
 * The benefit rules of the policy (its columns and its benefit_rules rows), over the insurer's, over
 * the research defaults.
 */
export function rulesOf(row: CoverageRow): BenefitRules {
  const policyRules = row.benefit_rules ?? [];
  const byCategory = (kind: PolicyRule['kind'], value: (r: PolicyRule) => number | null) =>
    Object.fromEntries(policyRules.filter((r) => r.kind === kind && r.category && value(r) !== null).map((r) => [r.category, value(r)])) as Partial<Record<Category, number>>;
  const coinsurance = byCategory('COINSURANCE', (r) => r.percent);
  if (row.ortho_percent !== null) coinsurance.ORTHODONTIC = row.ortho_percent;
  const exclusions = policyRules.filter((r) => r.kind === 'EXCLUSION' && r.procedure_code).map((r) => r.procedure_code!);
  return resolveRules(
    {
      annualMaximumCents: row.annual_maximum_cents ?? undefined,
      benefitYear: row.benefit_year,
      deductible: { individualCents: row.policy_deductible_cents ?? undefined, familyCents: row.policy_family_deductible_cents ?? undefined },
      coveragePercent: coinsurance,
      waitingPeriods: { months: byCategory('WAITING_PERIOD', (r) => r.months) },
      exclusions: exclusions.length ? exclusions : undefined,
      orthodontic: { included: row.ortho_included, lifetimeMaximumCents: row.ortho_lifetime_maximum_cents ?? undefined, ageLimit: row.ortho_age_limit ?? undefined },
    },
    { filingDeadlineDays: row.claim_deadline_days },
  );
}

/** When the patient is covered: the policy's term cut by enrolment and leaving, if both are active. */
export function coveragePeriods(row: CoverageRow): CoveragePeriod[] {
  if (row.policy_state !== 'ACTIVE' || row.patient_state !== 'ACTIVE') return [];
  const from = row.enrolled_on > row.starts_on ? row.enrolled_on : row.starts_on;
  return [{ from, to: row.ends_on }].filter((p) => !row.left_on || p.from < row.left_on).map((p) => (row.left_on && row.left_on <= p.to ? { from: p.from, to: row.left_on } : p));
}

/** Policy active and in force, patient enrolled and not gone, on `date`. */
export const coverageActiveOn = (row: CoverageRow, date: string) => coveragePeriods(row).some((p) => p.from <= date && (!p.to || date <= p.to));

/** What the patient (and the family, for the family deductible) has used, from the ledger. */
export async function usageOf(db: Queryable, row: CoverageRow): Promise<BenefitUsage> {
  const rows = await db.query<{ benefit_year_start: string; kind: string; own: number; family: number }>(
    `SELECT benefit_year_start::text AS benefit_year_start, kind,
            coalesce(sum(amount_cents) FILTER (WHERE patient_id = $1), 0)::int AS own,
            coalesce(sum(amount_cents), 0)::int AS family
       FROM benefit_ledger WHERE policy_id = $2 GROUP BY benefit_year_start, kind`,
    [row.patient_id, row.policy_id],
  );
  const benefitYears: Record<string, YearUsage> = {};
  let orthoLifetimeUsedCents = 0;
  for (const r of rows) {
    if (r.kind === 'ORTHO_LIFETIME') {
      orthoLifetimeUsedCents += r.own;
      continue;
    }
    const year = (benefitYears[r.benefit_year_start] ??= { deductibleUsedCents: 0, familyDeductibleUsedCents: 0, annualUsedCents: 0 });
    benefitYears[r.benefit_year_start] =
      r.kind === 'DEDUCTIBLE' ? { ...year, deductibleUsedCents: r.own, familyDeductibleUsedCents: r.family } : { ...year, annualUsedCents: r.own };
  }
  return { benefitYears, orthoLifetimeUsedCents };
}

/** Lines of the patient's other live reimbursements: approved ones count for frequencies, all for duplicates. */
export async function historyOf(db: Queryable, patientId: number, exceptReimbursementId: number | null): Promise<HistoryLine[]> {
  return db.query<{ code: string; tooth: string | null; serviceDate: string; quantity: number }>(
    `SELECT l.procedure_code AS code, l.tooth, l.service_date::text AS "serviceDate", l.quantity
       FROM reimbursement_lines l JOIN reimbursements r ON r.id = l.reimbursement_id
      WHERE r.patient_id = $1 AND r.id <> coalesce($2, 0) AND l.status = 'APPROVED'
        AND r.state IN ('inReview', 'approved', 'partiallyApproved', 'paid')`,
    [patientId, exceptReimbursementId],
  );
}

/** Remaining annual maximum (benefit year of `date`) and orthodontic lifetime maximum. */
export async function remainingBenefits(db: Queryable, row: CoverageRow, date: string) {
  const rules = rulesOf(row);
  const usage = await usageOf(db, row);
  const year = usage.benefitYears[benefitYearStart(rules.benefitYear, row.starts_on, date)];
  return {
    annualMaximumRemainingCents: rules.annualMaximumCents - (year?.annualUsedCents ?? 0),
    orthoLifetimeRemainingCents: rules.orthodontic.lifetimeMaximumCents - usage.orthoLifetimeUsedCents,
  };
}

export const orthoAgeLimitOf = (row: CoverageRow) => rulesOf(row).orthodontic.ageLimit ?? Number.POSITIVE_INFINITY;
export const patientAgeOn = (row: CoverageRow, date: string) => ageOn(row.birth_date, date);
export const benefitYearEndOf = (row: CoverageRow, date: string) => benefitYearEnd(row.benefit_year, row.starts_on, date);
