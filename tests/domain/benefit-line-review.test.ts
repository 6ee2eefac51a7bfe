import { describe, expect, it } from 'vitest';
import { BenefitInputError, DEFAULT_RULES, liquidate } from '@core/benefits/index.ts';
import { claim, facts, line, used2025 } from './benefit-fixtures.ts';

// Two fillings of 100.00 (BASIC, 80 %, the 50.00 deductible not yet met).
const fillings = (first: Parameters<typeof line>[1] = {}, second: Parameters<typeof line>[1] = {}) =>
  claim([line('D2391', { tooth: 16, ...first }), line('D2391', { tooth: 26, ...second })]);
const paid = (result: ReturnType<typeof liquidate>) => result.lines.map((l) => [l.status, l.reason ?? null, l.deductibleCents, l.coveredCents]);

describe("the reviewer's line decisions (research 3.2)", () => {
  it('without a decision the engine liquidates as always: the first line takes the deductible', () => {
    expect(paid(liquidate(fillings(), facts(), DEFAULT_RULES))).toEqual([
      ['APPROVED', null, 5_000, 4_000],
      ['APPROVED', null, 0, 8_000],
    ]);
  });

  it('a line rejected by the reviewer uses nothing: the next line takes the deductible', () => {
    const result = liquidate(fillings({ review: { rejectCode: '04' } }), facts(), DEFAULT_RULES);
    expect(paid(result)).toEqual([
      ['REJECTED', '04', 0, 0],
      ['APPROVED', null, 5_000, 4_000],
    ]);
    expect(result.totals).toMatchObject({ payableCents: 4_000, deductibleCents: 5_000 });
    expect(result.status).toBe('PARTIALLY_APPROVED');
  });

  it('a reduced line pays at most the amount, and leaves the annual maximum it did not use to the next', () => {
    // 40.00 left of the annual maximum: the reduced first line pays 10.00, the second 30.00 of what is left.
    const usage = used2025({ deductibleUsedCents: 5_000, annualUsedCents: DEFAULT_RULES.annualMaximumCents - 4_000 });
    const result = liquidate(fillings({ review: { payAtMostCents: 1_000 } }), facts({ usage }), DEFAULT_RULES);
    expect(paid(result)).toEqual([
      ['APPROVED', null, 0, 1_000],
      ['APPROVED', null, 0, 3_000],
    ]);
    expect(result.usageAfter.benefitYears['2025-01-01']).toMatchObject({ annualUsedCents: DEFAULT_RULES.annualMaximumCents });
  });

  it('an automatic rejection keeps its own code whatever the reviewer decided', () => {
    const result = liquidate(claim([line('D2391', { tooth: 16, serviceDate: '2019-06-01', review: { payAtMostCents: 100 } })]), facts(), DEFAULT_RULES);
    expect(result.lines[0]).toMatchObject({ status: 'REJECTED', reason: '09' });
  });

  it('refuses an amount that is not a whole number of minor units', () => {
    expect(() => liquidate(fillings({ review: { payAtMostCents: 10.5 } }), facts(), DEFAULT_RULES)).toThrow(BenefitInputError);
  });
});
