import { ageOn, benefitYearEnd, benefitYearStart, type BenefitYearKind } from '../../src/domain/benefits/dates.ts';
import type { Queryable } from '../db/database.ts';

/** What a patient's coverage looks like on a date, read from policy, patient and ledger. */
export type CoverageRow = {
  patient_id: number;
  policy_id: number;
  birth_date: string;
  enrolled_on: string;
  left_on: string | null;
  patient_state: string;
  policy_state: string;
  starts_on: string;
  ends_on: string;
  benefit_year: BenefitYearKind;
  annual_maximum_cents: number | null;
  ortho_lifetime_maximum_cents: number | null;
  ortho_age_limit: number | null;
};

/** The columns of CoverageRow, for a query joining `patients p` and `policies po`. */
export const COVERAGE_COLUMNS = `p.id AS patient_id, po.id AS policy_id, p.birth_date::text AS birth_date, p.enrolled_on::text AS enrolled_on,
  p.left_on::text AS left_on, p.state AS patient_state, po.state AS policy_state, po.starts_on::text AS starts_on,
  po.ends_on::text AS ends_on, po.benefit_year, po.annual_maximum_cents, po.ortho_lifetime_maximum_cents, po.ortho_age_limit`;

// Research 4.1 defaults (R3, R7) when the policy does not set its own.
const DEFAULT_ANNUAL_MAXIMUM_CENTS = 150_000;
const DEFAULT_ORTHO_LIFETIME_CENTS = 150_000;
const DEFAULT_ORTHO_AGE_LIMIT = 19;

/** Policy active and in force, patient enrolled and not gone, on `date`. */
export function coverageActiveOn(row: CoverageRow, date: string): boolean {
  return (
    row.policy_state === 'ACTIVE' &&
    row.patient_state === 'ACTIVE' &&
    row.starts_on <= date &&
    date <= row.ends_on &&
    row.enrolled_on <= date &&
    (row.left_on === null || date < row.left_on)
  );
}

/** Remaining annual maximum (benefit year of `date`) and orthodontic lifetime maximum, from the ledger. */
export async function remainingBenefits(db: Queryable, row: CoverageRow, date: string) {
  const yearStart = benefitYearStart(row.benefit_year, row.starts_on, date);
  const [used] = await db.query<{ annual: number; ortho: number }>(
    `SELECT coalesce(sum(amount_cents) FILTER (WHERE kind = 'ANNUAL_MAXIMUM' AND benefit_year_start = $2), 0)::int AS annual,
            coalesce(sum(amount_cents) FILTER (WHERE kind = 'ORTHO_LIFETIME'), 0)::int AS ortho
       FROM benefit_ledger WHERE patient_id = $1`,
    [row.patient_id, yearStart],
  );
  return {
    annualMaximumRemainingCents: (row.annual_maximum_cents ?? DEFAULT_ANNUAL_MAXIMUM_CENTS) - used.annual,
    orthoLifetimeRemainingCents: (row.ortho_lifetime_maximum_cents ?? DEFAULT_ORTHO_LIFETIME_CENTS) - used.ortho,
  };
}

export const orthoAgeLimitOf = (row: CoverageRow) => row.ortho_age_limit ?? DEFAULT_ORTHO_AGE_LIMIT;
export const patientAgeOn = (row: CoverageRow, date: string) => ageOn(row.birth_date, date);
export const benefitYearEndOf = (row: CoverageRow, date: string) => benefitYearEnd(row.benefit_year, row.starts_on, date);
