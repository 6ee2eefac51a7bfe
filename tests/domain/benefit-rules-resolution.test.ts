import { describe, expect, it } from 'vitest';
import {
  BenefitInputError,
  DEFAULT_FREQUENCIES,
  DEFAULT_RULES,
  MONTHS_PER_PERIOD,
  resolveRules,
  validateRules,
  type BenefitRules,
  type BenefitRulesOverride,
  type FrequencyRule,
} from '@core/benefits/index.ts';

/** The path resolveRules refuses, with its message, or 'accepted'. */
function refusal(policy: BenefitRulesOverride, insurer?: BenefitRulesOverride): string {
  try {
    resolveRules(policy, insurer);
    return 'accepted';
  } catch (error) {
    if (error instanceof BenefitInputError) return error.message;
    throw error;
  }
}

const frequency = (over: Partial<FrequencyRule>): FrequencyRule => ({ id: 'OWN', codes: ['D9110'], count: 1, period: { unit: 'LIFETIME' }, ...over });

describe('the research defaults (4.1, R1–R9)', () => {
  it('are these', () => {
    expect(DEFAULT_RULES).toEqual({
      coveragePercent: { DIAGNOSTIC: 100, PREVENTIVE: 100, BASIC: 80, MAJOR: 50, ORTHODONTIC: 50 },
      deductible: { individualCents: 5_000, familyCents: 15_000, waivedCategories: ['PREVENTIVE', 'DIAGNOSTIC', 'ORTHODONTIC'] },
      annualMaximumCents: 150_000,
      benefitYear: 'CALENDAR',
      waitingPeriods: { months: { DIAGNOSTIC: 0, PREVENTIVE: 0, BASIC: 6, MAJOR: 12, ORTHODONTIC: 12 }, waiverPriorCoverageMonths: 12 },
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
    });
  });

  it('limit these services (R6)', () => {
    expect(DEFAULT_FREQUENCIES).toEqual([
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
        teeth: [16, 17, 18, 26, 27, 28, 36, 37, 38, 46, 47, 48],
      },
    ]);
  });

  it('space orthodontic installments by these months', () => {
    expect(MONTHS_PER_PERIOD).toEqual({ MONTHLY: 1, QUARTERLY: 3, SEMIANNUAL: 6, ANNUAL: 12 });
  });

  it('resolve to themselves and pass their own validation', () => {
    expect(resolveRules()).toEqual(DEFAULT_RULES);
    expect(() => validateRules(DEFAULT_RULES)).not.toThrow();
  });
});

describe('the policy over the insurer over the defaults', () => {
  it('takes each value from the policy, else the insurer, else the defaults', () => {
    const insurer: BenefitRulesOverride = {
      annualMaximumCents: 120_000,
      filingDeadlineDays: 60,
      benefitYear: 'ANNIVERSARY',
      deductible: { individualCents: 4_000, familyCents: null },
      coveragePercent: { BASIC: 70, MAJOR: 40 },
      waitingPeriods: { months: { BASIC: 3 }, waiverPriorCoverageMonths: 6 },
      orthodontic: { lifetimeMaximumCents: 100_000, months: 18 },
      exclusions: ['D9110'],
    };
    const policy: BenefitRulesOverride = {
      annualMaximumCents: 200_000,
      deductible: { familyCents: 12_000 },
      coveragePercent: { MAJOR: 60 },
      waitingPeriods: { months: { MAJOR: 9 } },
      orthodontic: { months: 30, ageLimit: null },
      exclusions: [],
    };
    const rules = resolveRules(policy, insurer);
    expect(rules).toMatchObject({
      annualMaximumCents: 200_000,
      filingDeadlineDays: 60,
      benefitYear: 'ANNIVERSARY',
      deductible: { individualCents: 4_000, familyCents: 12_000, waivedCategories: ['PREVENTIVE', 'DIAGNOSTIC', 'ORTHODONTIC'] },
      coveragePercent: { DIAGNOSTIC: 100, PREVENTIVE: 100, BASIC: 70, MAJOR: 60, ORTHODONTIC: 50 },
      waitingPeriods: { months: { DIAGNOSTIC: 0, PREVENTIVE: 0, BASIC: 3, MAJOR: 9, ORTHODONTIC: 12 }, waiverPriorCoverageMonths: 6 },
      orthodontic: { lifetimeMaximumCents: 100_000, months: 30, ageLimit: null, initialPercent: 20 },
      exclusions: [],
    });
    expect(resolveRules({}, insurer).deductible.familyCents).toBeNull();
    expect(resolveRules({ waitingPeriods: { waiverPriorCoverageMonths: null } }, insurer).waitingPeriods.waiverPriorCoverageMonths).toBeNull();
  });

  it('skips a value left undefined, and ignores a category the defaults do not have', () => {
    const rules = resolveRules({ annualMaximumCents: undefined, coveragePercent: { BASIC: undefined, FOO: 10 } as never }, { annualMaximumCents: 90_000, coveragePercent: { BASIC: 75 } });
    expect(rules.annualMaximumCents).toBe(90_000);
    expect(rules.coveragePercent).toEqual({ DIAGNOSTIC: 100, PREVENTIVE: 100, BASIC: 75, MAJOR: 50, ORTHODONTIC: 50 });
  });

  it('merges the fee schedule, category amounts, age limits and copays code by code', () => {
    const rules = resolveRules(
      { feeSchedule: { D2140: 9_000 }, categoryMaximums: { MAJOR: { familyCents: 80_000 } }, ageLimits: { codes: { D1351: 14 } }, fixedCopays: { D2740: 20_000 } },
      {
        feeSchedule: { D2140: 8_000, D0120: 3_000 },
        categoryMaximums: { BASIC: { individualCents: 30_000 } },
        categoryDeductibles: { BASIC: { individualCents: 1_000 } },
        ageLimits: { categories: { PREVENTIVE: 18 }, codes: { D1110: 20 } },
        fixedCopays: { D0120: 500 },
      },
    );
    expect(rules.feeSchedule).toEqual({ D2140: 9_000, D0120: 3_000 });
    expect(rules.categoryMaximums).toEqual({ BASIC: { individualCents: 30_000 }, MAJOR: { familyCents: 80_000 } });
    expect(rules.categoryDeductibles).toEqual({ BASIC: { individualCents: 1_000 } });
    expect(rules.ageLimits).toEqual({ categories: { PREVENTIVE: 18 }, codes: { D1110: 20, D1351: 14 } });
    expect(rules.fixedCopays).toEqual({ D0120: 500, D2740: 20_000 });
  });

  it('takes the deductible from categories a layer charges, although a lower layer waives them', () => {
    expect(resolveRules({}, { deductible: { chargedCategories: ['PREVENTIVE'] } }).deductible.waivedCategories).toEqual(['DIAGNOSTIC', 'ORTHODONTIC']);
    expect(resolveRules({ deductible: { chargedCategories: ['ORTHODONTIC'] } }, { deductible: { waivedCategories: ['BASIC', 'ORTHODONTIC'] } }).deductible.waivedCategories).toEqual(['BASIC']);
  });

  it('replaces the whole list of frequencies, and lets each layer’s own code limits take their codes out of the groups', () => {
    const own = frequency({ id: 'OWN_EXAM', codes: ['D0120', 'D0150', 'D0180'], count: 3 });
    expect(resolveRules({ frequencies: [own] }, { frequencies: DEFAULT_FREQUENCIES.slice(0, 1) }).frequencies).toEqual([own]);
    expect(resolveRules({}, { frequencies: [] }).frequencies).toEqual([]);
    const insurerBitewing = frequency({ id: 'INS', codes: ['D0274'], count: 2, period: { unit: 'BENEFIT_YEAR' } });
    const policyExam = frequency({ id: 'POL', codes: ['D0120', 'D0274'] });
    const rules = resolveRules({ codeFrequencies: [policyExam] }, { codeFrequencies: [insurerBitewing] });
    expect(rules.frequencies.map((f) => [f.id, f.codes])).toEqual([
      ['EXAM', ['D0150', 'D0180']],
      ['PROPHYLAXIS', ['D1110', 'D1120']],
      ['FLUORIDE', ['D1206', 'D1208']],
      ['BITEWINGS', ['D0272', 'D0273']],
      ['FULL_MOUTH_OR_PANORAMIC', ['D0210', 'D0330']],
      ['SEALANT', ['D1351']],
      ['POL', ['D0120', 'D0274']],
    ]);
    // A group whose every code has its own limit goes.
    expect(resolveRules({ codeFrequencies: [frequency({ id: 'P', codes: ['D1351'] })] }).frequencies.map((f) => f.id)).toEqual([
      'EXAM',
      'PROPHYLAXIS',
      'FLUORIDE',
      'BITEWINGS',
      'FULL_MOUTH_OR_PANORAMIC',
      'P',
    ]);
    expect(resolveRules({ codeFrequencies: [] }).frequencies).toEqual(DEFAULT_FREQUENCIES);
  });
});

describe('rules the engine refuses, by the field they name', () => {
  it.each<[string, BenefitRulesOverride, string]>([
    ['a coverage of 101 %', { coveragePercent: { BASIC: 101 } }, 'coveragePercent.BASIC: expected an integer percentage 0..100, got 101'],
    ['a waiting period over 100 years', { waitingPeriods: { months: { MAJOR: 1201 } } }, 'waitingPeriods.months.MAJOR: expected an integer in 0..1200, got 1201'],
    ['a negative waiting period', { waitingPeriods: { months: { MAJOR: -1 } } }, 'waitingPeriods.months.MAJOR: expected an integer in 0..1200, got -1'],
    ['a fractional waiting period', { waitingPeriods: { months: { MAJOR: 1.5 } } }, 'waitingPeriods.months.MAJOR: expected an integer in 0..1200, got 1.5'],
    ['a negative deductible', { deductible: { individualCents: -1 } }, 'deductible.individualCents: expected integer cents in 0..1000000000000, got -1'],
    ['a negative family deductible', { deductible: { familyCents: -1 } }, 'deductible.familyCents: expected integer cents'],
    ['an unknown waived category', { deductible: { waivedCategories: ['BASIC', 'FOO' as never] } }, 'deductible.waivedCategories.1: unknown category FOO'],
    ['a negative annual maximum', { annualMaximumCents: -1 }, 'annualMaximumCents: expected integer cents'],
    ['an unknown benefit year', { benefitYear: 'FISCAL' as never }, 'benefitYear: expected CALENDAR or ANNIVERSARY, got FISCAL'],
    ['a waiver over 100 years', { waitingPeriods: { waiverPriorCoverageMonths: 1201 } }, 'waitingPeriods.waiverPriorCoverageMonths: expected an integer in 0..1200, got 1201'],
    ['a frequency without an id', { frequencies: [frequency({ id: '' })] }, 'frequencies.0.id: expected a unique non-empty id'],
    ['a frequency whose id is not text', { frequencies: [frequency({ id: 7 as never })] }, 'frequencies.0.id: expected a unique non-empty id'],
    ['two frequencies of one id', { frequencies: [frequency({}), frequency({ codes: ['D9120'] })] }, 'frequencies.1.id: expected a unique non-empty id'],
    ['a frequency of no codes', { frequencies: [frequency({ codes: [] })] }, 'frequencies.0.codes: expected at least one code'],
    ['a frequency of a code outside CDT', { frequencies: [frequency({ codes: ['D9110', 'D0050'] })] }, 'frequencies.0.codes.1: invalid procedure code D0050'],
    ['a negative count', { frequencies: [frequency({ count: -1 })] }, 'frequencies.0.count: expected an integer in 0..10000, got -1'],
    ['a count over 10,000', { frequencies: [frequency({ count: 10_001 })] }, 'frequencies.0.count: expected an integer in 0..10000, got 10001'],
    ['a window of 0 months', { frequencies: [frequency({ period: { unit: 'MONTHS', months: 0 } })] }, 'frequencies.0.period.months: expected 1..1200, got 0'],
    ['a window over 100 years', { frequencies: [frequency({ period: { unit: 'MONTHS', months: 1201 } })] }, 'frequencies.0.period.months: expected 1..1200, got 1201'],
    ['a window of half a month', { frequencies: [frequency({ period: { unit: 'MONTHS', months: 0.5 } })] }, 'frequencies.0.period.months: expected 1..1200, got 0.5'],
    ['an unknown window', { frequencies: [frequency({ period: { unit: 'WEEKS' } as never })] }, 'frequencies.0.period.unit: unknown period WEEKS'],
    ['an age limit over 150', { frequencies: [frequency({ ageUnder: 151 })] }, 'frequencies.0.ageUnder: expected an integer in 0..150, got 151'],
    ['a tooth outside FDI', { frequencies: [frequency({ teeth: [16, 19] })] }, 'frequencies.0.teeth.1: invalid FDI tooth 19'],
    ['orthodontics neither included nor not', { orthodontic: { included: 'yes' as never } }, 'orthodontic.included: expected a boolean'],
    ['a negative lifetime maximum', { orthodontic: { lifetimeMaximumCents: -1 } }, 'orthodontic.lifetimeMaximumCents: expected integer cents'],
    ['an orthodontic age limit over 150', { orthodontic: { ageLimit: 151 } }, 'orthodontic.ageLimit: expected an integer in 0..150, got 151'],
    ['payments stopping neither at the limit nor not', { orthodontic: { stopAtAgeLimit: 1 as never } }, 'orthodontic.stopAtAgeLimit: expected a boolean'],
    ['an initial share of 101 %', { orthodontic: { initialPercent: 101 } }, 'orthodontic.initialPercent: expected an integer percentage 0..100, got 101'],
    ['a treatment of 0 months', { orthodontic: { months: 0 } }, 'orthodontic.months: expected 1..36, got 0'],
    ['a treatment of 37 months', { orthodontic: { months: 37 } }, 'orthodontic.months: expected 1..36, got 37'],
    ['a treatment of 12.5 months', { orthodontic: { months: 12.5 } }, 'orthodontic.months: expected 1..36, got 12.5'],
    ['weekly installments', { orthodontic: { frequency: 'WEEKLY' as never } }, 'orthodontic.frequency: unknown frequency WEEKLY'],
    ['a first delay over ten years', { orthodontic: { firstDelayDays: 3651 } }, 'orthodontic.firstDelayDays: expected an integer in 0..3650, got 3651'],
    ['a filing deadline over 100 years', { filingDeadlineDays: 36_501 }, 'filingDeadlineDays: expected an integer in 0..36500, got 36501'],
    ['an excluded code outside CDT', { exclusions: ['D2740', 'X'] }, 'exclusions.1: invalid procedure code X'],
    ['a fee for a code outside CDT', { feeSchedule: { D0050: 100 } }, 'feeSchedule.D0050: invalid procedure code'],
    ['a negative fee', { feeSchedule: { D0120: -1 } }, 'feeSchedule.D0120: expected integer cents'],
    ['a deductible for an unknown category', { categoryDeductibles: { FOO: { individualCents: 1 } } as never }, 'categoryDeductibles.FOO: unknown category FOO'],
    ['a deductible for orthodontics', { categoryDeductibles: { ORTHODONTIC: { individualCents: 1 } } }, 'categoryDeductibles.ORTHODONTIC: orthodontics has its own maximum and no deductible'],
    ['a maximum for orthodontics', { categoryMaximums: { ORTHODONTIC: {} } }, 'categoryMaximums.ORTHODONTIC: orthodontics has its own maximum and no deductible'],
    ['a negative personal category deductible', { categoryDeductibles: { BASIC: { individualCents: -1 } } }, 'categoryDeductibles.BASIC.individualCents: expected integer cents'],
    ['a negative family category maximum', { categoryMaximums: { MAJOR: { familyCents: -1 } } }, 'categoryMaximums.MAJOR.familyCents: expected integer cents'],
    ['an age limit of an unknown category', { ageLimits: { categories: { FOO: 10 } as never } }, 'ageLimits.categories.FOO: unknown category FOO'],
    ['a category age limit over 150', { ageLimits: { categories: { MAJOR: 151 } } }, 'ageLimits.categories.MAJOR: expected an integer in 0..150, got 151'],
    ['an age limit of a code outside CDT', { ageLimits: { codes: { D0050: 10 } } }, 'ageLimits.codes.D0050: invalid procedure code'],
    ['a code age limit over 150', { ageLimits: { codes: { D1110: 151 } } }, 'ageLimits.codes.D1110: expected an integer in 0..150, got 151'],
    ['a copay of a code outside CDT', { fixedCopays: { D0050: 10 } }, 'fixedCopays.D0050: invalid procedure code'],
    ['a fractional copay', { fixedCopays: { D2740: 10.5 } }, 'fixedCopays.D2740: expected integer cents in 0..1000000000000, got 10.5'],
  ])('%s', (_label, policy, message) => {
    // The message in full, or its start where the amount check's wording is the money test's.
    const refused = refusal(policy);
    expect(message.endsWith('integer cents') ? refused.slice(0, message.length) : refused).toBe(message);
  });

  it.each<[string, BenefitRulesOverride]>([
    ['a waiting period of 100 years', { waitingPeriods: { months: { MAJOR: 1200 }, waiverPriorCoverageMonths: 1200 } }],
    ['no family cap and no waiver', { deductible: { familyCents: null }, waitingPeriods: { waiverPriorCoverageMonths: null } }],
    ['no waived category', { deductible: { waivedCategories: [] } }],
    ['a count of 0 and of 10,000', { frequencies: [frequency({ count: 0 }), frequency({ id: 'MANY', codes: ['D9120'], count: 10_000 })] }],
    ['a window of 1 and of 1200 months', { frequencies: [frequency({ period: { unit: 'MONTHS', months: 1 } }), frequency({ id: 'LONG', codes: ['D9120'], period: { unit: 'MONTHS', months: 1200 } })] }],
    ['each kind of window', { frequencies: (['BENEFIT_YEAR', 'CALENDAR_YEAR', 'LIFETIME'] as const).map((unit) => frequency({ id: unit, period: { unit } })) }],
    ['an age limit of 150 on a group, primary teeth', { frequencies: [frequency({ ageUnder: 150, teeth: [85, '16' as never] })] }],
    ['orthodontics of 36 months, no age limit, payments stopping at it', { orthodontic: { months: 36, ageLimit: null, stopAtAgeLimit: true, firstDelayDays: 3650 } }],
    ['orthodontics of one month, paid at once', { orthodontic: { months: 1, initialPercent: 100, firstDelayDays: 0 } }],
    ['a filing deadline of 100 years', { filingDeadlineDays: 36_500 }],
    ['category amounts for the other four categories', { categoryDeductibles: { DIAGNOSTIC: {}, PREVENTIVE: { familyCents: 0 } }, categoryMaximums: { BASIC: { individualCents: 0 }, MAJOR: { familyCents: 1 } } }],
    ['age limits of 0 and 150', { ageLimits: { categories: { MAJOR: 0 }, codes: { D1110: 150 } } }],
    ['a copay of 0', { fixedCopays: { D2740: 0 } }],
  ])('accepts %s', (_label, policy) => {
    expect(refusal(policy)).toBe('accepted');
  });

  it('checks the merged rules, whichever layer a value came from', () => {
    expect(refusal({}, { annualMaximumCents: -1 })).toBe('annualMaximumCents: expected integer cents in 0..1000000000000, got -1');
    expect(refusal({ annualMaximumCents: 1 }, { annualMaximumCents: -1 })).toBe('accepted');
  });

  it('validates rules built by hand too', () => {
    const broken: BenefitRules = { ...DEFAULT_RULES, filingDeadlineDays: -1 };
    expect(() => validateRules(broken)).toThrow('filingDeadlineDays: expected an integer in 0..36500, got -1');
  });
});
