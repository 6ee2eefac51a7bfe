import type { BenefitYearKind } from './dates.ts';
import { BenefitInputError } from './errors.ts';
import type { Category } from './procedures.ts';
import { resolveRules, type BenefitRulesOverride, type CategoryLimit, type FrequencyPeriod, type FrequencyRule } from './rules.ts';

/**
 * A policy's own benefit terms and rules (research 2.2 and its child table ReglaBeneficio) as the
 * engine reads them: the server builds a policy's rules from them for every liquidation, and the
 * policy's create and update check them here, with the engine's own validation, before they are saved.
 */

export const BENEFIT_RULE_KINDS = ['COINSURANCE', 'DEDUCTIBLE', 'MAXIMUM', 'FREQUENCY', 'AGE_LIMIT', 'WAITING_PERIOD', 'EXCLUSION', 'FIXED_COPAY'] as const;
export type BenefitRuleKind = (typeof BENEFIT_RULE_KINDS)[number];

/** A frequency's window: a number of services per benefit year, calendar year, lifetime or last 12 months, or one every so many years or months. */
export const RULE_PERIODS = ['BENEFIT_YEAR', 'CALENDAR_YEAR', 'LIFETIME', 'LAST_12_MONTHS', 'YEARS', 'MONTHS'] as const;
export type RulePeriod = (typeof RULE_PERIODS)[number];

/** Whom a deductible or a maximum counts: the person, or the whole family together. */
export const RULE_LEVELS = ['INDIVIDUAL', 'FAMILY'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

/**
 * One row of the policy's benefit rules: a category's coverage percentage, deductible, maximum or waiting
 * months; a code's frequency, excluded code or fixed copay; an age limit for a code or a category.
 */
export interface PolicyBenefitRule {
  kind: BenefitRuleKind;
  category: Category | null;
  procedureCode: string | null;
  percent: number | null;
  months: number | null;
  /** In the insurer's currency's minor unit. */
  amountCents: number | null;
  /** Services per period (FREQUENCY: with YEARS or MONTHS, how many of them between two services), or an age (AGE_LIMIT). */
  quantity: number | null;
  period: RulePeriod | null;
  level: RuleLevel | null;
}

type RuleField = Exclude<keyof PolicyBenefitRule, 'kind'>;

/** The policy's columns the engine reads; null falls back to the insurer's value, then the research default. */
export interface PolicyBenefitTerms {
  benefitYear: BenefitYearKind;
  annualMaximumCents: number | null;
  deductibleCents: number | null;
  familyDeductibleCents: number | null;
  orthoIncluded: boolean;
  orthoPercent: number | null;
  orthoLifetimeMaximumCents: number | null;
  orthoAgeLimit: number | null;
  /** Research 2.2: the deductible is also taken from preventive and diagnostic care (R2 waives it there by default). */
  deductibleAppliesToPreventive: boolean;
}

/** R2's waiver the policy's deductibleAppliesToPreventive lifts: preventive and diagnostic care go together. */
export const PREVENTIVE_CARE: readonly Category[] = ['PREVENTIVE', 'DIAGNOSTIC'];

/** Which fields each kind of rule uses (the others are not stored); all are needed, but an age limit names a category or a code. */
export const RULE_FIELDS: Readonly<Record<BenefitRuleKind, readonly RuleField[]>> = {
  COINSURANCE: ['category', 'percent'],
  DEDUCTIBLE: ['category', 'amountCents', 'level'],
  MAXIMUM: ['category', 'amountCents', 'level'],
  FREQUENCY: ['procedureCode', 'quantity', 'period'],
  AGE_LIMIT: ['category', 'procedureCode', 'quantity'],
  WAITING_PERIOD: ['category', 'months'],
  EXCLUSION: ['procedureCode'],
  FIXED_COPAY: ['procedureCode', 'amountCents'],
};

/** The contract's (and the grid's) name of a rule's field: the amount travels as decimal text. */
export const ruleFieldName = (field: RuleField) => (field === 'amountCents' ? 'amount' : field);

/** The rule with only the fields its kind uses. */
export function normalizeRule(rule: PolicyBenefitRule): PolicyBenefitRule {
  const used = RULE_FIELDS[rule.kind];
  const keep = <K extends RuleField>(field: K) => (used.includes(field) ? (rule[field] ?? null) : null);
  return {
    kind: rule.kind,
    category: keep('category'),
    procedureCode: keep('procedureCode'),
    percent: keep('percent'),
    months: keep('months'),
    amountCents: keep('amountCents'),
    quantity: keep('quantity'),
    period: keep('period'),
    level: keep('level'),
  };
}

/** FREQUENCY's window as the engine counts it: YEARS and MONTHS allow one service every `quantity` years or months. */
function frequencyOf(rule: PolicyBenefitRule): FrequencyRule {
  const quantity = rule.quantity!;
  const windows: Record<RulePeriod, [number, FrequencyPeriod]> = {
    BENEFIT_YEAR: [quantity, { unit: 'BENEFIT_YEAR' }],
    CALENDAR_YEAR: [quantity, { unit: 'CALENDAR_YEAR' }],
    LIFETIME: [quantity, { unit: 'LIFETIME' }],
    LAST_12_MONTHS: [quantity, { unit: 'MONTHS', months: 12 }],
    YEARS: [1, { unit: 'MONTHS', months: 12 * quantity }],
    MONTHS: [1, { unit: 'MONTHS', months: quantity }],
  };
  const [count, period] = windows[rule.period!];
  return { id: `policy:${rule.procedureCode}:${rule.period}`, codes: [rule.procedureCode!], count, period };
}

/** DEDUCTIBLE or MAXIMUM rows as the engine's per-category amounts, the level naming the person's or the family's. */
function categoryLimits(rules: readonly PolicyBenefitRule[], kind: 'DEDUCTIBLE' | 'MAXIMUM') {
  const limits: Partial<Record<Category, CategoryLimit>> = {};
  for (const r of rules) {
    if (r.kind !== kind || !r.category || r.amountCents === null || !r.level) continue;
    limits[r.category] = { ...limits[r.category], [r.level === 'FAMILY' ? 'familyCents' : 'individualCents']: r.amountCents };
  }
  return limits;
}

/** Rows of one kind keyed by their procedure code, with one of their values. */
const byCode = (rules: readonly PolicyBenefitRule[], kind: BenefitRuleKind, value: (r: PolicyBenefitRule) => number | null) =>
  Object.fromEntries(rules.filter((r) => r.kind === kind && r.procedureCode && value(r) !== null).map((r) => [r.procedureCode, value(r)])) as Record<string, number>;

/** The policy's layer of the rules (over the insurer's and the defaults). The orthodontic percentage wins over a rule for ORTHODONTIC. */
export function policyRulesOverride(terms: PolicyBenefitTerms, rules: readonly PolicyBenefitRule[]): BenefitRulesOverride {
  const byCategory = (kind: BenefitRuleKind, value: (r: PolicyBenefitRule) => number | null) =>
    Object.fromEntries(rules.filter((r) => r.kind === kind && r.category && value(r) !== null).map((r) => [r.category, value(r)])) as Partial<Record<Category, number>>;
  const coinsurance = byCategory('COINSURANCE', (r) => r.percent);
  if (terms.orthoPercent !== null) coinsurance.ORTHODONTIC = terms.orthoPercent;
  const exclusions = rules.filter((r) => r.kind === 'EXCLUSION' && r.procedureCode).map((r) => r.procedureCode!);
  const frequencies = rules.filter((r) => r.kind === 'FREQUENCY' && r.procedureCode && r.quantity !== null && r.period).map(frequencyOf);
  return {
    annualMaximumCents: terms.annualMaximumCents ?? undefined,
    benefitYear: terms.benefitYear,
    deductible: {
      individualCents: terms.deductibleCents ?? undefined,
      familyCents: terms.familyDeductibleCents ?? undefined,
      chargedCategories: terms.deductibleAppliesToPreventive ? PREVENTIVE_CARE : undefined,
    },
    coveragePercent: coinsurance,
    waitingPeriods: { months: byCategory('WAITING_PERIOD', (r) => r.months) },
    exclusions: exclusions.length ? exclusions : undefined,
    orthodontic: { included: terms.orthoIncluded, lifetimeMaximumCents: terms.orthoLifetimeMaximumCents ?? undefined, ageLimit: terms.orthoAgeLimit ?? undefined },
    codeFrequencies: frequencies.length ? frequencies : undefined,
    categoryDeductibles: categoryLimits(rules, 'DEDUCTIBLE'),
    categoryMaximums: categoryLimits(rules, 'MAXIMUM'),
    ageLimits: { categories: byCategory('AGE_LIMIT', (r) => (r.procedureCode ? null : r.quantity)), codes: byCode(rules, 'AGE_LIMIT', (r) => r.quantity) },
    fixedCopays: byCode(rules, 'FIXED_COPAY', (r) => r.amountCents),
  };
}

/** A field the policy's terms or rules get wrong: `benefitRules/<n>/<field>` or a term's name. */
export interface RuleProblem {
  path: string;
  keyword: 'required' | 'duplicate' | 'benefitRule' | 'categoryOrCode';
}

/** A policy that sets none of its own terms: the insurer's and the defaults rule. */
export const NEUTRAL_TERMS: PolicyBenefitTerms = {
  benefitYear: 'CALENDAR',
  annualMaximumCents: null,
  deductibleCents: null,
  familyDeductibleCents: null,
  orthoIncluded: true,
  orthoPercent: null,
  orthoLifetimeMaximumCents: null,
  orthoAgeLimit: null,
  deductibleAppliesToPreventive: false,
};

/** The engine's path of an invalid value → the policy field it came from. */
const TERM_OF_ENGINE_PATH: [RegExp, string][] = [
  [/^annualMaximumCents$/, 'annualMaximum'],
  [/^deductible\.individualCents$/, 'deductible'],
  [/^deductible\.familyCents$/, 'familyDeductible'],
  [/^coveragePercent\.ORTHODONTIC$/, 'orthoPercent'],
  [/^orthodontic\.lifetimeMaximumCents$/, 'orthoLifetimeMaximum'],
  [/^orthodontic\.ageLimit$/, 'orthoAgeLimit'],
  [/^benefitYear$/, 'benefitYear'],
];
const RULE_FIELD_OF_ENGINE_PATH: [RegExp, string][] = [
  [/^coveragePercent\./, 'percent'],
  [/^waitingPeriods\.months\./, 'months'],
  [/^exclusions\./, 'procedureCode'],
  // A category the engine refuses a deductible or maximum for (orthodontics), else the amount.
  [/^category(Deductibles|Maximums)\.[A-Z]+$/, 'category'],
  [/^category(Deductibles|Maximums)\./, 'amount'],
  [/^frequencies\.\d+\.codes/, 'procedureCode'],
  [/^frequencies\./, 'quantity'],
  [/^ageLimits\./, 'quantity'],
  [/^fixedCopays\./, 'amount'],
];

/** The engine's verdict on a layer: the path of the first invalid value, or null when the rules resolve. */
function engineRefusal(override: BenefitRulesOverride): string | null {
  try {
    resolveRules(override);
    return null;
  } catch (error) {
    if (error instanceof BenefitInputError) return error.path;
    throw error;
  }
}

/**
 * What is wrong with a policy's terms and rules, field by field: each rule's kind needs its fields, one
 * rule per kind and category (or code), and every value must pass the engine's own validation
 * (`resolveRules`), so nothing is saved that a liquidation would later refuse.
 */
export function policyRuleProblems(terms: PolicyBenefitTerms, rules: readonly PolicyBenefitRule[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const seen = new Set<string>();
  rules.forEach((rule, n) => {
    const at = (field: string) => `benefitRules/${n}/${field}`;
    const absent = (field: RuleField) => rule[field] === null || rule[field] === undefined;
    let missing = RULE_FIELDS[rule.kind].filter(absent);
    if (rule.kind === 'AGE_LIMIT') {
      // An age limit is for a category or for a code: exactly one of them.
      const targets = missing.filter((field) => field === 'category' || field === 'procedureCode').length;
      if (targets !== 1) problems.push({ path: at(targets === 2 ? 'category' : 'procedureCode'), keyword: 'categoryOrCode' });
      missing = missing.filter((field) => field !== 'category' && field !== 'procedureCode');
      if (targets !== 1) return;
    }
    missing.forEach((field) => problems.push({ path: at(ruleFieldName(field)), keyword: 'required' }));
    if (missing.length) return;
    const normalized = normalizeRule(rule);
    // Research 2.2: one rule per policy, category or code, kind, period and level.
    const key = [rule.kind, normalized.category, normalized.procedureCode, normalized.period, normalized.level].join(':');
    if (seen.has(key)) problems.push({ path: at(normalized.category ? 'category' : 'procedureCode'), keyword: 'duplicate' });
    seen.add(key);
    const refused = engineRefusal(policyRulesOverride(NEUTRAL_TERMS, [normalized]));
    if (refused) problems.push({ path: at(RULE_FIELD_OF_ENGINE_PATH.find(([pattern]) => pattern.test(refused))?.[1] ?? 'kind'), keyword: 'benefitRule' });
  });
  const refused = engineRefusal(policyRulesOverride(terms, []));
  if (refused) problems.push({ path: TERM_OF_ENGINE_PATH.find(([pattern]) => pattern.test(refused))?.[1] ?? 'benefitRules', keyword: 'benefitRule' });
  return problems;
}
