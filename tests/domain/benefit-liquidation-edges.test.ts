import { describe, expect, it } from 'vitest';
import { liquidate, resolveRules } from '@core/benefits/index.ts';
import { isImplant } from '@core/benefits/liquidate.ts';
import { claim, facts, line, one, outcome } from './benefit-fixtures.ts';

describe('implant codes (R14: D6010–D6199 always need a pre-authorisation)', () => {
  it.each([
    ['D6010', true],
    ['D6099', true],
    ['D6100', true],
    ['D6199', true],
    ['D6000', false],
    ['D6009', false],
    ['D6200', false],
    ['D5110', false],
    ['D60100', false],
    ['XD6010', false],
    ['d6010', false],
  ])('%s: %s', (code, implant) => {
    expect(isImplant(code)).toBe(implant);
  });
});

describe('an age limit of the policy on the birthday (research 2.2 EDAD_LIMITE)', () => {
  // Cleanings covered below 30 years of age; the service is on 2025-03-01.
  const rules = resolveRules({ ageLimits: { codes: { D1110: 30 }, categories: { MAJOR: 60 } } });

  it.each([
    ['29, the day before turning 30', '1995-03-02', 'APPROVED'],
    ['30 on the day', '1995-03-01', 'REJECTED 04'],
  ])('a cleaning at %s', (_label, birthDate, expected) => {
    expect(outcome(one(line('D1110'), { birthDate }, rules))).toBe(expected);
  });

  it.each([
    ['59', '1965-03-02', 'APPROVED'],
    ['60 on the day', '1965-03-01', 'REJECTED 04'],
  ])('a crown at %s', (_label, birthDate, expected) => {
    expect(outcome(one(line('D2740', { tooth: 16 }), { birthDate }, rules))).toBe(expected);
  });
});

describe('a category maximum and a line that pays nothing', () => {
  it('counts nothing in the category when the line only takes deductible', () => {
    const rules = resolveRules({ categoryMaximums: { MAJOR: { individualCents: 30_000 } } });
    // A crown of 30.00: all of it goes to the 50.00 deductible, the plan pays nothing.
    const result = liquidate(claim([line('D2740', { tooth: 16, chargedCents: 3_000 })]), facts(), rules);
    expect(result.lines[0]).toMatchObject({ status: 'APPROVED', deductibleCents: 3_000, coveredCents: 0 });
    expect(result.usageAfter.benefitYears).toEqual({ '2025-01-01': { deductibleUsedCents: 3_000, familyDeductibleUsedCents: 3_000, annualUsedCents: 0 } });
  });

  it('counts what a line pays in its category when it pays', () => {
    const rules = resolveRules({ categoryMaximums: { MAJOR: { individualCents: 30_000 } } });
    const result = liquidate(claim([line('D2740', { tooth: 16, chargedCents: 15_000 })]), facts(), rules);
    expect(result.usageAfter.benefitYears['2025-01-01']).toEqual({
      deductibleUsedCents: 5_000,
      familyDeductibleUsedCents: 5_000,
      annualUsedCents: 5_000,
      categoryUsedCents: { MAJOR: 5_000 },
      familyCategoryUsedCents: { MAJOR: 5_000 },
    });
  });
});
