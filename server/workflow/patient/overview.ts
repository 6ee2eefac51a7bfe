import type { components } from '../../../openapi/schema';
import { benefitYearEnd, benefitYearStart } from '@core/benefits/dates.ts';
import type { Category } from '@core/benefits/procedures.ts';
import type { BenefitRules, CategoryLimit } from '@core/benefits/rules.ts';
import { runningWaitingPeriods } from '@core/benefits/waiting-periods.ts';
import type { Queryable } from '../../db/database.ts';
import { engineInputs } from '../../settings/engine-inputs.ts';
import { coverageActiveOn, ledgerOf, rulesOf, usageOf, type Ledger } from '../shared/coverage.ts';
import type { PolicySummary } from './policy-summary.ts';
import type { Patient } from './presenter.ts';
import type { PatientRow } from './repository.ts';

type Overview = components['schemas']['PatientOverview'];

const figure = (limitCents: number, usedCents: number) => ({ limitCents, usedCents, remainingCents: Math.max(0, limitCents - usedCents) });

/** Why there is no coverage on `date`, in the order a user would look: the policy, the patient, the dates. */
function coverageGap(row: PatientRow, date: string): Overview['coverage']['reason'] {
  if (row.policy_state !== 'ACTIVE') return 'POLICY_NOT_ACTIVE';
  if (row.patient_state === 'SUSPENDED') return 'PATIENT_SUSPENDED';
  if (row.left_on && row.left_on < date) return 'PATIENT_LEFT';
  if (date < row.enrolled_on) return 'NOT_YET_ENROLLED';
  return 'OUTSIDE_VALIDITY';
}

/** Where the person's orthodontic lifetime use under earlier policy records came from, per policy (research 1.3: it does not renew). */
function earlierUseOf(ledger: Ledger): Overview['benefits']['orthodonticEarlierUse'] {
  const byPolicy = new Map<number, { policyId: number; policyNumber: string; usedCents: number }>();
  for (const r of ledger) {
    if (!r.earlier_policy) continue;
    const entry = byPolicy.get(r.earlier_policy.id) ?? { policyId: r.earlier_policy.id, policyNumber: r.earlier_policy.number, usedCents: 0 };
    entry.usedCents += r.cents;
    byPolicy.set(entry.policyId, entry);
  }
  return [...byPolicy.values()].filter((e) => e.usedCents > 0);
}

/** The benefit year of `today` as the ledger has it: annual maximum, deductibles and the orthodontic lifetime maximum. */
async function benefitsOf(q: Queryable, row: PatientRow, rules: BenefitRules, today: string): Promise<Overview['benefits']> {
  const ledger = await ledgerOf(q, [row]);
  const usage = usageOf(ledger, row);
  const yearStart = benefitYearStart(rules.benefitYear, row.starts_on, today);
  const year = usage.benefitYears[yearStart];
  return {
    currency: row.currency,
    benefitYear: rules.benefitYear,
    yearStart,
    yearEnd: benefitYearEnd(rules.benefitYear, row.starts_on, today),
    annualMaximum: figure(rules.annualMaximumCents, year?.annualUsedCents ?? 0),
    deductible: figure(rules.deductible.individualCents, year?.deductibleUsedCents ?? 0),
    familyDeductible: rules.deductible.familyCents === null ? null : figure(rules.deductible.familyCents, year?.familyDeductibleUsedCents ?? 0),
    orthodontic: rules.orthodontic.included ? figure(rules.orthodontic.lifetimeMaximumCents, usage.orthoLifetimeUsedCents) : null,
    orthodonticEarlierUse: earlierUseOf(ledger),
    // A category's own deductible has its own counter (issue 24 item 4), shown beside the general one.
    categoryDeductibles: (Object.entries(rules.categoryDeductibles) as [Exclude<Category, 'ORTHODONTIC'>, CategoryLimit][]).map(([category, limit]) => ({
      category,
      individual: figure(limit.individualCents ?? rules.deductible.individualCents, year?.categoryDeductibleUsedCents?.[category] ?? 0),
      family: (limit.familyCents ?? rules.deductible.familyCents) === null ? null : figure((limit.familyCents ?? rules.deductible.familyCents)!, year?.familyCategoryDeductibleUsedCents?.[category] ?? 0),
    })),
    // The same limit the verification's orthoUnderAgeLimit guard reads (orthoAgeLimitOf).
    orthodonticAgeLimit: rules.orthodontic.ageLimit,
  };
}

/** Which page of each kind of linked record the view shows, and how many a page holds. */
export interface LinkedPages {
  verifications: number;
  reimbursements: number;
  orthodonticPlans: number;
  pageSize: number;
}

/** One page of the patient's verifications, reimbursements and orthodontic plans, newest first, and how many there are of each. */
async function recordsOf(q: Queryable, patientId: number, pages: LinkedPages) {
  const offset = (page: number) => (page - 1) * pages.pageSize;
  const count = (table: 'verifications' | 'reimbursements' | 'orthodontic_plans') =>
    q.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('patient_id', '=', patientId).executeTakeFirstOrThrow();
  const [verifications, reimbursements, orthodonticPlans, ...counts] = await Promise.all([
    q.kysely
      .selectFrom('verifications')
      .select((eb) => ['id', 'folio', 'kind', 'category', eb.cast<string>('planned_service_date', 'text').as('plannedServiceDate'), 'state'])
      .where('patient_id', '=', patientId)
      .orderBy('id', 'desc')
      .limit(pages.pageSize)
      .offset(offset(pages.verifications))
      .execute(),
    q.kysely
      .selectFrom('reimbursements')
      .select(['id', 'folio', 'verification_id as verificationId', 'kind', 'state', 'claimed_cents as claimedCents', 'payable_cents as payableCents', 'paid_cents as paidCents'])
      .where('patient_id', '=', patientId)
      .orderBy('id', 'desc')
      .limit(pages.pageSize)
      .offset(offset(pages.reimbursements))
      .execute(),
    q.kysely
      .selectFrom('orthodontic_plans')
      .select((eb) => ['id', 'treatment_code as treatmentCode', 'fee_cents as feeCents', eb.cast<string | null>('banding_date', 'text').as('bandingDate'), 'state'])
      .where('patient_id', '=', patientId)
      .orderBy('id', 'desc')
      .limit(pages.pageSize)
      .offset(offset(pages.orthodonticPlans))
      .execute(),
    count('verifications'),
    count('reimbursements'),
    count('orthodontic_plans'),
  ]);
  const [v, r, o] = counts.map((c) => Number(c.n));
  return { verifications, reimbursements, orthodonticPlans, linked: { pageSize: pages.pageSize, verifications: v!, reimbursements: r!, orthodonticPlans: o! } };
}

/** The patient view: who, on which policy, covered today or why not, what is left of the year, and the linked records. */
export async function patientOverview(q: Queryable, row: PatientRow, patient: Patient, policy: PolicySummary, today: string, pages: LinkedPages): Promise<Overview> {
  const active = coverageActiveOn(row, today);
  // The policy's terms over the insurer's, over the defaults Configuraciones holds today (as a new liquidation reads them).
  const rules = rulesOf(row, (await engineInputs(q, row.currency.trim())).defaults);
  return {
    patient,
    policy,
    coverage: { date: today, active, reason: active ? null : coverageGap(row, today) },
    benefits: await benefitsOf(q, row, rules, today),
    waitingPeriods: runningWaitingPeriods(rules, { enrolmentDate: row.enrolled_on, priorCoverageMonths: row.prior_coverage_months, priorOrthodonticCoverageMonths: row.prior_orthodontic_coverage_months }, today),
    ...(await recordsOf(q, row.id, pages)),
  };
}
