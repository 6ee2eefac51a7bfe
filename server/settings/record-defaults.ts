import { minorToDecimalText } from '@core/benefits/currency.ts';
import type { DependentAges } from '@core/workflows/patient-coverage.machine.ts';
import type { Queryable } from '../db/database.ts';
import { listCatalog, type SettingDefault } from './catalogs.ts';

/**
 * What Configuraciones gives a new insurer or policy: the §4.1 defaults it holds today fill what the
 * request leaves out, and each default's range is the range the record's own value must keep to.
 */
export type SettingDefaults = ReadonlyMap<string, SettingDefault>;

export async function settingDefaults(q: Queryable): Promise<SettingDefaults> {
  return new Map((await listCatalog(q, 'defaults')).map((d) => [d.key as string, d]));
}

const valueOf = (defaults: SettingDefaults, key: string) => {
  const item = defaults.get(key);
  if (!item) throw new Error(`Configuraciones has no default ${key}`);
  return item.value;
};

/** The insurer's deadlines Configuraciones holds (R8–R11), for a new insurer that does not give its own. */
export const INSURER_DEFAULT_KEYS = {
  claimDeadlineDays: 'insurer.claimDeadlineDays',
  cureDays: 'insurer.cureDays',
  slaBusinessDays: 'insurer.slaBusinessDays',
  verificationValidityDays: 'insurer.verificationValidityDays',
} as const;

/** A new insurer's body with every deadline it leaves out taken from Configuraciones. */
export function withInsurerDefaults(defaults: SettingDefaults, body: Record<string, unknown>): Record<string, unknown> {
  const filled = { ...body };
  for (const [field, key] of Object.entries(INSURER_DEFAULT_KEYS)) filled[field] ??= valueOf(defaults, key);
  return filled;
}

export const policyMaxBeneficiaries = (defaults: SettingDefaults) => valueOf(defaults, 'policy.maxBeneficiaries');

/** R16's ages as Configuraciones holds them: what an enrolment or an amendment is checked against. */
export const dependentAges = (defaults: SettingDefaults): DependentAges => ({
  child: valueOf(defaults, 'dependents.child'),
  student: valueOf(defaults, 'dependents.student'),
  adult: valueOf(defaults, 'dependents.adult'),
});

export interface RangeProblem {
  path: string;
  keyword: 'minimum' | 'maximum';
  /** An amount's limit is its decimal text in the currency, as the request writes amounts. */
  params: { comparison: '>=' | '<='; limit: number | string };
}

/** A value outside the range Configuraciones gives its default (in the same unit), as a field problem. */
function outOfRange(defaults: SettingDefaults, key: string, value: number | null | undefined, path: string): RangeProblem | null {
  const item = defaults.get(key);
  if (!item || value === null || value === undefined) return null;
  const limit = (n: number) => (item.currency ? minorToDecimalText(n, item.currency) : n);
  if (value < item.minimum) return { path, keyword: 'minimum', params: { comparison: '>=', limit: limit(item.minimum) } };
  if (value > item.maximum) return { path, keyword: 'maximum', params: { comparison: '<=', limit: limit(item.maximum) } };
  return null;
}

export interface PolicyValues {
  maxBeneficiaries: number;
  orthoPercent: number | null;
  orthoAgeLimit: number | null;
  /** In the currency's minor unit. */
  annualMaximumCents: number | null;
  deductibleCents: number | null;
  familyDeductibleCents: number | null;
  orthoLifetimeMaximumCents: number | null;
  rules: readonly { kind: string; category: string | null; percent: number | null; months: number | null }[];
}

/**
 * A policy's terms and benefit rules against the ranges of the defaults they override: a category's
 * coinsurance or waiting months, the orthodontic terms, the beneficiaries and, in the insurer's
 * currency, the amounts. Paths are the request's (`body/benefitRules/2/months`).
 */
export function policyRangeProblems(defaults: SettingDefaults, values: PolicyValues, currency: string): RangeProblem[] {
  const checks: [string, number | null | undefined, string][] = [
    ['policy.maxBeneficiaries', values.maxBeneficiaries, 'maxBeneficiaries'],
    ['coveragePercent.ORTHODONTIC', values.orthoPercent, 'orthoPercent'],
    ['orthodontic.ageLimit', values.orthoAgeLimit, 'orthoAgeLimit'],
    [`annualMaximumCents:${currency}`, values.annualMaximumCents, 'annualMaximum'],
    [`deductible.individualCents:${currency}`, values.deductibleCents, 'deductible'],
    [`deductible.familyCents:${currency}`, values.familyDeductibleCents, 'familyDeductible'],
    [`orthodontic.lifetimeMaximumCents:${currency}`, values.orthoLifetimeMaximumCents, 'orthoLifetimeMaximum'],
  ];
  values.rules.forEach((rule, n) => {
    if (!rule.category) return;
    if (rule.kind === 'COINSURANCE') checks.push([`coveragePercent.${rule.category}`, rule.percent, `benefitRules/${n}/percent`]);
    if (rule.kind === 'WAITING_PERIOD') checks.push([`waitingPeriods.months.${rule.category}`, rule.months, `benefitRules/${n}/months`]);
  });
  return checks.map(([key, value, path]) => outOfRange(defaults, key, value, `body/${path}`)).filter((p): p is RangeProblem => p !== null);
}
