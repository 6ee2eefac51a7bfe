import type { BenefitYearKind } from './dates.ts';
import { BenefitInputError } from './errors.ts';
import type { Category } from './procedures.ts';
import { resolveRules, type BenefitRulesOverride } from './rules.ts';

/**
 * A policy's own benefit terms and rules (research 2.2 and its child table ReglaBeneficio) as the
 * engine reads them: the server builds a policy's rules from them for every liquidation, and the
 * policy's create and update check them here, with the engine's own validation, before they are saved.
 */

export const BENEFIT_RULE_KINDS = ['COINSURANCE', 'WAITING_PERIOD', 'EXCLUSION'] as const;
export type BenefitRuleKind = (typeof BENEFIT_RULE_KINDS)[number];

/** One row of the policy's benefit rules: a category's coverage percentage or waiting months, or an excluded code. */
export interface PolicyBenefitRule {
  kind: BenefitRuleKind;
  category: Category | null;
  procedureCode: string | null;
  percent: number | null;
  months: number | null;
}

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

/** Which fields each kind of rule needs (the others are not stored). */
export const RULE_FIELDS: Readonly<Record<BenefitRuleKind, readonly (keyof PolicyBenefitRule)[]>> = {
  COINSURANCE: ['category', 'percent'],
  WAITING_PERIOD: ['category', 'months'],
  EXCLUSION: ['procedureCode'],
};

/** The rule with only the fields its kind uses. */
export function normalizeRule(rule: PolicyBenefitRule): PolicyBenefitRule {
  const used = RULE_FIELDS[rule.kind];
  const keep = <K extends keyof PolicyBenefitRule>(field: K) => (used.includes(field) ? (rule[field] ?? null) : null);
  return { kind: rule.kind, category: keep('category'), procedureCode: keep('procedureCode'), percent: keep('percent'), months: keep('months') };
}

/** The policy's layer of the rules (over the insurer's and the defaults). The orthodontic percentage wins over a rule for ORTHODONTIC. */
export function policyRulesOverride(terms: PolicyBenefitTerms, rules: readonly PolicyBenefitRule[]): BenefitRulesOverride {
  const byCategory = (kind: BenefitRuleKind, value: (r: PolicyBenefitRule) => number | null) =>
    Object.fromEntries(rules.filter((r) => r.kind === kind && r.category && value(r) !== null).map((r) => [r.category, value(r)])) as Partial<Record<Category, number>>;
  const coinsurance = byCategory('COINSURANCE', (r) => r.percent);
  if (terms.orthoPercent !== null) coinsurance.ORTHODONTIC = terms.orthoPercent;
  const exclusions = rules.filter((r) => r.kind === 'EXCLUSION' && r.procedureCode).map((r) => r.procedureCode!);
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
  };
}

/** A field the policy's terms or rules get wrong: `benefitRules/<n>/<field>` or a term's name. */
export interface RuleProblem {
  path: string;
  keyword: 'required' | 'duplicate' | 'benefitRule';
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
const RULE_FIELD_OF_ENGINE_PATH: [RegExp, keyof PolicyBenefitRule][] = [
  [/^coveragePercent\./, 'percent'],
  [/^waitingPeriods\.months\./, 'months'],
  [/^exclusions\./, 'procedureCode'],
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
    const missing = RULE_FIELDS[rule.kind].filter((field) => rule[field] === null || rule[field] === undefined);
    missing.forEach((field) => problems.push({ path: at(field), keyword: 'required' }));
    if (missing.length) return;
    const normalized = normalizeRule(rule);
    const key = `${rule.kind}:${normalized.category ?? normalized.procedureCode}`;
    if (seen.has(key)) problems.push({ path: at(rule.kind === 'EXCLUSION' ? 'procedureCode' : 'category'), keyword: 'duplicate' });
    seen.add(key);
    const refused = engineRefusal(policyRulesOverride(NEUTRAL_TERMS, [normalized]));
    if (refused) problems.push({ path: at(RULE_FIELD_OF_ENGINE_PATH.find(([pattern]) => pattern.test(refused))?.[1] ?? 'kind'), keyword: 'benefitRule' });
  });
  const refused = engineRefusal(policyRulesOverride(terms, []));
  if (refused) problems.push({ path: TERM_OF_ENGINE_PATH.find(([pattern]) => pattern.test(refused))?.[1] ?? 'benefitRules', keyword: 'benefitRule' });
  return problems;
}
