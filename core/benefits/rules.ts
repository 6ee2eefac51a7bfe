import type { BenefitYearKind } from './dates.ts';
import { BenefitInputError } from './errors.ts';
import { assertCents, assertPercent } from './money.ts';
import { CATEGORIES, PERMANENT_MOLARS, isValidProcedureCode, isValidTooth, type Category } from './procedures.ts';

/** The window a frequency limit counts in: the benefit year, the calendar year, a rolling window of months, or a lifetime. */
export type FrequencyPeriod =
  | { readonly unit: 'BENEFIT_YEAR' }
  | { readonly unit: 'CALENDAR_YEAR' }
  | { readonly unit: 'MONTHS'; readonly months: number }
  | { readonly unit: 'LIFETIME' };

/**
 * R6 as data: at most `count` procedures of the group `codes` per `period` (per tooth when
 * `perTooth`); covered only while the patient's age on the service date is below `ageUnder`, and only
 * on the listed `teeth` when given. A line governed by a `perTooth` or `teeth` rule needs a tooth.
 */
export interface FrequencyRule {
  readonly id: string;
  readonly codes: readonly string[];
  readonly count: number;
  readonly period: FrequencyPeriod;
  readonly ageUnder?: number;
  readonly perTooth?: boolean;
  readonly teeth?: readonly number[];
}

export type InstallmentFrequency = 'MONTHLY' | 'QUARTERLY' | 'SEMIANNUAL' | 'ANNUAL';

/** Months between two periodic installments. */
export const MONTHS_PER_PERIOD: Readonly<Record<InstallmentFrequency, number>> = {
  MONTHLY: 1,
  QUARTERLY: 3,
  SEMIANNUAL: 6,
  ANNUAL: 12,
};

export interface DeductibleRules {
  /** Per person per benefit year. */
  readonly individualCents: number;
  /** Family cap per benefit year; null = no family cap. */
  readonly familyCents: number | null;
  /** Categories the deductible does not apply to. */
  readonly waivedCategories: readonly Category[];
}

export interface WaitingPeriodRules {
  /** Months from the patient's enrolment date before a category is covered. */
  readonly months: Readonly<Record<Category, number>>;
  /** Prior continuous coverage (months) that waives every waiting period; null = never waived. */
  readonly waiverPriorCoverageMonths: number | null;
}

/** R7. The coverage percentage of orthodontics is `coveragePercent.ORTHODONTIC`. */
export interface OrthodonticRules {
  /** False: orthodontic lines are rejected with 03. */
  readonly included: boolean;
  readonly lifetimeMaximumCents: number;
  /** Covered only if the patient's age at banding is below this; null = no age limit. */
  readonly ageLimit: number | null;
  /** True: installments falling due once the patient has reached `ageLimit` are not covered (04). */
  readonly stopAtAgeLimit: boolean;
  readonly initialPercent: number;
  /** Estimated treatment length, 1–36. */
  readonly months: number;
  readonly frequency: InstallmentFrequency;
  /** The first periodic installment is due on the 1st of the month after banding + this many days. */
  readonly firstDelayDays: number;
}

/** A category's own amount (research 2.2 ReglaBeneficio DEDUCTIBLE or MAXIMUM), per person and for the whole family, per benefit year. */
export interface CategoryLimit {
  readonly individualCents?: number;
  readonly familyCents?: number;
}

/** Research 2.2 EDAD_LIMITE: a code or a category covered only while the patient's age on the service date is below the limit. */
export interface AgeLimits {
  readonly categories: Readonly<Partial<Record<Category, number>>>;
  readonly codes: Readonly<Record<string, number>>;
}

export interface BenefitRules {
  /** R1: percentage paid per category. */
  readonly coveragePercent: Readonly<Record<Category, number>>;
  /** R2. */
  readonly deductible: DeductibleRules;
  /** R3: per person per benefit year (general claims). */
  readonly annualMaximumCents: number;
  /** R4. */
  readonly benefitYear: BenefitYearKind;
  /** R5. */
  readonly waitingPeriods: WaitingPeriodRules;
  /** R6. */
  readonly frequencies: readonly FrequencyRule[];
  /** R7. */
  readonly orthodontic: OrthodonticRules;
  /** R9: days from the invoice date to file the claim (day N allowed, day N + 1 rejected with 33). */
  readonly filingDeadlineDays: number;
  /** Codes the policy excludes (rejected with 35). */
  readonly exclusions: readonly string[];
  /** Allowable amount per procedure (one unit), in cents; the allowed amount never exceeds the charge. */
  readonly feeSchedule: Readonly<Record<string, number>>;
  /**
   * A category's own deductible: its lines take deductible while the person's (the family's) deductible taken
   * this benefit year is below it, in place of `deductible`'s amounts, even where `deductible` waives the category.
   */
  readonly categoryDeductibles: Readonly<Partial<Record<Category, CategoryLimit>>>;
  /** A category's own maximum per benefit year (not orthodontics, which has its lifetime maximum), within the annual maximum; cut lines are 30. */
  readonly categoryMaximums: Readonly<Partial<Record<Category, CategoryLimit>>>;
  /** Age limits (04). */
  readonly ageLimits: AgeLimits;
  /** What the patient pays per unit of a code, in cents: the line pays allowed − deductible − copay × quantity instead of a percentage. */
  readonly fixedCopays: Readonly<Record<string, number>>;
}

/**
 * Overrides from a policy or an insurer: any subset, nested objects field by field. A missing key
 * or `undefined` falls back; lists (frequencies, exclusions, waivedCategories) replace the whole list;
 * `feeSchedule` merges code by code. `null` is a value where the type allows it (no family cap, no
 * age limit, no waiver).
 */
export interface BenefitRulesOverride {
  readonly coveragePercent?: Readonly<Partial<Record<Category, number>>>;
  /**
   * `chargedCategories`: categories this layer takes the deductible from although a lower layer waives them
   * (a policy whose deductible applies to preventive care, research 2.2); they leave the merged waived list.
   */
  readonly deductible?: Readonly<Partial<DeductibleRules>> & { readonly chargedCategories?: readonly Category[] };
  readonly annualMaximumCents?: number;
  readonly benefitYear?: BenefitYearKind;
  readonly waitingPeriods?: {
    readonly months?: Readonly<Partial<Record<Category, number>>>;
    readonly waiverPriorCoverageMonths?: number | null;
  };
  readonly frequencies?: readonly FrequencyRule[];
  readonly orthodontic?: Readonly<Partial<OrthodonticRules>>;
  readonly filingDeadlineDays?: number;
  readonly exclusions?: readonly string[];
  readonly feeSchedule?: Readonly<Record<string, number>>;
  /** Frequencies of this layer's own codes: each takes its codes out of the lower layers' groups and joins the list. */
  readonly codeFrequencies?: readonly FrequencyRule[];
  /** The next four merge category by category or code by code. */
  readonly categoryDeductibles?: Readonly<Partial<Record<Category, CategoryLimit>>>;
  readonly categoryMaximums?: Readonly<Partial<Record<Category, CategoryLimit>>>;
  readonly ageLimits?: { readonly categories?: Readonly<Partial<Record<Category, number>>>; readonly codes?: Readonly<Record<string, number>> };
  readonly fixedCopays?: Readonly<Record<string, number>>;
}

/** R6 defaults (research 4.1, [S35]). */
export const DEFAULT_FREQUENCIES: readonly FrequencyRule[] = [
  { id: 'EXAM', codes: ['D0120', 'D0150', 'D0180'], count: 2, period: { unit: 'BENEFIT_YEAR' } },
  { id: 'PROPHYLAXIS', codes: ['D1110', 'D1120'], count: 2, period: { unit: 'BENEFIT_YEAR' } },
  { id: 'FLUORIDE', codes: ['D1206', 'D1208'], count: 2, period: { unit: 'BENEFIT_YEAR' }, ageUnder: 18 },
  { id: 'BITEWINGS', codes: ['D0272', 'D0273', 'D0274'], count: 1, period: { unit: 'BENEFIT_YEAR' } },
  { id: 'FULL_MOUTH_OR_PANORAMIC', codes: ['D0210', 'D0330'], count: 1, period: { unit: 'MONTHS', months: 36 } },
  {
    id: 'SEALANT',
    codes: ['D1351'],
    count: 1,
    period: { unit: 'MONTHS', months: 60 },
    ageUnder: 15,
    perTooth: true,
    teeth: PERMANENT_MOLARS,
  },
];

/** Research 4.1 defaults R1–R9 (amounts in cents). */
export const DEFAULT_RULES: BenefitRules = {
  coveragePercent: { DIAGNOSTIC: 100, PREVENTIVE: 100, BASIC: 80, MAJOR: 50, ORTHODONTIC: 50 },
  deductible: {
    individualCents: 5_000,
    familyCents: 15_000,
    // Orthodontics has its own lifetime maximum and installment benefits (research 3.3: cuota 0 =
    // costo × inicial% × cobertura%, no deductible), so it is kept out of the yearly deductible too.
    waivedCategories: ['PREVENTIVE', 'DIAGNOSTIC', 'ORTHODONTIC'],
  },
  annualMaximumCents: 150_000,
  benefitYear: 'CALENDAR',
  waitingPeriods: {
    months: { DIAGNOSTIC: 0, PREVENTIVE: 0, BASIC: 6, MAJOR: 12, ORTHODONTIC: 12 },
    waiverPriorCoverageMonths: 12,
  },
  frequencies: DEFAULT_FREQUENCIES,
  orthodontic: {
    included: true,
    lifetimeMaximumCents: 150_000,
    ageLimit: 19,
    stopAtAgeLimit: false,
    initialPercent: 20,
    months: 24,
    frequency: 'MONTHLY',
    firstDelayDays: 30,
  },
  filingDeadlineDays: 90,
  exclusions: [],
  feeSchedule: {},
  categoryDeductibles: {},
  categoryMaximums: {},
  ageLimits: { categories: {}, codes: {} },
  fixedCopays: {},
};

function pick<T>(...candidates: ReadonlyArray<T | undefined>): T {
  for (const c of candidates) if (c !== undefined) return c;
  throw new Error('unreachable: the defaults always provide a value');
}

/**
 * `defaults` overlaid by `insurer` then `policy`, key by key; `undefined` values are skipped. Keys the
 * defaults do not have are ignored unless `openKeys` (the fee schedule, keyed by procedure code).
 */
function mergeObject<T extends object>(
  defaults: T,
  insurer: Readonly<Partial<T>> | undefined,
  policy: Readonly<Partial<T>> | undefined,
  openKeys = false,
): T {
  const out = { ...defaults } as { -readonly [K in keyof T]: T[K] };
  for (const layer of [insurer, policy]) {
    if (!layer) continue;
    for (const key of Object.keys(layer) as (keyof T & string)[]) {
      const value = layer[key];
      if (value !== undefined && (openKeys || Object.hasOwn(defaults, key))) out[key] = value as T[keyof T & string];
    }
  }
  return out;
}

/**
 * The rules for one policy: each value from the policy, else from the insurer, else `defaults` (the
 * research defaults unless the settings changed them).
 * Throws BenefitInputError when the result is not valid (see validateRules).
 */
export function resolveRules(policy?: BenefitRulesOverride, insurer?: BenefitRulesOverride, defaults: BenefitRules = DEFAULT_RULES): BenefitRules {
  const d = defaults;
  const p = policy ?? {};
  const i = insurer ?? {};
  const rules: BenefitRules = {
    coveragePercent: mergeObject(d.coveragePercent, i.coveragePercent, p.coveragePercent),
    deductible: {
      individualCents: pick(p.deductible?.individualCents, i.deductible?.individualCents, d.deductible.individualCents),
      familyCents: pick(p.deductible?.familyCents, i.deductible?.familyCents, d.deductible.familyCents),
      waivedCategories: pick(p.deductible?.waivedCategories, i.deductible?.waivedCategories, d.deductible.waivedCategories).filter(
        (category) => !p.deductible?.chargedCategories?.includes(category) && !i.deductible?.chargedCategories?.includes(category),
      ),
    },
    annualMaximumCents: pick(p.annualMaximumCents, i.annualMaximumCents, d.annualMaximumCents),
    benefitYear: pick(p.benefitYear, i.benefitYear, d.benefitYear),
    waitingPeriods: {
      months: mergeObject(d.waitingPeriods.months, i.waitingPeriods?.months, p.waitingPeriods?.months),
      waiverPriorCoverageMonths: pick(
        p.waitingPeriods?.waiverPriorCoverageMonths,
        i.waitingPeriods?.waiverPriorCoverageMonths,
        d.waitingPeriods.waiverPriorCoverageMonths,
      ),
    },
    frequencies: withCodeFrequencies(pick(p.frequencies, i.frequencies, d.frequencies), [i.codeFrequencies, p.codeFrequencies]),
    orthodontic: mergeObject(d.orthodontic, i.orthodontic, p.orthodontic),
    filingDeadlineDays: pick(p.filingDeadlineDays, i.filingDeadlineDays, d.filingDeadlineDays),
    exclusions: pick(p.exclusions, i.exclusions, d.exclusions),
    feeSchedule: mergeObject<Readonly<Record<string, number>>>(d.feeSchedule, i.feeSchedule, p.feeSchedule, true),
    categoryDeductibles: mergeObject(d.categoryDeductibles, i.categoryDeductibles, p.categoryDeductibles, true),
    categoryMaximums: mergeObject(d.categoryMaximums, i.categoryMaximums, p.categoryMaximums, true),
    ageLimits: {
      categories: mergeObject(d.ageLimits.categories, i.ageLimits?.categories, p.ageLimits?.categories, true),
      codes: mergeObject<Readonly<Record<string, number>>>(d.ageLimits.codes, i.ageLimits?.codes, p.ageLimits?.codes, true),
    },
    fixedCopays: mergeObject<Readonly<Record<string, number>>>(d.fixedCopays, i.fixedCopays, p.fixedCopays, true),
  };
  validateRules(rules);
  return rules;
}

/**
 * `base` with each layer's code frequencies in place of the groups' hold on those codes (a group left without
 * codes goes). A code's own row changes only its count and window: the age limit, tooth list and per-tooth
 * counting of the group it leaves stay with it (a policy counting sealants differently still seals only a
 * child's permanent molars, each tooth on its own), unless the row sets them itself.
 */
function withCodeFrequencies(base: readonly FrequencyRule[], layers: readonly (readonly FrequencyRule[] | undefined)[]): readonly FrequencyRule[] {
  let out = base;
  for (const own of layers) {
    if (!own?.length) continue;
    const codes = new Set(own.flatMap((f) => f.codes));
    const inherited = own.map((f): FrequencyRule => {
      const group = out.find((g) => f.codes.some((c) => g.codes.includes(c)));
      if (!group) return f;
      const { ageUnder = group.ageUnder, perTooth = group.perTooth, teeth = group.teeth } = f;
      return { ...f, ...(ageUnder === undefined ? {} : { ageUnder }), ...(perTooth === undefined ? {} : { perTooth }), ...(teeth === undefined ? {} : { teeth }) };
    });
    out = [...out.map((f) => ({ ...f, codes: f.codes.filter((c) => !codes.has(c)) })).filter((f) => f.codes.length > 0), ...inherited];
  }
  return out;
}

function assertNonNegativeInt(value: unknown, path: string, max = 10_000): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new BenefitInputError(path, `expected an integer in 0..${max}, got ${String(value)}`);
  }
}

function assertCategory(value: unknown, path: string): asserts value is Category {
  if (!(CATEGORIES as readonly unknown[]).includes(value)) throw new BenefitInputError(path, `unknown category ${String(value)}`);
}

/** Throws BenefitInputError naming the first invalid field of `rules`. */
export function validateRules(rules: BenefitRules): void {
  for (const c of CATEGORIES) {
    assertPercent(rules.coveragePercent[c], `coveragePercent.${c}`);
    assertNonNegativeInt(rules.waitingPeriods.months[c], `waitingPeriods.months.${c}`, 1200);
  }
  assertCents(rules.deductible.individualCents, 'deductible.individualCents');
  if (rules.deductible.familyCents !== null) assertCents(rules.deductible.familyCents, 'deductible.familyCents');
  rules.deductible.waivedCategories.forEach((c, n) => assertCategory(c, `deductible.waivedCategories.${n}`));
  assertCents(rules.annualMaximumCents, 'annualMaximumCents');
  if (rules.benefitYear !== 'CALENDAR' && rules.benefitYear !== 'ANNIVERSARY') {
    throw new BenefitInputError('benefitYear', `expected CALENDAR or ANNIVERSARY, got ${String(rules.benefitYear)}`);
  }
  if (rules.waitingPeriods.waiverPriorCoverageMonths !== null) {
    assertNonNegativeInt(rules.waitingPeriods.waiverPriorCoverageMonths, 'waitingPeriods.waiverPriorCoverageMonths', 1200);
  }
  const ids = new Set<string>();
  rules.frequencies.forEach((f, n) => {
    const path = `frequencies.${n}`;
    if (typeof f.id !== 'string' || f.id === '' || ids.has(f.id)) throw new BenefitInputError(`${path}.id`, 'expected a unique non-empty id');
    ids.add(f.id);
    if (f.codes.length === 0) throw new BenefitInputError(`${path}.codes`, 'expected at least one code');
    f.codes.forEach((code, k) => {
      if (!isValidProcedureCode(code)) throw new BenefitInputError(`${path}.codes.${k}`, `invalid procedure code ${String(code)}`);
    });
    assertNonNegativeInt(f.count, `${path}.count`);
    if (f.period.unit === 'MONTHS') {
      if (!Number.isInteger(f.period.months) || f.period.months < 1 || f.period.months > 1200) {
        throw new BenefitInputError(`${path}.period.months`, `expected 1..1200, got ${String(f.period.months)}`);
      }
    } else if (f.period.unit !== 'BENEFIT_YEAR' && f.period.unit !== 'CALENDAR_YEAR' && f.period.unit !== 'LIFETIME') {
      throw new BenefitInputError(`${path}.period.unit`, `unknown period ${String((f.period as { unit: unknown }).unit)}`);
    }
    if (f.ageUnder !== undefined) assertNonNegativeInt(f.ageUnder, `${path}.ageUnder`, 150);
    f.teeth?.forEach((t, k) => {
      if (!isValidTooth(t)) throw new BenefitInputError(`${path}.teeth.${k}`, `invalid FDI tooth ${String(t)}`);
    });
  });
  const o = rules.orthodontic;
  if (typeof o.included !== 'boolean') throw new BenefitInputError('orthodontic.included', 'expected a boolean');
  assertCents(o.lifetimeMaximumCents, 'orthodontic.lifetimeMaximumCents');
  if (o.ageLimit !== null) assertNonNegativeInt(o.ageLimit, 'orthodontic.ageLimit', 150);
  if (typeof o.stopAtAgeLimit !== 'boolean') throw new BenefitInputError('orthodontic.stopAtAgeLimit', 'expected a boolean');
  assertPercent(o.initialPercent, 'orthodontic.initialPercent');
  if (!Number.isInteger(o.months) || o.months < 1 || o.months > 36) {
    throw new BenefitInputError('orthodontic.months', `expected 1..36, got ${String(o.months)}`);
  }
  if (!Object.hasOwn(MONTHS_PER_PERIOD, o.frequency)) {
    throw new BenefitInputError('orthodontic.frequency', `unknown frequency ${String(o.frequency)}`);
  }
  assertNonNegativeInt(o.firstDelayDays, 'orthodontic.firstDelayDays', 3650);
  assertNonNegativeInt(rules.filingDeadlineDays, 'filingDeadlineDays', 36_500);
  rules.exclusions.forEach((code, n) => {
    if (!isValidProcedureCode(code)) throw new BenefitInputError(`exclusions.${n}`, `invalid procedure code ${String(code)}`);
  });
  for (const [code, cents] of Object.entries(rules.feeSchedule)) {
    if (!isValidProcedureCode(code)) throw new BenefitInputError(`feeSchedule.${code}`, 'invalid procedure code');
    assertCents(cents, `feeSchedule.${code}`);
  }
  validateCategoryRules(rules);
}

/** The research 2.2 rules by category or code: deductibles, maxima, age limits and fixed copays. */
function validateCategoryRules(rules: BenefitRules): void {
  for (const [name, limits] of [['categoryDeductibles', rules.categoryDeductibles], ['categoryMaximums', rules.categoryMaximums]] as const) {
    for (const [category, limit] of Object.entries(limits)) {
      assertCategory(category, `${name}.${category}`);
      // Orthodontics has its own lifetime maximum and installment benefits, outside the yearly ones.
      if (category === 'ORTHODONTIC') throw new BenefitInputError(`${name}.${category}`, 'orthodontics has its own maximum and no deductible');
      if (limit?.individualCents !== undefined) assertCents(limit.individualCents, `${name}.${category}.individualCents`);
      if (limit?.familyCents !== undefined) assertCents(limit.familyCents, `${name}.${category}.familyCents`);
    }
  }
  for (const [category, age] of Object.entries(rules.ageLimits.categories)) {
    assertCategory(category, `ageLimits.categories.${category}`);
    assertNonNegativeInt(age, `ageLimits.categories.${category}`, 150);
  }
  for (const [name, values, max] of [['ageLimits.codes', rules.ageLimits.codes, 150], ['fixedCopays', rules.fixedCopays, undefined]] as const) {
    for (const [code, value] of Object.entries(values)) {
      if (!isValidProcedureCode(code)) throw new BenefitInputError(`${name}.${code}`, 'invalid procedure code');
      if (max === undefined) assertCents(value, `${name}.${code}`);
      else assertNonNegativeInt(value, `${name}.${code}`, max);
    }
  }
}
