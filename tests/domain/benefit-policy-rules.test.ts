import { describe, expect, it } from 'vitest';
import {
  BENEFIT_RULE_KINDS,
  NEUTRAL_TERMS,
  PREVENTIVE_CARE,
  RULE_FIELDS,
  RULE_LEVELS,
  RULE_PERIODS,
  normalizeRule,
  policyRuleProblems,
  policyRulesOverride,
  ruleFieldName,
  type PolicyBenefitRule,
  type PolicyBenefitTerms,
} from '@core/benefits/policy-rules.ts';
import { resolveRules } from '@core/benefits/rules.ts';
import { ruleRow } from './benefit-fixtures.ts';

// A policy's terms and its rows of benefit rules (research 2.2) as the engine reads them, and the field each
// refusal lands on (the contract's `benefitRules/<n>/<field>` or a term's name).
const problems = (rows: PolicyBenefitRule[], terms: Partial<PolicyBenefitTerms> = {}) =>
  policyRuleProblems({ ...NEUTRAL_TERMS, ...terms }, rows).map((p) => `${p.path} ${p.keyword}`);

describe('the kinds of rule and what each one uses', () => {
  it('has research 2.2’s kinds, windows and levels', () => {
    expect(BENEFIT_RULE_KINDS).toEqual(['COINSURANCE', 'DEDUCTIBLE', 'MAXIMUM', 'FREQUENCY', 'AGE_LIMIT', 'WAITING_PERIOD', 'EXCLUSION', 'FIXED_COPAY']);
    expect(RULE_PERIODS).toEqual(['BENEFIT_YEAR', 'CALENDAR_YEAR', 'LIFETIME', 'LAST_12_MONTHS', 'YEARS', 'MONTHS']);
    expect(RULE_LEVELS).toEqual(['INDIVIDUAL', 'FAMILY']);
    expect(PREVENTIVE_CARE).toEqual(['PREVENTIVE', 'DIAGNOSTIC']);
    expect(RULE_FIELDS).toEqual({
      COINSURANCE: ['category', 'percent'],
      DEDUCTIBLE: ['category', 'amountCents', 'level'],
      MAXIMUM: ['category', 'amountCents', 'level'],
      FREQUENCY: ['procedureCode', 'quantity', 'period'],
      AGE_LIMIT: ['category', 'procedureCode', 'quantity'],
      WAITING_PERIOD: ['category', 'months'],
      EXCLUSION: ['procedureCode'],
      FIXED_COPAY: ['procedureCode', 'amountCents'],
    });
  });

  it('names the amount field as the contract does', () => {
    expect(ruleFieldName('amountCents')).toBe('amount');
    expect(ruleFieldName('percent')).toBe('percent');
    expect(ruleFieldName('procedureCode')).toBe('procedureCode');
  });

  it('keeps only the fields a rule’s kind uses, absent ones as null', () => {
    const stray = { ...ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 70, months: 3, amountCents: 100, quantity: 2, period: 'YEARS', level: 'FAMILY', procedureCode: 'D2140' }) };
    expect(normalizeRule(stray)).toEqual(ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 70 }));
    const partial = { kind: 'FIXED_COPAY', procedureCode: 'D2740' } as PolicyBenefitRule;
    expect(normalizeRule(partial)).toStrictEqual(ruleRow({ kind: 'FIXED_COPAY', procedureCode: 'D2740' }));
  });
});

describe('a policy’s layer of the rules', () => {
  it('sets nothing of its own with neutral terms and no rows', () => {
    expect(NEUTRAL_TERMS).toEqual({
      benefitYear: 'CALENDAR',
      annualMaximumCents: null,
      deductibleCents: null,
      familyDeductibleCents: null,
      orthoIncluded: true,
      orthoPercent: null,
      orthoLifetimeMaximumCents: null,
      orthoAgeLimit: null,
      deductibleAppliesToPreventive: false,
    });
    expect(policyRulesOverride(NEUTRAL_TERMS, [])).toStrictEqual({
      annualMaximumCents: undefined,
      benefitYear: 'CALENDAR',
      deductible: { individualCents: undefined, familyCents: undefined, chargedCategories: undefined },
      coveragePercent: {},
      waitingPeriods: { months: {} },
      exclusions: undefined,
      orthodontic: { included: true, lifetimeMaximumCents: undefined, ageLimit: undefined },
      codeFrequencies: undefined,
      categoryDeductibles: {},
      categoryMaximums: {},
      ageLimits: { categories: {}, codes: {} },
      fixedCopays: {},
    });
  });

  it('takes the terms’ own values, and lifts R2’s waiver from preventive care when the deductible applies to it', () => {
    const terms: PolicyBenefitTerms = {
      benefitYear: 'ANNIVERSARY',
      annualMaximumCents: 200_000,
      deductibleCents: 2_500,
      familyDeductibleCents: 7_500,
      orthoIncluded: false,
      orthoPercent: 60,
      orthoLifetimeMaximumCents: 250_000,
      orthoAgeLimit: 21,
      deductibleAppliesToPreventive: true,
    };
    expect(policyRulesOverride(terms, [])).toMatchObject({
      annualMaximumCents: 200_000,
      benefitYear: 'ANNIVERSARY',
      deductible: { individualCents: 2_500, familyCents: 7_500, chargedCategories: ['PREVENTIVE', 'DIAGNOSTIC'] },
      coveragePercent: { ORTHODONTIC: 60 },
      orthodontic: { included: false, lifetimeMaximumCents: 250_000, ageLimit: 21 },
    });
    const rules = resolveRules(policyRulesOverride(terms, []));
    expect(rules.deductible.waivedCategories).toEqual(['ORTHODONTIC']);
    expect(rules.benefitYear).toBe('ANNIVERSARY');
  });

  it('reads each row by its kind, and the orthodontic percentage of the terms wins over a row for orthodontics', () => {
    const rows = [
      ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 70 }),
      ruleRow({ kind: 'COINSURANCE', category: 'ORTHODONTIC', percent: 40 }),
      ruleRow({ kind: 'WAITING_PERIOD', category: 'MAJOR', months: 18 }),
      ruleRow({ kind: 'EXCLUSION', procedureCode: 'D6010' }),
      ruleRow({ kind: 'EXCLUSION', procedureCode: 'D5110' }),
      ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 2_000, level: 'INDIVIDUAL' }),
      ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 6_000, level: 'FAMILY' }),
      ruleRow({ kind: 'MAXIMUM', category: 'MAJOR', amountCents: 50_000, level: 'FAMILY' }),
      ruleRow({ kind: 'AGE_LIMIT', category: 'PREVENTIVE', quantity: 18 }),
      ruleRow({ kind: 'AGE_LIMIT', procedureCode: 'D1351', quantity: 14 }),
      ruleRow({ kind: 'FIXED_COPAY', procedureCode: 'D2740', amountCents: 25_000 }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0120', quantity: 1, period: 'BENEFIT_YEAR' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 3, period: 'CALENDAR_YEAR' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D2740', quantity: 1, period: 'LIFETIME' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0274', quantity: 2, period: 'LAST_12_MONTHS' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0210', quantity: 5, period: 'YEARS' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0330', quantity: 18, period: 'MONTHS' }),
    ];
    const withOrtho = { ...NEUTRAL_TERMS, orthoPercent: 65 };
    const override = policyRulesOverride(withOrtho, rows);
    expect(override.coveragePercent).toEqual({ BASIC: 70, ORTHODONTIC: 65 });
    expect(policyRulesOverride(NEUTRAL_TERMS, rows).coveragePercent).toEqual({ BASIC: 70, ORTHODONTIC: 40 });
    expect(override.waitingPeriods).toEqual({ months: { MAJOR: 18 } });
    expect(override.exclusions).toEqual(['D6010', 'D5110']);
    expect(override.categoryDeductibles).toEqual({ BASIC: { individualCents: 2_000, familyCents: 6_000 } });
    expect(override.categoryMaximums).toEqual({ MAJOR: { familyCents: 50_000 } });
    expect(override.ageLimits).toEqual({ categories: { PREVENTIVE: 18 }, codes: { D1351: 14 } });
    expect(override.fixedCopays).toEqual({ D2740: 25_000 });
    expect(override.codeFrequencies).toEqual([
      { id: 'policy:D0120:BENEFIT_YEAR', codes: ['D0120'], count: 1, period: { unit: 'BENEFIT_YEAR' } },
      { id: 'policy:D1110:CALENDAR_YEAR', codes: ['D1110'], count: 3, period: { unit: 'CALENDAR_YEAR' } },
      { id: 'policy:D2740:LIFETIME', codes: ['D2740'], count: 1, period: { unit: 'LIFETIME' } },
      { id: 'policy:D0274:LAST_12_MONTHS', codes: ['D0274'], count: 2, period: { unit: 'MONTHS', months: 12 } },
      { id: 'policy:D0210:YEARS', codes: ['D0210'], count: 1, period: { unit: 'MONTHS', months: 60 } },
      { id: 'policy:D0330:MONTHS', codes: ['D0330'], count: 1, period: { unit: 'MONTHS', months: 18 } },
    ]);
    expect(policyRuleProblems(withOrtho, rows)).toEqual([]);
  });

  it('leaves out rows that lack what their kind reads', () => {
    const rows = [
      ruleRow({ kind: 'COINSURANCE', category: 'BASIC' }),
      ruleRow({ kind: 'COINSURANCE', percent: 70 }),
      ruleRow({ kind: 'WAITING_PERIOD', category: 'MAJOR' }),
      ruleRow({ kind: 'EXCLUSION' }),
      ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 2_000 }),
      ruleRow({ kind: 'DEDUCTIBLE', amountCents: 2_000, level: 'INDIVIDUAL' }),
      ruleRow({ kind: 'MAXIMUM', category: 'MAJOR', level: 'FAMILY' }),
      ruleRow({ kind: 'AGE_LIMIT', category: 'PREVENTIVE' }),
      ruleRow({ kind: 'AGE_LIMIT', quantity: 18 }),
      ruleRow({ kind: 'FIXED_COPAY', amountCents: 25_000 }),
      ruleRow({ kind: 'FIXED_COPAY', procedureCode: 'D2740' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0120', quantity: 1 }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0120', period: 'YEARS' }),
      ruleRow({ kind: 'FREQUENCY', quantity: 1, period: 'YEARS' }),
    ];
    expect(policyRulesOverride(NEUTRAL_TERMS, rows)).toStrictEqual(policyRulesOverride(NEUTRAL_TERMS, []));
  });

  it('reads a row of another kind for none of the others', () => {
    const everything = { category: 'BASIC', procedureCode: 'D2140', percent: 70, months: 6, amountCents: 1_000, quantity: 2, period: 'YEARS', level: 'INDIVIDUAL' } as const;
    const copay = policyRulesOverride(NEUTRAL_TERMS, [ruleRow({ kind: 'FIXED_COPAY', ...everything })]);
    expect(copay).toStrictEqual({ ...policyRulesOverride(NEUTRAL_TERMS, []), fixedCopays: { D2140: 1_000 } });
    const age = policyRulesOverride(NEUTRAL_TERMS, [ruleRow({ kind: 'AGE_LIMIT', ...everything })]);
    // An age limit naming a code is the code's, not its category's.
    expect(age).toStrictEqual({ ...policyRulesOverride(NEUTRAL_TERMS, []), ageLimits: { categories: {}, codes: { D2140: 2 } } });
  });
});

describe('what is wrong with a policy’s rules, field by field', () => {
  it('accepts well-formed rows', () => {
    expect(problems([ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 70 }), ruleRow({ kind: 'EXCLUSION', procedureCode: 'D6010' })])).toEqual([]);
  });

  it('names every missing field of a row, under the contract’s name', () => {
    expect(problems([ruleRow({ kind: 'COINSURANCE' }), ruleRow({ kind: 'WAITING_PERIOD', category: 'BASIC' }), ruleRow({ kind: 'EXCLUSION' }), ruleRow({ kind: 'MAXIMUM', category: 'BASIC' })])).toEqual([
      'benefitRules/0/category required',
      'benefitRules/0/percent required',
      'benefitRules/1/months required',
      'benefitRules/2/procedureCode required',
      'benefitRules/3/amount required',
      'benefitRules/3/level required',
    ]);
  });

  it('counts a field left out of the row as missing, like one sent as null', () => {
    expect(problems([{ kind: 'COINSURANCE', category: 'BASIC' } as PolicyBenefitRule])).toEqual(['benefitRules/0/percent required']);
  });

  it('looks no further at a row with a missing field: two such rows are not duplicates', () => {
    expect(problems([ruleRow({ kind: 'COINSURANCE', category: 'BASIC' }), ruleRow({ kind: 'COINSURANCE', category: 'BASIC' })])).toEqual([
      'benefitRules/0/percent required',
      'benefitRules/1/percent required',
    ]);
  });

  it('wants an age limit for exactly one of a category or a code, then its age', () => {
    expect(problems([ruleRow({ kind: 'AGE_LIMIT' })])).toEqual(['benefitRules/0/category categoryOrCode']);
    expect(problems([ruleRow({ kind: 'AGE_LIMIT', category: 'BASIC', procedureCode: 'D2140' })])).toEqual(['benefitRules/0/procedureCode categoryOrCode']);
    expect(problems([ruleRow({ kind: 'AGE_LIMIT', category: 'BASIC' })])).toEqual(['benefitRules/0/quantity required']);
    expect(problems([ruleRow({ kind: 'AGE_LIMIT', procedureCode: 'D2140' })])).toEqual(['benefitRules/0/quantity required']);
    expect(problems([ruleRow({ kind: 'AGE_LIMIT', procedureCode: 'D2140', quantity: 18 })])).toEqual([]);
  });

  it('refuses a second rule of the same kind and target, whatever fields its kind does not use', () => {
    expect(problems([ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 70 }), ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 60, level: 'FAMILY', period: 'YEARS' })])).toEqual([
      'benefitRules/1/category duplicate',
    ]);
    expect(problems([ruleRow({ kind: 'EXCLUSION', procedureCode: 'D6010' }), ruleRow({ kind: 'EXCLUSION', procedureCode: 'D6010', category: 'MAJOR' })])).toEqual([
      'benefitRules/1/procedureCode duplicate',
    ]);
    expect(problems([ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 70 }), ruleRow({ kind: 'WAITING_PERIOD', category: 'BASIC', months: 3 }), ruleRow({ kind: 'COINSURANCE', category: 'MAJOR', percent: 40 })])).toEqual([]);
    expect(problems([ruleRow({ kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 1, period: 'YEARS' }), ruleRow({ kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 2, period: 'YEARS' })])).toEqual([
      'benefitRules/1/procedureCode duplicate',
    ]);
  });

  it.each<[string, PolicyBenefitRule, string]>([
    ['a percentage above 100', ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 101 }), 'percent'],
    ['a waiting period of more than 100 years', ruleRow({ kind: 'WAITING_PERIOD', category: 'BASIC', months: 1201 }), 'months'],
    ['an excluded code outside CDT', ruleRow({ kind: 'EXCLUSION', procedureCode: 'D0050' }), 'procedureCode'],
    ['a deductible for orthodontics', ruleRow({ kind: 'DEDUCTIBLE', category: 'ORTHODONTIC', amountCents: 1_000, level: 'INDIVIDUAL' }), 'category'],
    ['a negative deductible', ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: -1, level: 'INDIVIDUAL' }), 'amount'],
    ['a fractional family maximum', ruleRow({ kind: 'MAXIMUM', category: 'MAJOR', amountCents: 10.5, level: 'FAMILY' }), 'amount'],
    ['a frequency of a code outside CDT', ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0050', quantity: 1, period: 'LIFETIME' }), 'procedureCode'],
    ['a negative count of services', ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0120', quantity: -1, period: 'BENEFIT_YEAR' }), 'quantity'],
    ['one every 0 months', ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0120', quantity: 0, period: 'MONTHS' }), 'quantity'],
    ['a category age limit above 150', ruleRow({ kind: 'AGE_LIMIT', category: 'MAJOR', quantity: 151 }), 'quantity'],
    ['a copay of a code outside CDT', ruleRow({ kind: 'FIXED_COPAY', procedureCode: 'D0050', amountCents: 1_000 }), 'amount'],
    ['a negative copay', ruleRow({ kind: 'FIXED_COPAY', procedureCode: 'D2740', amountCents: -1 }), 'amount'],
  ])('puts %s on its field', (_label, rule, field) => {
    expect(problems([rule])).toEqual([`benefitRules/0/${field} benefitRule`]);
  });

  it.each<[string, Partial<PolicyBenefitTerms>, string]>([
    ['a negative annual maximum', { annualMaximumCents: -1 }, 'annualMaximum'],
    ['a fractional deductible', { deductibleCents: 1.5 }, 'deductible'],
    ['a negative family deductible', { familyDeductibleCents: -1 }, 'familyDeductible'],
    ['an orthodontic percentage above 100', { orthoPercent: 101 }, 'orthoPercent'],
    ['a negative orthodontic lifetime maximum', { orthoLifetimeMaximumCents: -1 }, 'orthoLifetimeMaximum'],
    ['an orthodontic age limit above 150', { orthoAgeLimit: 151 }, 'orthoAgeLimit'],
    ['an unknown benefit year', { benefitYear: 'WEEKLY' as never }, 'benefitYear'],
    ['orthodontics neither included nor not', { orthoIncluded: 'yes' as never }, 'benefitRules'],
  ])('puts %s of the terms on its term', (_label, terms, path) => {
    expect(problems([], terms)).toEqual([`${path} benefitRule`]);
  });

  it('reports the rows first, then the terms', () => {
    expect(problems([ruleRow({ kind: 'COINSURANCE', category: 'BASIC', percent: 101 })], { annualMaximumCents: -1 })).toEqual([
      'benefitRules/0/percent benefitRule',
      'annualMaximum benefitRule',
    ]);
  });
});
