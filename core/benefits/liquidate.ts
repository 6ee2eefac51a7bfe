import { addMonths, ageOn, benefitYearStart, daysBetween, isIsoDate, type IsoDate } from './dates.ts';
import { BenefitInputError } from './errors.ts';
import { assertCents, percentOf } from './money.ts';
import { normalizeTooth, rangeLookup, type Category, type ProcedureLookup } from './procedures.ts';
import type { RejectionCode } from './reasons.ts';
import type { BenefitRules, FrequencyRule } from './rules.ts';
import { categoryRoom, countInCategory, deductibleCounter, withDeductible } from './category-maximums.ts';
import { waitingPeriodEnd } from './waiting-periods.ts';

/** GENERAL claims carry non-orthodontic lines; ORTHODONTIC claims carry only D8xxx lines (else 03). */
export type ClaimType = 'GENERAL' | 'ORTHODONTIC';

export interface ClaimLine {
  /** Unique within the claim; echoed in the result. */
  readonly lineId: string;
  /** CDT-style code `D` + 4 digits; anything else is rejected with 01. */
  readonly code: string;
  /** FDI tooth as a number (16) or a two-digit string ('16'). */
  readonly tooth?: number | string | null;
  readonly serviceDate: IsoDate;
  /** Units on the line (integer ≥ 1, default 1); they count toward frequency limits. */
  readonly quantity?: number;
  /** What was charged for the whole line. */
  readonly chargedCents: number;
  /** Allowable amount for the whole line; when absent the fee schedule (per unit × quantity) applies. */
  readonly allowableCents?: number | null;
  /** COB: what another insurer paid for this line (`facts.otherInsurerPaidCents[lineId]` wins). */
  readonly otherInsurerPaidCents?: number;
  /**
   * The reviewer's decision (research 3.2), after the automatic checks: a line they pass is rejected with a
   * catalog code, or pays at most an amount; its deductible and maximum use follow, so later lines get the room it leaves.
   */
  readonly review?: LineReview | null;
}

export type LineReview = { readonly rejectCode: RejectionCode } | { readonly payAtMostCents: number };

export interface Claim {
  readonly type: ClaimType;
  readonly lines: readonly ClaimLine[];
}

/** A span during which the patient's coverage is active; both ends inclusive, `to` absent = open. */
export interface CoveragePeriod {
  readonly from: IsoDate;
  readonly to?: IsoDate | null;
}

/** An approved or paid procedure of the patient, for duplicates (R18) and frequencies (R6). */
export interface HistoryLine {
  readonly code: string;
  readonly tooth?: number | string | null;
  readonly serviceDate: IsoDate;
  readonly quantity?: number;
}

/** What one patient has used of one benefit year (family deductible: the whole family's use). */
export interface YearUsage {
  readonly deductibleUsedCents: number;
  readonly familyDeductibleUsedCents: number;
  readonly annualUsedCents: number;
  /** What the person's (the family's) lines of a category paid, for the categories whose own maximum is counted. */
  readonly categoryUsedCents?: Readonly<Partial<Record<Category, number>>>;
  readonly familyCategoryUsedCents?: Readonly<Partial<Record<Category, number>>>;
  /**
   * The deductible taken by a category that has its own (research 2.2 DEDUCTIBLE by category): its own counter,
   * apart from the general deductible's, for the person and the family.
   */
  readonly categoryDeductibleUsedCents?: Readonly<Partial<Record<Category, number>>>;
  readonly familyCategoryDeductibleUsedCents?: Readonly<Partial<Record<Category, number>>>;
}

export interface BenefitUsage {
  /** Keyed by the benefit year's first day (`benefitYearStart`); a missing year has used nothing. */
  readonly benefitYears: Readonly<Record<IsoDate, YearUsage>>;
  readonly orthoLifetimeUsedCents: number;
}

export const EMPTY_YEAR_USAGE: YearUsage = { deductibleUsedCents: 0, familyDeductibleUsedCents: 0, annualUsedCents: 0 };
export const NO_USAGE: BenefitUsage = { benefitYears: {}, orthoLifetimeUsedCents: 0 };

export interface ClaimFacts {
  readonly birthDate: IsoDate;
  /** The patient's enrolment (fecha_alta): waiting periods run from it; earlier services are 09. */
  readonly enrolmentDate: IsoDate;
  /** Anchor of ANNIVERSARY benefit years; default the earliest coverage period start, else enrolment. */
  readonly policyStartDate?: IsoDate;
  /** Months of continuous prior coverage (waives waiting periods, R5). Default 0. */
  readonly priorCoverageMonths?: number;
  /** Prior coverage that included orthodontics; default `priorCoverageMonths`. */
  readonly priorOrthodonticCoverageMonths?: number;
  readonly coveragePeriods: readonly CoveragePeriod[];
  /** Usage before this claim. */
  readonly usage: BenefitUsage;
  /** Approved or paid lines of the patient before this claim. */
  readonly history: readonly HistoryLine[];
  readonly invoiceDate: IsoDate;
  readonly submissionDate: IsoDate;
  /** COB per lineId. */
  readonly otherInsurerPaidCents?: Readonly<Record<string, number>>;
  /** Orthodontic banding date: the age limit is checked on it (else on each line's service date). */
  readonly orthoBandingDate?: IsoDate | null;
  /**
   * R14: whether the claim rests on a granted pre-authorisation, and the line charge above which one is
   * needed (implants always need one). Absent: not checked.
   */
  readonly preauthorization?: { readonly granted: boolean; readonly aboveCents: number | null };
}

/** R14: implant services (CDT D6010–D6199) always need a pre-authorisation. */
export const isImplant = (code: string) => /^D6(0[1-9]|1\d)\d$/.test(code);

export type LineStatus = 'APPROVED' | 'REJECTED';

export interface LineLiquidation {
  readonly lineId: string;
  readonly code: string;
  /** Null only when the code is invalid. */
  readonly category: Category | null;
  /** Benefit year the line's amounts count in; null when the service date is invalid. */
  readonly benefitYearStart: IsoDate | null;
  readonly chargedCents: number;
  /** min(charged, allowable); 0 on rejected lines. */
  readonly allowedCents: number;
  readonly deductibleCents: number;
  /** What this insurer pays for the line. */
  readonly coveredCents: number;
  /**
   * Benefit cut by the annual / lifetime maximum (research 4.2 step 5), from what the line would pay after the
   * reviewer's amount and before coordination of benefits (on lines rejected 30/31: all of it).
   */
  readonly excessCents: number;
  /** COB amount taken into account (0 on rejected lines). */
  readonly otherInsurerPaidCents: number;
  /** True when the line's deductible was its category's own (counted on that category's counter, not the general one). */
  readonly categoryDeductible?: true;
  readonly status: LineStatus;
  readonly reason?: RejectionCode;
}

export interface LiquidationTotals {
  /** Σ charged over all lines. */
  readonly claimedCents: number;
  /** Σ allowed over approved lines. */
  readonly allowedCents: number;
  readonly deductibleCents: number;
  /** Σ covered: what this insurer pays. */
  readonly payableCents: number;
  /** claimed − payable (research 4.2 step 7; includes what another insurer paid). */
  readonly patientShareCents: number;
  readonly excessCents: number;
  readonly otherInsurerPaidCents: number;
}

export interface Liquidation {
  /** In the order of the claim's lines. */
  readonly lines: readonly LineLiquidation[];
  readonly totals: LiquidationTotals;
  /** APPROVED: every line approved; REJECTED: none (or no lines); otherwise PARTIALLY_APPROVED. */
  readonly status: 'APPROVED' | 'PARTIALLY_APPROVED' | 'REJECTED';
  /** facts.usage plus this claim's deductible, annual and orthodontic use, to post to the ledger. */
  readonly usageAfter: BenefitUsage;
  /** facts.history plus this claim's approved lines. */
  readonly historyAfter: readonly HistoryLine[];
}

interface Procedure {
  readonly code: string;
  readonly tooth: number | null;
  readonly serviceDate: IsoDate;
  readonly quantity: number;
}

interface Context {
  readonly claim: Claim;
  readonly facts: ClaimFacts;
  readonly rules: BenefitRules;
  readonly policyStart: IsoDate;
  /** Reason applying to every line (invoice after submission, filing deadline). */
  readonly claimReason: RejectionCode | null;
  readonly procedures: ProcedureLookup;
}

function assertIsoDate(value: unknown, path: string): asserts value is IsoDate {
  if (!isIsoDate(value)) throw new BenefitInputError(path, `expected a date YYYY-MM-DD, got ${String(value)}`);
}

function assertCount(value: unknown, path: string, min: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > 100_000) {
    throw new BenefitInputError(path, `expected an integer ≥ ${min}, got ${String(value)}`);
  }
}

function validate(claim: Claim, facts: ClaimFacts): void {
  if (claim.type !== 'GENERAL' && claim.type !== 'ORTHODONTIC') {
    throw new BenefitInputError('claim.type', `expected GENERAL or ORTHODONTIC, got ${String(claim.type)}`);
  }
  const ids = new Set<string>();
  claim.lines.forEach((line, n) => {
    const path = `claim.lines.${n}`;
    if (typeof line.lineId !== 'string' || line.lineId === '' || ids.has(line.lineId)) {
      throw new BenefitInputError(`${path}.lineId`, 'expected a unique non-empty line id');
    }
    ids.add(line.lineId);
    if (typeof line.code !== 'string') throw new BenefitInputError(`${path}.code`, 'expected a string');
    if (typeof line.serviceDate !== 'string') throw new BenefitInputError(`${path}.serviceDate`, 'expected a string');
    assertCents(line.chargedCents, `${path}.chargedCents`);
    if (line.allowableCents !== undefined && line.allowableCents !== null) assertCents(line.allowableCents, `${path}.allowableCents`);
    if (line.quantity !== undefined) assertCount(line.quantity, `${path}.quantity`, 1);
    if (line.otherInsurerPaidCents !== undefined) assertCents(line.otherInsurerPaidCents, `${path}.otherInsurerPaidCents`);
    if (line.review && 'payAtMostCents' in line.review) assertCents(line.review.payAtMostCents, `${path}.review.payAtMostCents`);
  });
  assertIsoDate(facts.birthDate, 'facts.birthDate');
  assertIsoDate(facts.enrolmentDate, 'facts.enrolmentDate');
  if (facts.policyStartDate !== undefined) assertIsoDate(facts.policyStartDate, 'facts.policyStartDate');
  if (facts.priorCoverageMonths !== undefined) assertCount(facts.priorCoverageMonths, 'facts.priorCoverageMonths', 0);
  if (facts.priorOrthodonticCoverageMonths !== undefined) {
    assertCount(facts.priorOrthodonticCoverageMonths, 'facts.priorOrthodonticCoverageMonths', 0);
  }
  facts.coveragePeriods.forEach((p, n) => {
    assertIsoDate(p.from, `facts.coveragePeriods.${n}.from`);
    if (p.to !== undefined && p.to !== null) {
      assertIsoDate(p.to, `facts.coveragePeriods.${n}.to`);
      if (p.to < p.from) throw new BenefitInputError(`facts.coveragePeriods.${n}.to`, 'ends before it starts');
    }
  });
  for (const [year, u] of Object.entries(facts.usage.benefitYears)) {
    assertIsoDate(year, `facts.usage.benefitYears.${year}`);
    assertCents(u.deductibleUsedCents, `facts.usage.benefitYears.${year}.deductibleUsedCents`);
    assertCents(u.familyDeductibleUsedCents, `facts.usage.benefitYears.${year}.familyDeductibleUsedCents`);
    assertCents(u.annualUsedCents, `facts.usage.benefitYears.${year}.annualUsedCents`);
    for (const field of ['categoryUsedCents', 'familyCategoryUsedCents', 'categoryDeductibleUsedCents', 'familyCategoryDeductibleUsedCents'] as const) {
      for (const [category, cents] of Object.entries(u[field] ?? {})) assertCents(cents, `facts.usage.benefitYears.${year}.${field}.${category}`);
    }
  }
  assertCents(facts.usage.orthoLifetimeUsedCents, 'facts.usage.orthoLifetimeUsedCents');
  facts.history.forEach((h, n) => {
    if (typeof h.code !== 'string') throw new BenefitInputError(`facts.history.${n}.code`, 'expected a string');
    assertIsoDate(h.serviceDate, `facts.history.${n}.serviceDate`);
    if (h.quantity !== undefined) assertCount(h.quantity, `facts.history.${n}.quantity`, 1);
  });
  assertIsoDate(facts.invoiceDate, 'facts.invoiceDate');
  assertIsoDate(facts.submissionDate, 'facts.submissionDate');
  for (const [lineId, cents] of Object.entries(facts.otherInsurerPaidCents ?? {})) {
    assertCents(cents, `facts.otherInsurerPaidCents.${lineId}`);
  }
  if (facts.orthoBandingDate !== undefined && facts.orthoBandingDate !== null) {
    assertIsoDate(facts.orthoBandingDate, 'facts.orthoBandingDate');
  }
  if (facts.preauthorization?.aboveCents !== undefined && facts.preauthorization.aboveCents !== null) {
    assertCents(facts.preauthorization.aboveCents, 'facts.preauthorization.aboveCents');
  }
}

function toProcedure(p: HistoryLine | ClaimLine): Procedure {
  return { code: p.code, tooth: normalizeTooth(p.tooth), serviceDate: p.serviceDate, quantity: p.quantity ?? 1 };
}

function duplicateKey(p: { code: string; tooth?: number | string | null; serviceDate: IsoDate }): string {
  const tooth = normalizeTooth(p.tooth);
  return `${p.code}|${tooth ?? (p.tooth === undefined || p.tooth === null ? '' : `?${String(p.tooth)}`)}|${p.serviceDate}`;
}

function yearOf(ctx: Context, date: IsoDate): IsoDate {
  return benefitYearStart(ctx.rules.benefitYear, ctx.policyStart, date);
}

function inPeriod(ctx: Context, rule: FrequencyRule, line: IsoDate, other: IsoDate): boolean {
  switch (rule.period.unit) {
    case 'LIFETIME':
      return true;
    case 'BENEFIT_YEAR':
      return yearOf(ctx, line) === yearOf(ctx, other);
    case 'CALENDAR_YEAR':
      return line.slice(0, 4) === other.slice(0, 4);
    case 'MONTHS':
      // A rolling window centred on the line: anything less than `months` before or after it counts.
      return other > addMonths(line, -rule.period.months) && other < addMonths(line, rule.period.months);
  }
}

/** The first reason the line is not eligible, in the documented order; null when eligible. */
function eligibility(
  ctx: Context,
  line: ClaimLine,
  earlierKeys: ReadonlySet<string>,
  historyKeys: ReadonlySet<string>,
  counted: readonly Procedure[],
): RejectionCode | null {
  const { claim, facts, rules } = ctx;
  const procedure = ctx.procedures(line.code);
  const category = procedure?.category ?? null;
  // 01 unknown or malformed code; 35 excluded by the policy.
  if (procedure === null || category === null) return '01';
  if (rules.exclusions.includes(line.code)) return '35';
  // 03 orthodontic line on a general claim or vice versa, or orthodontics not in the plan.
  if ((category === 'ORTHODONTIC') !== (claim.type === 'ORTHODONTIC')) return '03';
  if (category === 'ORTHODONTIC' && !rules.orthodontic.included) return '03';
  // 01 tooth: R19 codes need a valid FDI tooth; a tooth given must be valid; tooth-bound frequencies.
  const tooth = normalizeTooth(line.tooth);
  const toothGiven = line.tooth !== undefined && line.tooth !== null && line.tooth !== '';
  if (toothGiven && tooth === null) return '01';
  if (procedure.requiresTooth && tooth === null) return '01';
  const frequencyRules = rules.frequencies.filter((f) => f.codes.includes(line.code));
  for (const f of frequencyRules) {
    if ((f.perTooth || f.teeth) && tooth === null) return '01';
    if (f.teeth && !f.teeth.includes(tooth as number)) return '01';
  }
  // 09 service date malformed, after submission or before enrolment.
  if (!isIsoDate(line.serviceDate) || line.serviceDate > facts.submissionDate || line.serviceDate < facts.enrolmentDate) return '09';
  // 37 invoice dated after submission; 33 filed after the deadline.
  if (ctx.claimReason !== null) return ctx.claimReason;
  // 06 duplicate (same code + tooth + service date) of the history or of an earlier line of the claim.
  const key = duplicateKey(line);
  if (historyKeys.has(key) || earlierKeys.has(key)) return '06';
  // 07 coverage not active on the service date.
  const active = facts.coveragePeriods.some((p) => p.from <= line.serviceDate && (p.to === undefined || p.to === null || line.serviceDate <= p.to));
  if (!active) return '07';
  // 34 pre-authorisation required (R14): an implant, or a line charged above the insurer's threshold.
  const preauth = facts.preauthorization;
  if (preauth && !preauth.granted && (isImplant(line.code) || (preauth.aboveCents !== null && line.chargedCents > preauth.aboveCents))) return '34';
  // 04 age: orthodontics under the age limit at banding (and on each service date if payments stop
  // at the limit); frequency groups with an age limit on the service date.
  if (category === 'ORTHODONTIC' && rules.orthodontic.ageLimit !== null) {
    const limit = rules.orthodontic.ageLimit;
    if (ageOn(facts.birthDate, facts.orthoBandingDate ?? line.serviceDate) >= limit) return '04';
    if (rules.orthodontic.stopAtAgeLimit && ageOn(facts.birthDate, line.serviceDate) >= limit) return '04';
  }
  for (const f of frequencyRules) {
    if (f.ageUnder !== undefined && ageOn(facts.birthDate, line.serviceDate) >= f.ageUnder) return '04';
  }
  const ageLimit = Object.hasOwn(rules.ageLimits.codes, line.code) ? rules.ageLimits.codes[line.code] : rules.ageLimits.categories[category];
  if (ageLimit !== undefined && ageOn(facts.birthDate, line.serviceDate) >= ageLimit) return '04';
  // 05 frequency already used up (research 3.2: age, then frequency, then waiting period, then quantity).
  const used = frequencyRules.map((f) => {
    let total = 0;
    for (const p of counted) {
      if (!f.codes.includes(p.code)) continue;
      if (f.perTooth && p.tooth !== tooth) continue;
      if (!inPeriod(ctx, f, line.serviceDate, p.serviceDate)) continue;
      total += p.quantity;
    }
    return total;
  });
  if (frequencyRules.some((f, n) => used[n]! >= f.count)) return '05';
  // 17 waiting period from enrolment, unless waived by prior continuous coverage.
  const waitingEnds = waitingPeriodEnd(rules, category, facts);
  if (waitingEnds !== null && line.serviceDate < waitingEnds) return '17';
  // 16 this line's quantity goes past what is left of a frequency.
  const quantity = line.quantity ?? 1;
  if (frequencyRules.some((f, n) => used[n]! + quantity > f.count)) return '16';
  return null;
}

/**
 * Liquidates a claim (research 4.2): per line, in order, eligibility (reasons 01, 35, 03, 01 for the
 * tooth, 09, 37, 33, 06, 07, 34, 04, 05, 17, 16 — the first that applies: research 3.2's age before frequency
 * before waiting period), then allowed = min(charged,
 * allowable), the deductible (individual and family remainder, waived categories), covered =
 * (allowed − deductible) × category %, limited by the reviewer's amount, then the cap by the remaining annual
 * maximum (GENERAL) or orthodontic lifetime maximum (ORTHODONTIC) with the cut recorded as excess — with nothing
 * left the line is rejected with 30 / 31 — then COB (covered ≤ allowed − other insurer's payment). Each line
 * sees the use of the lines before it. Pure: the inputs are not modified.
 * Codes are classified by `procedures` (the procedure catalog; by default the CDT ranges).
 * Throws BenefitInputError for malformed input (see ClaimFacts / ClaimLine); business outcomes are
 * rejected lines.
 */
export function liquidate(claim: Claim, facts: ClaimFacts, rules: BenefitRules, procedures: ProcedureLookup = rangeLookup): Liquidation {
  validate(claim, facts);
  const earliestPeriod = facts.coveragePeriods.reduce<IsoDate | null>((min, p) => (min === null || p.from < min ? p.from : min), null);
  const claimReason: RejectionCode | null =
    facts.invoiceDate > facts.submissionDate ? '37' : daysBetween(facts.invoiceDate, facts.submissionDate) > rules.filingDeadlineDays ? '33' : null;
  const ctx: Context = {
    claim,
    facts,
    rules,
    policyStart: facts.policyStartDate ?? earliestPeriod ?? facts.enrolmentDate,
    claimReason,
    procedures,
  };

  const historyKeys = new Set(facts.history.map(duplicateKey));
  const earlierKeys = new Set<string>();
  const counted: Procedure[] = facts.history.map(toProcedure);
  const approvedHistory: HistoryLine[] = [];
  const years = new Map<IsoDate, YearUsage>(Object.entries(facts.usage.benefitYears));
  let orthoUsed = facts.usage.orthoLifetimeUsedCents;
  const lines: LineLiquidation[] = [];

  for (const line of claim.lines) {
    const category = procedures(line.code)?.category ?? null;
    const benefitYear = isIsoDate(line.serviceDate) ? yearOf(ctx, line.serviceDate) : null;
    const rejected = (reason: RejectionCode, excessCents = 0): LineLiquidation => ({
      lineId: line.lineId,
      code: line.code,
      category,
      benefitYearStart: benefitYear,
      chargedCents: line.chargedCents,
      allowedCents: 0,
      deductibleCents: 0,
      coveredCents: 0,
      excessCents,
      otherInsurerPaidCents: 0,
      status: 'REJECTED',
      reason,
    });

    const reason = eligibility(ctx, line, earlierKeys, historyKeys, counted);
    earlierKeys.add(duplicateKey(line));
    if (reason !== null || category === null || benefitYear === null) {
      lines.push(rejected(reason ?? '01'));
      continue;
    }
    if (line.review && 'rejectCode' in line.review) {
      lines.push(rejected(line.review.rejectCode));
      continue;
    }

    // 1. Allowed amount.
    const quantity = line.quantity ?? 1;
    const unitAllowable = Object.hasOwn(rules.feeSchedule, line.code) ? rules.feeSchedule[line.code] : undefined;
    const allowable = line.allowableCents ?? (unitAllowable === undefined ? null : unitAllowable * quantity);
    const allowedCents = allowable === null ? line.chargedCents : Math.min(line.chargedCents, allowable);

    // 2. Deductible: the smaller of the individual and family remainders, unless the category is waived. A
    // category's own deductible takes the place of both amounts (and of the waiver) and has its own counter:
    // what its lines take does not count towards the general deductible, and the general one is not taken from them.
    const year = years.get(benefitYear) ?? EMPTY_YEAR_USAGE;
    const ownDeductible = rules.categoryDeductibles[category];
    const counter = deductibleCounter(year, ownDeductible ? category : null);
    let deductibleCents = 0;
    if (ownDeductible || !rules.deductible.waivedCategories.includes(category)) {
      const individualCents = ownDeductible?.individualCents ?? rules.deductible.individualCents;
      const familyCents = ownDeductible?.familyCents ?? rules.deductible.familyCents;
      const individualLeft = Math.max(0, individualCents - counter.individual);
      const familyLeft = familyCents === null ? individualLeft : Math.max(0, familyCents - counter.family);
      deductibleCents = Math.min(allowedCents, individualLeft, familyLeft);
    }

    // 3. Coinsurance, or what is left of the allowed amount after the code's fixed copay.
    const copayCents = Object.hasOwn(rules.fixedCopays, line.code) ? rules.fixedCopays[line.code]! * quantity : null;
    const grossCents =
      copayCents === null ? percentOf(allowedCents - deductibleCents, rules.coveragePercent[category]) : Math.max(0, allowedCents - deductibleCents - copayCents);

    // 4. The reviewer's amount limits what the line may pay before the maximum sees it, so the room it leaves
    // stays in the maximum for the lines after it.
    const payAtMost = line.review && 'payAtMostCents' in line.review ? line.review.payAtMostCents : Number.POSITIVE_INFINITY;
    const benefitCents = Math.min(grossCents, payAtMost);

    // 5. Annual maximum (general) or orthodontic lifetime maximum, filled in line order (research 4.2 step 5):
    // what it cuts is the line's excess. With nothing left the line is rejected 30 / 31 (research 3.2), even one
    // that would pay nothing; a line cut to a positive amount stays approved with its excess.
    const isOrtho = category === 'ORTHODONTIC';
    const categoryMaximum = isOrtho ? undefined : rules.categoryMaximums[category];
    const remainingCents = isOrtho
      ? Math.max(0, rules.orthodontic.lifetimeMaximumCents - orthoUsed)
      : Math.min(Math.max(0, rules.annualMaximumCents - year.annualUsedCents), categoryRoom(categoryMaximum, year, category));
    if (remainingCents === 0) {
      lines.push(rejected(isOrtho ? '31' : '30', benefitCents));
      continue;
    }
    const cappedCents = Math.min(benefitCents, remainingCents);

    // 6. Coordination of benefits after the maximum (research 4.2 step 6): both insurers together never pay
    // more than the allowed amount. The reviewer sees the maximum's cut and the other insurer's payment apart;
    // only what this insurer pays counts against the maximum.
    const cob = facts.otherInsurerPaidCents;
    const otherCents = (cob && Object.hasOwn(cob, line.lineId) ? cob[line.lineId] : undefined) ?? line.otherInsurerPaidCents ?? 0;
    const coveredCents = Math.min(cappedCents, Math.max(0, allowedCents - otherCents));

    const annualCents = isOrtho ? 0 : coveredCents;
    if (deductibleCents > 0 || annualCents > 0) {
      years.set(benefitYear, {
        ...year,
        ...withDeductible(year, ownDeductible ? category : null, deductibleCents),
        annualUsedCents: year.annualUsedCents + annualCents,
        ...(categoryMaximum && annualCents > 0 ? countInCategory(year, category, annualCents) : {}),
      });
    }
    if (isOrtho) orthoUsed += coveredCents;

    const procedure: HistoryLine = { code: line.code, tooth: normalizeTooth(line.tooth), serviceDate: line.serviceDate, quantity };
    counted.push(toProcedure(procedure));
    approvedHistory.push(procedure);
    lines.push({
      lineId: line.lineId,
      code: line.code,
      category,
      benefitYearStart: benefitYear,
      chargedCents: line.chargedCents,
      allowedCents,
      deductibleCents,
      coveredCents,
      excessCents: benefitCents - cappedCents,
      otherInsurerPaidCents: otherCents,
      ...(ownDeductible ? { categoryDeductible: true as const } : {}),
      status: 'APPROVED',
    });
  }

  const sum = (pick: (l: LineLiquidation) => number): number => lines.reduce((total, l) => total + pick(l), 0);
  const claimedCents = sum((l) => l.chargedCents);
  const payableCents = sum((l) => l.coveredCents);
  const approved = lines.filter((l) => l.status === 'APPROVED').length;
  return {
    lines,
    totals: {
      claimedCents,
      allowedCents: sum((l) => l.allowedCents),
      deductibleCents: sum((l) => l.deductibleCents),
      payableCents,
      patientShareCents: claimedCents - payableCents,
      excessCents: sum((l) => l.excessCents),
      otherInsurerPaidCents: sum((l) => l.otherInsurerPaidCents),
    },
    status: lines.length > 0 && approved === lines.length ? 'APPROVED' : approved === 0 ? 'REJECTED' : 'PARTIALLY_APPROVED',
    usageAfter: { benefitYears: Object.fromEntries(years), orthoLifetimeUsedCents: orthoUsed },
    historyAfter: [...facts.history, ...approvedHistory],
  };
}
