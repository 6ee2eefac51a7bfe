import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { addDays, ageOn, benefitYearEnd, benefitYearStart, type BenefitYearKind } from '@core/benefits/dates.ts';
import { resolveRules, type BenefitRules } from '@core/benefits/rules.ts';
import { policyRulesOverride, type PolicyBenefitRule } from '@core/benefits/policy-rules.ts';
import { CATEGORIES, type Category } from '@core/benefits/procedures.ts';
import type { BenefitUsage, CoveragePeriod, HistoryLine, YearUsage } from '@core/benefits/liquidate.ts';
import type { DB, Queryable } from '../../db/database.ts';


/** A `benefit_rules` row as the engine's rule reads it. */
export const RULE_COLUMNS = [
  'benefit_rules.kind',
  'benefit_rules.category',
  'benefit_rules.procedure_code as procedureCode',
  'benefit_rules.percent',
  'benefit_rules.months',
  'benefit_rules.amount_cents as amountCents',
  'benefit_rules.quantity',
  'benefit_rules.period',
  'benefit_rules.level',
] as const;

/** A patient's coverage as the policy, the patient and the insurer describe it, for a query joining those three tables. */
export const coverageColumns = (eb: ExpressionBuilder<DB, 'patients' | 'policies' | 'insurers'>) =>
  [
    eb.ref('patients.id').as('patient_id'),
    eb.ref('policies.id').as('policy_id'),
    eb.cast<string>('patients.birth_date', 'text').as('birth_date'),
    eb.cast<string>('patients.enrolled_on', 'text').as('enrolled_on'),
    eb.cast<string | null>('patients.left_on', 'text').as('left_on'),
    'patients.prior_coverage_months',
    'patients.prior_orthodontic_coverage_months',
    'patients.coverage_order',
    eb.ref('patients.state').as('patient_state'),
    eb.cast<string | null>('patients.suspended_on', 'text').as('patient_suspended_on'),
    eb.ref('policies.state').as('policy_state'),
    eb.cast<string>(eb.cast('policies.updated_at', 'date'), 'text').as('policy_changed_on'),
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
    'policies.deductible_applies_to_preventive',
    'insurers.claim_deadline_days',
    jsonArrayFrom(
      eb
        .selectFrom('benefit_rules')
        .select(RULE_COLUMNS)
        .whereRef('benefit_rules.policy_id', '=', 'policies.id')
        .orderBy('benefit_rules.id'),
    )
      .$castTo<PolicyBenefitRule[]>()
      .as('benefit_rules'),
    // The suspensions, resumptions and cancellation of the patient and the policy, with their dates, in order.
    jsonArrayFrom(
      eb
        .selectFrom('workflow_history')
        .select((h) => [
          h.ref('workflow_history.entity_type').as('entity'),
          'workflow_history.event',
          // The event's own date (a patient's suspension names one), else the business day it was sent on.
          sql<string>`coalesce(workflow_history.payload->>'date', workflow_history.on_date::text)`.as('on'),
        ])
        .where((h) =>
          h.or([
            h.and([h('workflow_history.entity_type', '=', 'patient'), h('workflow_history.entity_id', '=', h.ref('patients.id')), h('workflow_history.event', 'in', ['SUSPEND', 'RESUME'])]),
            h.and([h('workflow_history.entity_type', '=', 'policy'), h('workflow_history.entity_id', '=', h.ref('policies.id')), h('workflow_history.event', 'in', ['SUSPEND', 'RESUME', 'CANCEL'])]),
          ]),
        )
        .orderBy('workflow_history.id'),
    )
      .$castTo<CoverageEvent[]>()
      .as('coverage_events'),
  ] as const;

/** A suspension, resumption or cancellation of the patient or the policy, on its date. */
export type CoverageEvent = { entity: string; event: string; on: string };

export type CoverageRow = {
  patient_id: number;
  policy_id: number;
  birth_date: string;
  enrolled_on: string;
  left_on: string | null;
  prior_coverage_months: number;
  prior_orthodontic_coverage_months: number;
  coverage_order: number | null;
  patient_state: string;
  patient_suspended_on: string | null;
  policy_state: string;
  policy_changed_on: string;
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
  deductible_applies_to_preventive: boolean;
  claim_deadline_days: number;
  benefit_rules: PolicyBenefitRule[];
  coverage_events: CoverageEvent[];
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
    deductibleAppliesToPreventive: row.deductible_applies_to_preventive,
  };
  return resolveRules(policyRulesOverride(terms, row.benefit_rules), { filingDeadlineDays: row.claim_deadline_days }, defaults);
}

/** Days on which one of the two (patient, policy) was suspended: from the suspension to the day before the resumption. */
function suspensions(row: CoverageRow): CoveragePeriod[] {
  const gaps: CoveragePeriod[] = [];
  for (const entity of ['patient', 'policy'] as const) {
    let since: string | null = null;
    for (const e of row.coverage_events.filter((c) => c.entity === entity)) {
      if (e.event === 'SUSPEND') since ??= e.on;
      if (e.event === 'RESUME' && since !== null) {
        if (since < e.on) gaps.push({ from: since, to: addDays(e.on, -1) });
        since = null;
      }
    }
    // Suspended now: since the recorded suspension (rows written before the history was kept: since the suspension date or the last change).
    const suspendedNow = entity === 'patient' ? row.patient_state === 'SUSPENDED' : row.policy_state === 'SUSPENDED';
    if (suspendedNow) gaps.push({ from: since ?? (entity === 'patient' ? row.patient_suspended_on : null) ?? row.policy_changed_on, to: null });
  }
  return gaps;
}

/** The last covered day of a cancelled policy: the day before it was cancelled. */
function cancelledThrough(row: CoverageRow): string | null {
  if (row.policy_state !== 'CANCELLED') return null;
  const cancelled = row.coverage_events.find((e) => e.entity === 'policy' && e.event === 'CANCEL')?.on ?? row.policy_changed_on;
  return addDays(cancelled, -1);
}

/**
 * When the patient is covered, judged from the dates whatever the state today: the policy's term cut by
 * enrolment, leaving (the last covered day) and cancellation, less the days the patient or the policy was
 * suspended. A policy never activated covers nothing.
 */
export function coveragePeriods(row: CoverageRow): CoveragePeriod[] {
  if (row.policy_state === 'PENDING') return [];
  const from = row.enrolled_on > row.starts_on ? row.enrolled_on : row.starts_on;
  const to = [row.ends_on, row.left_on, cancelledThrough(row)].filter((d): d is string => d !== null).sort()[0];
  let periods: CoveragePeriod[] = from <= to ? [{ from, to }] : [];
  for (const gap of suspensions(row)) {
    periods = periods.flatMap((p) => {
      const pieces: CoveragePeriod[] = [];
      if (p.from < gap.from) pieces.push({ from: p.from, to: p.to! < gap.from ? p.to : addDays(gap.from, -1) });
      if (gap.to !== null && gap.to !== undefined && gap.to < p.to!) pieces.push({ from: p.from > gap.to ? p.from : addDays(gap.to, 1), to: p.to });
      return pieces;
    });
  }
  return periods;
}

/** Policy active and in force, patient enrolled and not gone, on `date`. */
export const coverageActiveOn = (row: CoverageRow, date: string) => coveragePeriods(row).some((p) => p.from <= date && (!p.to || date <= p.to));

/**
 * The benefit ledger of some policies, summed per reimbursement, patient, benefit year and kind: settled
 * rows are what was paid, reserved rows what approved claims will pay; both count as used.
 */
export type Ledger = {
  policy_id: number;
  patient_id: number;
  reimbursement_id: number;
  benefit_year_start: string;
  kind: string;
  cents: number;
  /** On orthodontic lifetime use carried from the same person's earlier policy record: that policy (for the patient view). */
  earlier_policy?: { id: number; number: string };
}[];

/** The ledger of every policy of `rows`, with the orthodontic lifetime use each person made under other policy records. */
export async function ledgerOf(q: Queryable, rows: readonly CoverageRow[]): Promise<Ledger> {
  const policyIds = [...new Set(rows.map((r) => r.policy_id))];
  if (!policyIds.length) return [];
  // One after the other: inside a transaction they share one connection.
  const own = await policyLedgerOf(q, policyIds);
  return [...own, ...(await earlierOrthodonticUseOf(q, [...new Set(rows.map((r) => r.patient_id))]))];
}

/**
 * Research 1.3 and 2.2: the orthodontic lifetime maximum does not renew. A person's lifetime use is counted across
 * their patient records with the same insurer (a renewal under a new number, a change of holder), the person found
 * by their identity document; each earlier record's ORTHO_LIFETIME rows are given as the patient's own, on the
 * patient's current policy, naming the policy they came from.
 */
async function earlierOrthodonticUseOf(q: Queryable, patientIds: readonly number[]): Promise<Ledger> {
  if (!patientIds.length) return [];
  const rows = await q.kysely
    .selectFrom('patients as me')
    .innerJoin('policies as mine', 'mine.id', 'me.policy_id')
    .innerJoin('patients as other', (join) =>
      join.onRef('other.document_type', '=', 'me.document_type').onRef('other.document_number', '=', 'me.document_number').onRef('other.id', '<>', 'me.id'),
    )
    .innerJoin('policies as theirs', (join) => join.onRef('theirs.id', '=', 'other.policy_id').onRef('theirs.insurer_id', '=', 'mine.insurer_id'))
    .innerJoin('benefit_ledger as l', 'l.patient_id', 'other.id')
    .select((eb) => [
      'me.policy_id as policy_id',
      'me.id as patient_id',
      'l.reimbursement_id',
      eb.cast<string>('l.benefit_year_start', 'text').as('benefit_year_start'),
      'l.kind',
      sql<number>`coalesce(sum(l.amount_cents), 0)::int`.as('cents'),
      'theirs.id as earlier_id',
      'theirs.number as earlier_number',
    ])
    .where('me.id', 'in', patientIds)
    .where('l.kind', '=', 'ORTHO_LIFETIME')
    .where('me.document_number', 'is not', null)
    .groupBy(['me.policy_id', 'me.id', 'l.reimbursement_id', 'l.benefit_year_start', 'l.kind', 'theirs.id', 'theirs.number'])
    .execute();
  return rows.map(({ earlier_id, earlier_number, ...r }) => ({ ...r, earlier_policy: { id: earlier_id, number: earlier_number } }));
}

/** The ledger of the policies, summed per reimbursement, patient, benefit year and kind, in one query. */
async function policyLedgerOf(q: Queryable, policyIds: readonly number[]): Promise<Ledger> {
  return q.kysely
    .selectFrom('benefit_ledger')
    .select((eb) => [
      'policy_id',
      'patient_id',
      'reimbursement_id',
      eb.cast<string>('benefit_year_start', 'text').as('benefit_year_start'),
      'kind',
      sql<number>`coalesce(sum(amount_cents), 0)::int`.as('cents'),
    ])
    .where('policy_id', 'in', policyIds)
    .groupBy(['policy_id', 'patient_id', 'reimbursement_id', 'benefit_year_start', 'kind'])
    .execute();
}

/** The ledger's kinds that count a category's own maximum (`CATEGORY_MAJOR`…), by category. */
const CATEGORY_OF_LEDGER_KIND: Readonly<Record<string, Category>> = Object.fromEntries(CATEGORIES.map((c) => [`CATEGORY_${c}`, c]));
/** The ledger's kinds of a category's own deductible counter (`DEDUCTIBLE_MAJOR`…), by category. */
const DEDUCTIBLE_OF_LEDGER_KIND: Readonly<Record<string, Category>> = Object.fromEntries(CATEGORIES.map((c) => [`DEDUCTIBLE_${c}`, c]));

/**
 * What the patient (and the family, for the family deductible) has used, from the ledger, leaving out
 * what one reimbursement itself reserved (it is liquidated again against the others' use).
 */
export function usageOf(ledger: Ledger, row: CoverageRow, exceptReimbursementId: number | null = null): BenefitUsage {
  const benefitYears: Record<string, { -readonly [K in keyof YearUsage]: YearUsage[K] }> = {};
  let orthoLifetimeUsedCents = 0;
  for (const r of ledger) {
    if (r.policy_id !== row.policy_id || r.reimbursement_id === exceptReimbursementId) continue;
    const own = r.patient_id === row.patient_id ? r.cents : 0;
    if (r.kind === 'ORTHO_LIFETIME') {
      orthoLifetimeUsedCents += own;
      continue;
    }
    const year = (benefitYears[r.benefit_year_start] ??= { deductibleUsedCents: 0, familyDeductibleUsedCents: 0, annualUsedCents: 0 });
    const category = CATEGORY_OF_LEDGER_KIND[r.kind];
    const ownDeductible = DEDUCTIBLE_OF_LEDGER_KIND[r.kind];
    if (ownDeductible) {
      year.categoryDeductibleUsedCents = { ...year.categoryDeductibleUsedCents, [ownDeductible]: (year.categoryDeductibleUsedCents?.[ownDeductible] ?? 0) + own };
      year.familyCategoryDeductibleUsedCents = {
        ...year.familyCategoryDeductibleUsedCents,
        [ownDeductible]: (year.familyCategoryDeductibleUsedCents?.[ownDeductible] ?? 0) + r.cents,
      };
    } else if (category) {
      year.categoryUsedCents = { ...year.categoryUsedCents, [category]: (year.categoryUsedCents?.[category] ?? 0) + own };
      year.familyCategoryUsedCents = { ...year.familyCategoryUsedCents, [category]: (year.familyCategoryUsedCents?.[category] ?? 0) + r.cents };
    } else if (r.kind === 'DEDUCTIBLE') {
      year.deductibleUsedCents += own;
      year.familyDeductibleUsedCents += r.cents;
    } else year.annualUsedCents += own;
  }
  return { benefitYears, orthoLifetimeUsedCents };
}

/** States whose claims hold their place in the ledger (reserved or settled). */
const HOLDING_STATES = ['approved', 'partiallyApproved', 'paid'];

/**
 * The lines of the patients' live reimbursements (neither cancelled nor rejected), in one query, except
 * lines the check rejected: R18 and R6 count "across non-annulled reimbursements", whatever their stage.
 */
export async function liveLinesOf(q: Queryable, rows: readonly CoverageRow[]) {
  const patientIds = [...new Set(rows.map((r) => r.patient_id))];
  if (!patientIds.length) return [];
  return q.kysely
    .selectFrom('reimbursement_lines')
    .innerJoin('reimbursements', 'reimbursements.id', 'reimbursement_lines.reimbursement_id')
    .select((eb) => [
      'reimbursements.id as reimbursement_id',
      'reimbursements.patient_id',
      'reimbursements.state',
      'reimbursement_lines.procedure_code as code',
      'reimbursement_lines.tooth',
      eb.cast<string>('reimbursement_lines.service_date', 'text').as('serviceDate'),
      'reimbursement_lines.quantity',
    ])
    .where('reimbursements.patient_id', 'in', patientIds)
    .where('reimbursement_lines.status', '<>', 'REJECTED')
    .where('reimbursements.state', 'not in', ['cancelled', 'rejected'])
    .execute();
}

/**
 * The patient's lines in other live reimbursements that come before this one: those holding their place in
 * the ledger (approved or paid), and open ones created earlier. First come, first served: a claim is never
 * judged against one entered after it unless that one was approved first, so an approved claim keeps its
 * figures until it is paid.
 */
export const historyOf = (lines: Awaited<ReturnType<typeof liveLinesOf>>, patientId: number, reimbursementId: number | null): HistoryLine[] =>
  lines
    .filter((l) => l.patient_id === patientId && l.reimbursement_id !== reimbursementId)
    .filter((l) => reimbursementId === null || l.reimbursement_id < reimbursementId || HOLDING_STATES.includes(l.state))
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
