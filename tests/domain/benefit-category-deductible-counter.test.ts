import { describe, expect, it } from 'vitest';
import { liquidate } from '@core/benefits/index.ts';
import { NEUTRAL_TERMS, policyRulesOverride } from '@core/benefits/policy-rules.ts';
import { resolveRules } from '@core/benefits/rules.ts';
import { claim, facts, line, ruleRow } from './benefit-fixtures.ts';

// Issue 24 item 4: a category with its own DEDUCTIBLE has its own counter for the year. What its lines take does
// not count towards the general deductible, and the general deductible is not taken from its lines.
const rules = resolveRules(policyRulesOverride(NEUTRAL_TERMS, [ruleRow({ kind: 'DEDUCTIBLE', category: 'MAJOR', amountCents: 10_000, level: 'INDIVIDUAL' })]));

describe('a category’s own deductible', () => {
  it('leaves the general deductible whole for the other categories', () => {
    // A crown takes MAJOR's 100.00; a filling afterwards still takes the general 50.00.
    const result = liquidate(claim([line('D2740', { tooth: 16, chargedCents: 100_000 }), line('D2140', { tooth: 26, chargedCents: 10_000 })]), facts(), rules);
    expect(result.lines.map((l) => [l.deductibleCents, l.coveredCents])).toEqual([
      [10_000, 45_000],
      [5_000, 4_000],
    ]);
    const year = result.usageAfter.benefitYears['2025-01-01'];
    expect(year).toMatchObject({ deductibleUsedCents: 5_000, familyDeductibleUsedCents: 5_000, categoryDeductibleUsedCents: { MAJOR: 10_000 } });
    expect(result.lines[0]!.categoryDeductible).toBe(true);
    expect(result.lines[1]!.categoryDeductible).toBeUndefined();
  });

  it('is not used up by the general deductible taken before it', () => {
    // A filling takes the general 50.00 first: the crown still takes its category's 100.00.
    const result = liquidate(claim([line('D2140', { tooth: 26, chargedCents: 10_000 }), line('D2740', { tooth: 16, chargedCents: 100_000 })]), facts(), rules);
    expect(result.lines.map((l) => l.deductibleCents)).toEqual([5_000, 10_000]);
  });

  it('is counted across claims on its own counter', () => {
    const first = liquidate(claim([line('D2740', { tooth: 16, chargedCents: 6_000 })]), facts(), rules);
    expect(first.lines[0]!.deductibleCents).toBe(6_000);
    const second = liquidate(claim([line('D2750', { tooth: 26, chargedCents: 100_000 })]), facts({ usage: first.usageAfter }), rules);
    expect(second.lines[0]!.deductibleCents).toBe(4_000);
  });
});
