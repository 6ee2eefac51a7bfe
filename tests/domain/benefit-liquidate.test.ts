import { describe, expect, it } from 'vitest';
import {
  BenefitInputError,
  DEFAULT_RULES,
  NO_USAGE,
  liquidate,
  resolveRules,
  type Claim,
  type ClaimFacts,
  type ClaimLine,
  type HistoryLine,
} from '@core/benefits/index.ts';
import { after, claim, deepFreeze, facts, line, one, outcome, used2025 } from './benefit-fixtures.ts';
import { NEUTRAL_TERMS, policyRulesOverride } from '@core/benefits/policy-rules.ts';

// A filling (BASIC, 80 %, deductible applies) of 100.00 on tooth 16.
const filling = (over: Partial<ClaimLine> = {}) => line('D2391', { tooth: 16, ...over });
// A crown (MAJOR, 50 %).
const crown = (over: Partial<ClaimLine> = {}) => line('D2740', { tooth: 16, chargedCents: 100_000, ...over });
const exam = (serviceDate: string, over: Partial<ClaimLine> = {}) => line('D0120', { serviceDate, chargedCents: 5_000, ...over });

describe('R1 coverage by category and the allowed amount', () => {
  it.each([
    ['D0120', undefined, 'DIAGNOSTIC', 10_000],
    ['D1110', undefined, 'PREVENTIVE', 10_000],
    ['D2391', 16, 'BASIC', 8_000],
    ['D4341', undefined, 'BASIC', 8_000],
    ['D2740', 16, 'MAJOR', 5_000],
    ['D5110', undefined, 'MAJOR', 5_000],
  ] as const)('%s (%s) is %s and pays %i of 100.00 with the deductible already met', (code, tooth, category, covered) => {
    const l = one(line(code, { tooth }), { usage: used2025({ deductibleUsedCents: 5_000 }) });
    expect(l).toMatchObject({ category, status: 'APPROVED', allowedCents: 10_000, deductibleCents: 0, coveredCents: covered });
  });

  it.each([
    ['no allowable: allowed = charged', {}, {}, 10_000],
    ['charge above the line allowable', { allowableCents: 7_500 }, {}, 7_500],
    ['charge below the line allowable', { allowableCents: 12_000 }, {}, 10_000],
    ['fee schedule per unit', {}, { D2391: 6_000 }, 6_000],
    ['fee schedule × quantity', { quantity: 2, chargedCents: 20_000, tooth: 16 }, { D2391: 6_000 }, 12_000],
    ['line allowable wins over the fee schedule', { allowableCents: 9_000 }, { D2391: 6_000 }, 9_000],
  ])('%s', (_label, over, feeSchedule, allowed) => {
    const rules = resolveRules({ feeSchedule });
    const l = one(filling(over), { usage: used2025({ deductibleUsedCents: 5_000 }) }, rules);
    expect(l.allowedCents).toBe(allowed);
    expect(l.coveredCents).toBe(Math.floor((allowed * 80 + 50) / 100));
  });

  it('rounds half-up to the cent', () => {
    const rules = resolveRules({ coveragePercent: { MAJOR: 50 } });
    const l = one(crown({ chargedCents: 5_003 }), { usage: used2025({ deductibleUsedCents: 5_000 }) }, rules);
    expect(l.coveredCents).toBe(2_502); // 25.015 → 25.02
  });
});

describe('R2 deductible', () => {
  it.each([
    ['nothing used: 50.00 taken', 0, 0, 5_000, 4_000],
    ['one cent left', 4_999, 4_999, 1, 7_999],
    ['exactly exhausted', 5_000, 5_000, 0, 8_000],
    ['family cap exactly exhausted by others', 0, 15_000, 0, 8_000],
    ['one cent left of the family cap', 0, 14_999, 1, 7_999],
    ['family remainder below the individual one', 1_000, 12_000, 3_000, 5_600],
  ])('%s', (_label, individualUsed, familyUsed, deductible, covered) => {
    const l = one(filling(), { usage: used2025({ deductibleUsedCents: individualUsed, familyDeductibleUsedCents: familyUsed }) });
    expect(l).toMatchObject({ status: 'APPROVED', deductibleCents: deductible, coveredCents: covered });
  });

  it.each([
    ['D0120', 'DIAGNOSTIC'],
    ['D1110', 'PREVENTIVE'],
  ])('is waived for %s (%s)', (code) => {
    expect(one(line(code))).toMatchObject({ deductibleCents: 0, coveredCents: 10_000 });
  });

  it('never exceeds the allowed amount and carries over between lines of the claim', () => {
    const result = liquidate(
      claim([filling({ chargedCents: 3_000 }), filling({ tooth: 17, chargedCents: 10_000 }), filling({ tooth: 18 })]),
      facts(),
      DEFAULT_RULES,
    );
    expect(result.lines.map((l) => l.deductibleCents)).toEqual([3_000, 2_000, 0]);
    expect(result.lines.map((l) => l.coveredCents)).toEqual([0, 6_400, 8_000]);
    expect(result.usageAfter.benefitYears['2025-01-01']).toEqual({ deductibleUsedCents: 5_000, familyDeductibleUsedCents: 5_000, annualUsedCents: 14_400 });
  });

  it.each([
    ['D0120', 'DIAGNOSTIC'],
    ['D1110', 'PREVENTIVE'],
  ])('is taken from %s (%s) on a policy whose deductible applies to preventive care, and orthodontics stays waived', (code) => {
    const terms = { ...NEUTRAL_TERMS, deductibleAppliesToPreventive: true };
    const rules = resolveRules(policyRulesOverride(terms, []));
    expect(rules.deductible.waivedCategories).toEqual(['ORTHODONTIC']);
    expect(one(line(code), {}, rules)).toMatchObject({ deductibleCents: 5_000, coveredCents: 5_000 });
    // Left unticked, the policy keeps R2's waiver.
    expect(one(line(code), {}, resolveRules(policyRulesOverride(NEUTRAL_TERMS, [])))).toMatchObject({ deductibleCents: 0, coveredCents: 10_000 });
  });

  it('lifts the waiver over an insurer’s own waived list too', () => {
    const terms = { ...NEUTRAL_TERMS, deductibleAppliesToPreventive: true };
    const rules = resolveRules(policyRulesOverride(terms, []), { deductible: { waivedCategories: ['PREVENTIVE', 'DIAGNOSTIC', 'BASIC'] } });
    expect(rules.deductible.waivedCategories).toEqual(['BASIC']);
  });

  it('has no family cap when familyCents is null', () => {
    const rules = resolveRules({ deductible: { familyCents: null } });
    expect(one(filling(), { usage: used2025({ familyDeductibleUsedCents: 1_000_000 }) }, rules).deductibleCents).toBe(5_000);
  });
});

describe('R3 annual maximum', () => {
  // A filling with the deductible met pays 80.00.
  it.each([
    ['well below', 100_000, 'APPROVED', 8_000, 0, 108_000],
    ['reached exactly', 142_000, 'APPROVED', 8_000, 0, 150_000],
    ['one cent short', 142_001, 'APPROVED', 7_999, 1, 150_000],
    ['one cent left', 149_999, 'APPROVED', 1, 7_999, 150_000],
    ['exhausted', 150_000, 'REJECTED 30', 0, 8_000, 150_000],
    ['over-used by a previous error', 160_000, 'REJECTED 30', 0, 8_000, 160_000],
  ])('%s', (_label, annualUsed, expected, covered, excess, usedAfter) => {
    const f = facts({ usage: used2025({ deductibleUsedCents: 5_000, annualUsedCents: annualUsed }) });
    const result = liquidate(claim([filling()]), f, DEFAULT_RULES);
    const [l] = result.lines;
    expect(outcome(l!)).toBe(expected);
    expect(l).toMatchObject({ coveredCents: covered, excessCents: excess });
    expect(result.usageAfter.benefitYears['2025-01-01']?.annualUsedCents).toBe(usedAfter);
  });

  it('rejects the lines after the one that reaches the maximum with 30, in the same claim', () => {
    const result = liquidate(
      claim([filling({ tooth: 16 }), filling({ tooth: 17 }), line('D1110')]),
      facts({ usage: used2025({ deductibleUsedCents: 5_000, annualUsedCents: 146_000 }) }),
      DEFAULT_RULES,
    );
    expect(result.lines.map(outcome)).toEqual(['APPROVED', 'REJECTED 30', 'REJECTED 30']);
    expect(result.lines.map((l) => l.coveredCents)).toEqual([4_000, 0, 0]);
    expect(result.lines.map((l) => l.excessCents)).toEqual([4_000, 8_000, 10_000]);
    expect(result.totals.payableCents).toBe(4_000);
    expect(result.status).toBe('PARTIALLY_APPROVED');
  });

  it('counts each benefit year apart', () => {
    const f = facts({
      invoiceDate: '2026-01-10',
      submissionDate: '2026-01-20',
      usage: used2025({ deductibleUsedCents: 5_000, annualUsedCents: 150_000 }),
    });
    const result = liquidate(claim([filling({ serviceDate: '2025-12-31' }), filling({ serviceDate: '2026-01-02' })]), f, DEFAULT_RULES);
    expect(result.lines.map(outcome)).toEqual(['REJECTED 30', 'APPROVED']);
    expect(result.lines.map((l) => l.benefitYearStart)).toEqual(['2025-01-01', '2026-01-01']);
    expect(result.usageAfter.benefitYears).toEqual({
      '2025-01-01': { deductibleUsedCents: 5_000, familyDeductibleUsedCents: 0, annualUsedCents: 150_000 },
      '2026-01-01': { deductibleUsedCents: 5_000, familyDeductibleUsedCents: 5_000, annualUsedCents: 4_000 },
    });
  });

  it('follows anniversary benefit years from the policy start', () => {
    const rules = resolveRules({ benefitYear: 'ANNIVERSARY' });
    const f = facts({ policyStartDate: '2024-07-15', usage: { benefitYears: { '2024-07-15': { deductibleUsedCents: 5_000, familyDeductibleUsedCents: 5_000, annualUsedCents: 150_000 } }, orthoLifetimeUsedCents: 0 } });
    const l = one(filling({ serviceDate: '2025-03-01' }), f, rules);
    expect(l).toMatchObject({ status: 'REJECTED', reason: '30', benefitYearStart: '2024-07-15' });
  });
});

describe('R5 waiting periods from the enrolment date', () => {
  it.each([
    ['BASIC, the day before 6 months', 'D2391', '2025-07-14', 0, 'REJECTED 17'],
    ['BASIC, the day 6 months end', 'D2391', '2025-07-15', 0, 'APPROVED'],
    ['MAJOR, the day before 12 months', 'D2740', '2026-01-14', 0, 'REJECTED 17'],
    ['MAJOR, the day 12 months end', 'D2740', '2026-01-15', 0, 'APPROVED'],
    ['MAJOR, 11 months of prior coverage', 'D2740', '2025-02-01', 11, 'REJECTED 17'],
    ['MAJOR, waived by 12 months of prior coverage', 'D2740', '2025-02-01', 12, 'APPROVED'],
    ['PREVENTIVE on the enrolment day', 'D1110', '2025-01-15', 0, 'APPROVED'],
    ['DIAGNOSTIC on the enrolment day', 'D0150', '2025-01-15', 0, 'APPROVED'],
  ])('%s', (_label, code, serviceDate, priorCoverageMonths, expected) => {
    const f: Partial<ClaimFacts> = {
      enrolmentDate: '2025-01-15',
      coveragePeriods: [{ from: '2025-01-15' }],
      priorCoverageMonths,
      invoiceDate: serviceDate,
      submissionDate: serviceDate,
    };
    expect(outcome(one(line(code, { tooth: 16, serviceDate }), f))).toBe(expected);
  });

  it.each([
    ['ORTHODONTIC, the day before 12 months', '2026-01-14', 0, undefined, 'REJECTED 17'],
    ['ORTHODONTIC, the day 12 months end', '2026-01-15', 0, undefined, 'APPROVED'],
    ['ORTHODONTIC, waived by prior coverage that included orthodontics', '2025-06-01', 24, undefined, 'APPROVED'],
    ['ORTHODONTIC, prior coverage without orthodontics does not waive it', '2025-06-01', 24, 0, 'REJECTED 17'],
  ])('%s', (_label, serviceDate, priorCoverageMonths, priorOrthodonticCoverageMonths, expected) => {
    const f: Partial<ClaimFacts> = {
      birthDate: '2012-01-01',
      enrolmentDate: '2025-01-15',
      coveragePeriods: [{ from: '2025-01-15' }],
      priorCoverageMonths,
      ...(priorOrthodonticCoverageMonths === undefined ? {} : { priorOrthodonticCoverageMonths }),
      invoiceDate: serviceDate,
      submissionDate: serviceDate,
    };
    expect(outcome(one(line('D8080', { serviceDate }), f))).toBe(expected);
  });
});

describe('R6 frequencies', () => {
  const history = (...items: Array<[code: string, date: string, tooth?: number]>): HistoryLine[] =>
    items.map(([code, serviceDate, tooth]) => ({ code, serviceDate, tooth }));

  it.each([
    ['2nd exam of the year allowed', history(['D0120', '2025-01-10']), 'APPROVED'],
    ['3rd exam of the year rejected', history(['D0120', '2025-01-10'], ['D0150', '2025-02-10']), 'REJECTED 05'],
    ['exams of last year do not count', history(['D0120', '2024-06-10'], ['D0120', '2024-12-31']), 'APPROVED'],
    ['other codes do not count', history(['D1110', '2025-01-10'], ['D0330', '2025-02-10']), 'APPROVED'],
  ])('%s', (_label, h, expected) => {
    expect(outcome(one(exam('2025-03-01'), { history: h }))).toBe(expected);
  });

  it('counts earlier approved lines of the same claim: 2nd allowed, 3rd rejected', () => {
    const result = liquidate(claim([exam('2025-01-05'), exam('2025-02-05'), exam('2025-03-05')]), facts(), DEFAULT_RULES);
    expect(result.lines.map(outcome)).toEqual(['APPROVED', 'APPROVED', 'REJECTED 05']);
  });

  it('does not count lines of the claim that were rejected', () => {
    const result = liquidate(
      claim([exam('2025-01-05', { code: 'D0120' }), exam('2025-02-05'), exam('2025-03-05')]),
      facts({ enrolmentDate: '2025-01-10', coveragePeriods: [{ from: '2025-01-10' }] }),
      DEFAULT_RULES,
    );
    expect(result.lines.map(outcome)).toEqual(['REJECTED 09', 'APPROVED', 'APPROVED']);
  });

  it.each([
    ['panoramic 1 day inside 36 months', '2022-03-11', 'REJECTED 05'],
    ['panoramic exactly 36 months later', '2022-03-10', 'APPROVED'],
  ])('%s', (_label, previous, expected) => {
    const l = one(line('D0330', { serviceDate: '2025-03-10' }), {
      history: history(['D0210', previous]),
      invoiceDate: '2025-03-10',
      submissionDate: '2025-03-10',
    });
    expect(outcome(l)).toBe(expected);
  });

  it.each([
    ['bitewings: 1st set of the year', history(['D0274', '2024-12-01']), 'APPROVED'],
    ['bitewings: 2nd set of the year', history(['D0272', '2025-01-20']), 'REJECTED 05'],
  ])('%s', (_label, h, expected) => {
    expect(outcome(one(line('D0274'), { history: h }))).toBe(expected);
  });

  it.each([
    ['fluoride at 17', '2007-03-02', 'APPROVED'],
    ['fluoride on the 18th birthday', '2007-03-01', 'REJECTED 04'],
    ['fluoride at 18', '2006-06-01', 'REJECTED 04'],
  ])('%s (R6 age limit)', (_label, birthDate, expected) => {
    expect(outcome(one(line('D1206'), { birthDate }))).toBe(expected);
  });

  it.each([
    ['sealant on a permanent molar at 14', 36, '2010-06-01', [], 'APPROVED'],
    ['sealant at 15', 36, '2010-03-01', [], 'REJECTED 04'],
    ['sealant on a premolar', 35, '2012-01-01', [], 'REJECTED 01'],
    ['sealant without a tooth', undefined, '2012-01-01', [], 'REJECTED 01'],
    ['sealant again on the same tooth within 5 years', 36, '2012-01-01', history(['D1351', '2021-01-01', 36]), 'REJECTED 05'],
    ['sealant on another tooth', 46, '2012-01-01', history(['D1351', '2021-01-01', 36]), 'APPROVED'],
    ['sealant on the same tooth after 5 years', 36, '2012-01-01', history(['D1351', '2020-03-01', 36]), 'APPROVED'],
  ])('%s', (_label, tooth, birthDate, h, expected) => {
    expect(outcome(one(line('D1351', { tooth }), { birthDate, history: h }))).toBe(expected);
  });

  it.each([
    ['quantity 2 with nothing used', [], 2, 'APPROVED'],
    ['quantity 2 with one used: over what is left (16)', history(['D0120', '2025-01-10']), 2, 'REJECTED 16'],
    ['quantity 1 with two used (05)', history(['D0120', '2025-01-10'], ['D0120', '2025-02-10']), 1, 'REJECTED 05'],
    ['quantity 3 with nothing used (16)', [], 3, 'REJECTED 16'],
  ])('%s', (_label, h, quantity, expected) => {
    expect(outcome(one(exam('2025-03-01', { quantity, chargedCents: 5_000 * quantity }), { history: h }))).toBe(expected);
  });
});

describe('R18 duplicates (06)', () => {
  it.each([
    ['same code, tooth and date in the history', { code: 'D2391', tooth: 16, serviceDate: '2025-03-01' }, 'REJECTED 06'],
    ['tooth given as text in the history', { code: 'D2391', tooth: '16', serviceDate: '2025-03-01' }, 'REJECTED 06'],
    ['another tooth', { code: 'D2391', tooth: 17, serviceDate: '2025-03-01' }, 'APPROVED'],
    ['another date', { code: 'D2391', tooth: 16, serviceDate: '2025-02-28' }, 'APPROVED'],
    ['another code', { code: 'D2330', tooth: 16, serviceDate: '2025-03-01' }, 'APPROVED'],
  ])('%s', (_label, h, expected) => {
    expect(outcome(one(filling(), { history: [h] }))).toBe(expected);
  });

  it('rejects the second of two identical lines of a claim, whatever became of the first', () => {
    const result = liquidate(claim([filling(), filling({ chargedCents: 9_000 }), filling({ tooth: 17 })]), facts(), DEFAULT_RULES);
    expect(result.lines.map(outcome)).toEqual(['APPROVED', 'REJECTED 06', 'APPROVED']);
    const f = facts({ enrolmentDate: '2025-01-01', coveragePeriods: [{ from: '2025-01-01' }] }); // waiting period
    const early = liquidate(claim([filling(), filling()]), f, DEFAULT_RULES);
    expect(early.lines.map(outcome)).toEqual(['REJECTED 17', 'REJECTED 06']);
  });

  it('is reported before frequency (a duplicate exam is 06, not 05)', () => {
    const h: HistoryLine[] = [
      { code: 'D0120', serviceDate: '2025-01-10' },
      { code: 'D0120', serviceDate: '2025-03-01' },
    ];
    expect(outcome(one(exam('2025-03-01'), { history: h }))).toBe('REJECTED 06');
  });
});

describe('R9 filing deadline and dates', () => {
  it.each([
    ['filed on the day of the invoice', '2025-01-01', 'APPROVED'],
    ['filed on day 90', '2025-04-01', 'APPROVED'],
    ['filed on day 91', '2025-04-02', 'REJECTED 33'],
  ])('%s', (_label, submissionDate, expected) => {
    const l = one(filling({ serviceDate: '2024-12-20' }), { invoiceDate: '2025-01-01', submissionDate });
    expect(outcome(l)).toBe(expected);
  });

  it('follows a configured deadline', () => {
    const rules = resolveRules({ filingDeadlineDays: 30 });
    expect(outcome(one(filling(), { invoiceDate: '2025-03-01', submissionDate: '2025-03-31' }, rules))).toBe('APPROVED');
    expect(outcome(one(filling(), { invoiceDate: '2025-03-01', submissionDate: '2025-04-01' }, rules))).toBe('REJECTED 33');
  });

  it.each([
    ['service after the submission', { serviceDate: '2025-03-11' }, {}, 'REJECTED 09'],
    ['service on the submission day', { serviceDate: '2025-03-10' }, {}, 'APPROVED'],
    ['service before the enrolment', { serviceDate: '2019-12-31' }, {}, 'REJECTED 09'],
    ['malformed service date', { serviceDate: '2025-02-30' }, {}, 'REJECTED 09'],
    ['invoice dated after the submission', {}, { invoiceDate: '2025-03-11' }, 'REJECTED 37'],
  ] as const)('%s', (_label, over, f, expected) => {
    expect(outcome(one(filling(over), f))).toBe(expected);
  });
});

describe('coverage periods (07)', () => {
  const periods = [
    { from: '2020-01-01', to: '2025-01-31' },
    { from: '2025-03-01', to: null },
  ];
  it.each([
    ['last day of a period', '2025-01-31', 'APPROVED'],
    ['the day after it ends', '2025-02-01', 'REJECTED 07'],
    ['the day before the next starts', '2025-02-28', 'REJECTED 07'],
    ['first day of the next period', '2025-03-01', 'APPROVED'],
  ])('%s', (_label, serviceDate, expected) => {
    expect(outcome(one(filling({ serviceDate }), { coveragePeriods: periods }))).toBe(expected);
  });

  it('rejects every line when there is no coverage at all', () => {
    expect(outcome(one(line('D0120'), { coveragePeriods: [] }))).toBe('REJECTED 07');
  });
});

describe('codes, teeth, exclusions and claim type', () => {
  it.each([
    ['malformed code', line('D012'), 'REJECTED 01'],
    ['code outside the CDT ranges', line('D0050'), 'REJECTED 01'],
    ['restoration without a tooth (R19)', line('D2391'), 'REJECTED 01'],
    ['extraction without a tooth (R19)', line('D7140'), 'REJECTED 01'],
    ['implant with an invalid tooth', line('D6010', { tooth: 19 }), 'REJECTED 01'],
    ['exam with an invalid tooth', line('D0120', { tooth: 99 }), 'REJECTED 01'],
    ['extraction of a primary tooth', line('D7140', { tooth: 85 }), 'APPROVED'],
    ['tooth given as text', line('D2391', { tooth: '16' }), 'APPROVED'],
    ['exam without a tooth', line('D0120'), 'APPROVED'],
  ])('%s', (_label, l, expected) => {
    expect(outcome(one(l))).toBe(expected);
  });

  it('rejects excluded codes with 35', () => {
    const rules = resolveRules({ exclusions: ['D9972'] });
    expect(outcome(one(line('D9972'), {}, rules))).toBe('REJECTED 35');
    expect(outcome(one(line('D9110'), {}, rules))).toBe('APPROVED');
  });

  it.each([
    ['an orthodontic line on a general claim', line('D8080'), 'GENERAL', 'REJECTED 03'],
    ['a general line on an orthodontic claim', line('D0120'), 'ORTHODONTIC', 'REJECTED 03'],
    ['an orthodontic line on an orthodontic claim', line('D8080'), 'ORTHODONTIC', 'APPROVED'],
  ] as const)('%s', (_label, l, type, expected) => {
    expect(outcome(one(l, { birthDate: '2012-01-01' }, DEFAULT_RULES, type))).toBe(expected);
  });

  it('rejects orthodontics with 03 when the plan does not include it', () => {
    const rules = resolveRules({ orthodontic: { included: false } });
    expect(outcome(one(line('D8080'), { birthDate: '2012-01-01' }, rules))).toBe('REJECTED 03');
  });
});

describe('R7 orthodontic claims', () => {
  it.each([
    ['18 at banding', '2007-03-10', '2026-03-09', 'APPROVED'],
    ['19 at banding (its birthday)', '2007-03-10', '2026-03-10', 'REJECTED 04'],
    ['19 at banding', '2006-01-01', '2025-06-01', 'REJECTED 04'],
  ])('%s', (_label, birthDate, bandingDate, expected) => {
    const l = one(line('D8080', { serviceDate: bandingDate }), {
      birthDate,
      orthoBandingDate: bandingDate,
      invoiceDate: bandingDate,
      submissionDate: bandingDate,
    });
    expect(outcome(l)).toBe(expected);
  });

  it('keeps paying installments after the 19th birthday when banded at 18, unless payments stop at the limit', () => {
    const f = { birthDate: '2007-03-10', orthoBandingDate: '2026-03-09', invoiceDate: '2026-06-01', submissionDate: '2026-06-01' };
    const installment = line('D8670', { serviceDate: '2026-06-01', chargedCents: 20_000 });
    expect(one(installment, f)).toMatchObject({ status: 'APPROVED', coveredCents: 10_000 });
    const stopping = resolveRules({ orthodontic: { stopAtAgeLimit: true } });
    expect(outcome(one(installment, f, stopping))).toBe('REJECTED 04');
  });

  it.each([
    ['far from the lifetime maximum', 0, 'APPROVED', 10_000, 0],
    ['reaching it exactly', 140_000, 'APPROVED', 10_000, 0],
    ['one cent left', 149_999, 'APPROVED', 1, 9_999],
    ['exhausted', 150_000, 'REJECTED 31', 0, 10_000],
  ])('%s', (_label, orthoUsed, expected, covered, excess) => {
    const result = liquidate(
      claim([line('D8670', { chargedCents: 20_000 })], 'ORTHODONTIC'),
      facts({ birthDate: '2012-01-01', usage: { benefitYears: {}, orthoLifetimeUsedCents: orthoUsed } }),
      DEFAULT_RULES,
    );
    expect(outcome(result.lines[0]!)).toBe(expected);
    expect(result.lines[0]).toMatchObject({ coveredCents: covered, excessCents: excess });
    expect(result.usageAfter.orthoLifetimeUsedCents).toBe(orthoUsed + covered);
    expect(result.usageAfter.benefitYears).toEqual({});
  });

  it('does not touch the annual maximum or the deductible', () => {
    const f = facts({ birthDate: '2012-01-01', usage: used2025({ annualUsedCents: 150_000 }) });
    const result = liquidate(claim([line('D8080', { chargedCents: 120_000 })], 'ORTHODONTIC'), f, DEFAULT_RULES);
    expect(result.lines[0]).toMatchObject({ status: 'APPROVED', deductibleCents: 0, coveredCents: 60_000 });
  });
});

describe('R15 coordination of benefits', () => {
  // Filling of 100.00, deductible met: this plan alone would pay 80.00.
  it.each([
    ['nothing paid by the other insurer', 0, 8_000],
    ['other paid 20.00: 80.00 still fits', 2_000, 8_000],
    ['other paid 30.00', 3_000, 7_000],
    ['other paid 70.00', 7_000, 3_000],
    ['other paid everything', 10_000, 0],
    ['other paid more than allowed', 12_000, 0],
  ])('%s → %i', (_label, otherPaid, covered) => {
    const withCob = filling({ otherInsurerPaidCents: otherPaid });
    const r = one(withCob, { usage: used2025({ deductibleUsedCents: 5_000 }) });
    expect(r).toMatchObject({ status: 'APPROVED', coveredCents: covered, otherInsurerPaidCents: otherPaid });
    expect(r.coveredCents + Math.min(otherPaid, r.allowedCents)).toBeLessThanOrEqual(r.allowedCents);
  });

  it('takes the per-line payment from the facts first', () => {
    const l = filling({ otherInsurerPaidCents: 1_000 });
    const r = one(l, { usage: used2025({ deductibleUsedCents: 5_000 }), otherInsurerPaidCents: { [l.lineId]: 9_000 } });
    expect(r.coveredCents).toBe(1_000);
  });

  it('consumes only what it pays from the annual maximum', () => {
    const l = filling({ otherInsurerPaidCents: 7_000 });
    const result = liquidate(claim([l]), facts({ usage: used2025({ deductibleUsedCents: 5_000 }) }), DEFAULT_RULES);
    expect(result.usageAfter.benefitYears['2025-01-01']?.annualUsedCents).toBe(3_000);
    expect(result.totals).toMatchObject({ payableCents: 3_000, otherInsurerPaidCents: 7_000, patientShareCents: 7_000 });
  });
});

describe('the liquidation as a whole', () => {
  it('returns per-line amounts, totals, usage and history for a mixed claim', () => {
    const lines = [
      line('D0150', { lineId: 'a', chargedCents: 6_000 }),
      line('D1110', { lineId: 'b', chargedCents: 8_000 }),
      line('D2391', { lineId: 'c', tooth: 16, chargedCents: 15_000, allowableCents: 12_000 }),
      line('D2740', { lineId: 'd', tooth: 36, chargedCents: 100_000 }),
      line('D8080', { lineId: 'e' }),
    ];
    const f = deepFreeze(facts({ usage: used2025({ familyDeductibleUsedCents: 2_000 }) }));
    const c = deepFreeze(claim(lines));
    const result = liquidate(c, f, DEFAULT_RULES);
    expect(result.lines).toEqual([
      { lineId: 'a', code: 'D0150', category: 'DIAGNOSTIC', benefitYearStart: '2025-01-01', chargedCents: 6_000, allowedCents: 6_000, deductibleCents: 0, coveredCents: 6_000, excessCents: 0, otherInsurerPaidCents: 0, status: 'APPROVED' },
      { lineId: 'b', code: 'D1110', category: 'PREVENTIVE', benefitYearStart: '2025-01-01', chargedCents: 8_000, allowedCents: 8_000, deductibleCents: 0, coveredCents: 8_000, excessCents: 0, otherInsurerPaidCents: 0, status: 'APPROVED' },
      { lineId: 'c', code: 'D2391', category: 'BASIC', benefitYearStart: '2025-01-01', chargedCents: 15_000, allowedCents: 12_000, deductibleCents: 5_000, coveredCents: 5_600, excessCents: 0, otherInsurerPaidCents: 0, status: 'APPROVED' },
      { lineId: 'd', code: 'D2740', category: 'MAJOR', benefitYearStart: '2025-01-01', chargedCents: 100_000, allowedCents: 100_000, deductibleCents: 0, coveredCents: 50_000, excessCents: 0, otherInsurerPaidCents: 0, status: 'APPROVED' },
      { lineId: 'e', code: 'D8080', category: 'ORTHODONTIC', benefitYearStart: '2025-01-01', chargedCents: 10_000, allowedCents: 0, deductibleCents: 0, coveredCents: 0, excessCents: 0, otherInsurerPaidCents: 0, status: 'REJECTED', reason: '03' },
    ]);
    expect(result.totals).toEqual({
      claimedCents: 139_000,
      allowedCents: 126_000,
      deductibleCents: 5_000,
      payableCents: 69_600,
      patientShareCents: 69_400,
      excessCents: 0,
      otherInsurerPaidCents: 0,
    });
    expect(result.status).toBe('PARTIALLY_APPROVED');
    expect(result.usageAfter).toEqual(used2025({ deductibleUsedCents: 5_000, familyDeductibleUsedCents: 7_000, annualUsedCents: 69_600 }));
    expect(result.historyAfter).toEqual([
      { code: 'D0150', tooth: null, serviceDate: '2025-03-01', quantity: 1 },
      { code: 'D1110', tooth: null, serviceDate: '2025-03-01', quantity: 1 },
      { code: 'D2391', tooth: 16, serviceDate: '2025-03-01', quantity: 1 },
      { code: 'D2740', tooth: 36, serviceDate: '2025-03-01', quantity: 1 },
    ]);
  });

  it('reports APPROVED and REJECTED claims', () => {
    expect(liquidate(claim([line('D0120')]), facts(), DEFAULT_RULES).status).toBe('APPROVED');
    expect(liquidate(claim([line('D0050')]), facts(), DEFAULT_RULES).status).toBe('REJECTED');
    expect(liquidate(claim([]), facts(), DEFAULT_RULES)).toMatchObject({ status: 'REJECTED', totals: { claimedCents: 0, payableCents: 0 } });
  });

  it('pays nothing the second time the same claim is liquidated (06)', () => {
    const c = claim([line('D0120'), filling(), crown({ tooth: 26 })]);
    const f = facts();
    const first = liquidate(c, f, DEFAULT_RULES);
    const second = liquidate(c, after(f, first), DEFAULT_RULES);
    expect(first.totals.payableCents).toBeGreaterThan(0);
    expect(second.lines.map(outcome)).toEqual(['REJECTED 06', 'REJECTED 06', 'REJECTED 06']);
    expect(second.totals.payableCents).toBe(0);
    expect(second.usageAfter).toEqual(first.usageAfter);
  });

  it.each<[string, { claim?: Claim; facts?: Partial<ClaimFacts> }, string]>([
    ['a negative charge', { claim: claim([line('D0120', { chargedCents: -1 })]) }, 'claim.lines.0.chargedCents'],
    ['fractional cents', { claim: claim([line('D0120', { chargedCents: 10.5 })]) }, 'claim.lines.0.chargedCents'],
    ['a repeated line id', { claim: claim([line('D0120', { lineId: 'x' }), line('D0150', { lineId: 'x' })]) }, 'claim.lines.1.lineId'],
    ['a zero quantity', { claim: claim([line('D0120', { quantity: 0 })]) }, 'claim.lines.0.quantity'],
    ['an unknown claim type', { claim: { type: 'DENTAL' as never, lines: [] } }, 'claim.type'],
    ['a malformed birth date', { facts: { birthDate: '15/06/1990' } }, 'facts.birthDate'],
    ['a malformed history date', { facts: { history: [{ code: 'D0120', serviceDate: '2025-13-01' }] } }, 'facts.history.0.serviceDate'],
    ['negative usage', { facts: { usage: used2025({ annualUsedCents: -5 }) } }, 'facts.usage.benefitYears.2025-01-01.annualUsedCents'],
    ['a period ending before it starts', { facts: { coveragePeriods: [{ from: '2025-01-01', to: '2024-01-01' }] } }, 'facts.coveragePeriods.0.to'],
  ])('throws BenefitInputError on %s', (_label, input, path) => {
    const run = () => liquidate(input.claim ?? claim([line('D0120')]), facts(input.facts ?? {}), DEFAULT_RULES);
    expect(run).toThrow(BenefitInputError);
    expect(run).toThrow(path);
  });

  it('accepts the empty usage constant', () => {
    expect(liquidate(claim([line('D0120')]), facts({ usage: NO_USAGE }), DEFAULT_RULES).totals.payableCents).toBe(10_000);
  });
});

describe('odd line ids', () => {
  it('does not read COB payments from the object prototype', () => {
    const l = line('D0120', { lineId: 'toString' });
    expect(liquidate(claim([l]), facts({ otherInsurerPaidCents: {} }), DEFAULT_RULES).lines[0]?.coveredCents).toBe(10_000);
  });
});
