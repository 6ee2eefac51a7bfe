import { describe, expect, it } from 'vitest';
import { NEUTRAL_TERMS, policyRuleProblems, policyRulesOverride, type PolicyBenefitRule } from '@core/benefits/policy-rules.ts';
import { resolveRules } from '@core/benefits/rules.ts';
import { liquidate } from '@core/benefits/index.ts';
import { after, claim, facts, line, one, used2025, ruleRow } from './benefit-fixtures.ts';

/** Research 2.2's rule kinds beyond coinsurance, waiting period and exclusion, as a policy's rows reach the engine. */
const rulesWith = (...rows: PolicyBenefitRule[]) => resolveRules(policyRulesOverride(NEUTRAL_TERMS, rows));

describe('policy rule kinds in the engine', () => {
  it('DEDUCTIBLE: a category takes its own deductible in place of the policy’s, even where R2 waives it', () => {
    const rules = rulesWith(ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 2_000, level: 'INDIVIDUAL' }), ruleRow({ kind: 'DEDUCTIBLE', category: 'PREVENTIVE', amountCents: 1_000, level: 'INDIVIDUAL' }));
    // Basic filling of 100.00: 20.00 deductible, 80 % of 80.00.
    expect(one(line('D2140', { tooth: 16 }), {}, rules)).toMatchObject({ deductibleCents: 2_000, coveredCents: 6_400 });
    // A crown (major) keeps the default 50.00.
    expect(one(line('D2740', { tooth: 16 }), {}, rules)).toMatchObject({ deductibleCents: 5_000, coveredCents: 2_500 });
    // Prophylaxis (preventive, waived by default) now takes 10.00, or what is left of it.
    expect(one(line('D1110'), {}, rules)).toMatchObject({ deductibleCents: 1_000, coveredCents: 9_000 });
    // Issue 24 item 4: the category's deductible has its own counter; the general one's use does not count.
    expect(one(line('D1110'), { usage: used2025({ categoryDeductibleUsedCents: { PREVENTIVE: 600 }, familyCategoryDeductibleUsedCents: { PREVENTIVE: 600 } }) }, rules)).toMatchObject({ deductibleCents: 400 });
    expect(one(line('D1110'), { usage: used2025({ deductibleUsedCents: 600, familyDeductibleUsedCents: 600 }) }, rules)).toMatchObject({ deductibleCents: 1_000 });
    // FAMILY: the family's deductible taken this year in the category caps the category's.
    const family = rulesWith(ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 3_000, level: 'FAMILY' }));
    expect(one(line('D2140', { tooth: 16 }), { usage: used2025({ familyCategoryDeductibleUsedCents: { BASIC: 2_500 } }) }, family)).toMatchObject({ deductibleCents: 500 });
  });

  it('MAXIMUM: a category pays at most its own maximum per person or family per benefit year, then 30', () => {
    const rules = rulesWith(ruleRow({ kind: 'MAXIMUM', category: 'MAJOR', amountCents: 30_000, level: 'INDIVIDUAL' }));
    const first = liquidate(claim([line('D2740', { tooth: 16, chargedCents: 100_000 }), line('D2750', { tooth: 26, chargedCents: 100_000 })]), facts(), rules);
    // Crown 1000.00: (1000 − 50) × 50 % = 475.00, cut to 300.00; the second crown finds the category used up.
    expect(first.lines.map((l) => [l.status, l.coveredCents, l.excessCents, l.reason])).toEqual([
      ['APPROVED', 30_000, 17_500, undefined],
      ['REJECTED', 0, 50_000, '30'],
    ]);
    expect(first.usageAfter.benefitYears['2025-01-01']).toMatchObject({ annualUsedCents: 30_000, categoryUsedCents: { MAJOR: 30_000 } });
    // Other categories still use the annual maximum.
    expect(one(line('D2140', { tooth: 16 }), after(facts(), first), rules)).toMatchObject({ status: 'APPROVED', coveredCents: 8_000 });
    const family = rulesWith(ruleRow({ kind: 'MAXIMUM', category: 'MAJOR', amountCents: 30_000, level: 'FAMILY' }));
    const usage = used2025({ categoryUsedCents: { MAJOR: 0 }, familyCategoryUsedCents: { MAJOR: 29_000 } });
    expect(one(line('D2740', { tooth: 16, chargedCents: 100_000 }), { usage }, family)).toMatchObject({ coveredCents: 1_000, excessCents: 46_500 });
  });

  it('FREQUENCY: a code’s own limit replaces its place in the default groups, per period', () => {
    // D0120 is in the default exam group (2 a year); the policy allows one every 6 months.
    const rules = rulesWith(ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0120', quantity: 6, period: 'MONTHS' }));
    expect(rules.frequencies.find((f) => f.id === 'EXAM')?.codes).toEqual(['D0150', 'D0180']);
    const history = [{ code: 'D0120', serviceDate: '2024-10-01' as const }];
    expect(one(line('D0120'), { history }, rules)).toMatchObject({ status: 'REJECTED', reason: '05' });
    expect(one(line('D0120', { serviceDate: '2025-04-02' }), { history, invoiceDate: '2025-04-02', submissionDate: '2025-04-10' }, rules)).toMatchObject({ status: 'APPROVED' });
    // Three a calendar year: the fourth is 05, a second one in 2024 did not count.
    const calendar = rulesWith(ruleRow({ kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 3, period: 'CALENDAR_YEAR' }));
    const three = ['2025-01-10', '2025-02-10', '2024-12-30', '2025-02-20'].map((serviceDate) => ({ code: 'D1110', serviceDate }));
    expect(one(line('D1110'), { history: three }, calendar)).toMatchObject({ status: 'REJECTED', reason: '05' });
    expect(one(line('D1110'), { history: three.slice(0, 3) }, calendar)).toMatchObject({ status: 'APPROVED' });
    // Once in a lifetime.
    const lifetime = rulesWith(ruleRow({ kind: 'FREQUENCY', procedureCode: 'D2740', quantity: 1, period: 'LIFETIME' }));
    expect(one(line('D2740', { tooth: 16 }), { history: [{ code: 'D2740', serviceDate: '2021-01-01' }] }, lifetime)).toMatchObject({ reason: '05' });
    // One every 2 years = a 24-month window; 2 in the last 12 months.
    const years = rulesWith(ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0210', quantity: 2, period: 'YEARS' }));
    expect(years.frequencies.find((f) => f.codes.includes('D0210'))).toMatchObject({ count: 1, period: { unit: 'MONTHS', months: 24 } });
    const last12 = rulesWith(ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0210', quantity: 2, period: 'LAST_12_MONTHS' }));
    expect(last12.frequencies.find((f) => f.codes.includes('D0210'))).toMatchObject({ count: 2, period: { unit: 'MONTHS', months: 12 } });
    // D0330 stays in the panoramic group when D0210 leaves it.
    expect(last12.frequencies.find((f) => f.id === 'FULL_MOUTH_OR_PANORAMIC')?.codes).toEqual(['D0330']);
  });

  it('AGE_LIMIT: a code or a category is covered only below the age', () => {
    const rules = rulesWith(ruleRow({ kind: 'AGE_LIMIT', procedureCode: 'D1110', quantity: 30 }), ruleRow({ kind: 'AGE_LIMIT', category: 'MAJOR', quantity: 60 }));
    // The patient is 34 on 2025-03-01.
    expect(one(line('D1110'), {}, rules)).toMatchObject({ status: 'REJECTED', reason: '04' });
    expect(one(line('D1120'), {}, rules)).toMatchObject({ status: 'APPROVED' });
    expect(one(line('D2740', { tooth: 16 }), {}, rules)).toMatchObject({ status: 'APPROVED' });
    expect(one(line('D2740', { tooth: 16 }), { birthDate: '1960-01-01' }, rules)).toMatchObject({ status: 'REJECTED', reason: '04' });
    // A code's own limit wins over its category's.
    const both = rulesWith(ruleRow({ kind: 'AGE_LIMIT', category: 'MAJOR', quantity: 20 }), ruleRow({ kind: 'AGE_LIMIT', procedureCode: 'D2740', quantity: 40 }));
    expect(one(line('D2740', { tooth: 16 }), {}, both)).toMatchObject({ status: 'APPROVED' });
    expect(one(line('D2750', { tooth: 16 }), {}, both)).toMatchObject({ reason: '04' });
  });

  it('FIXED_COPAY: the line pays allowed − deductible − copay × quantity instead of the percentage, never below 0', () => {
    const rules = rulesWith(ruleRow({ kind: 'FIXED_COPAY', procedureCode: 'D2740', amountCents: 25_000 }));
    expect(one(line('D2740', { tooth: 16, chargedCents: 80_000 }), {}, rules)).toMatchObject({ deductibleCents: 5_000, coveredCents: 50_000 });
    expect(one(line('D1110', { chargedCents: 8_000, quantity: 2 }), {}, rulesWith(ruleRow({ kind: 'FIXED_COPAY', procedureCode: 'D1110', amountCents: 1_500 })))).toMatchObject({ coveredCents: 5_000 });
    expect(one(line('D2740', { tooth: 16, chargedCents: 20_000 }), {}, rules)).toMatchObject({ coveredCents: 0, status: 'APPROVED' });
  });
});

describe('policy rule kinds: problems by row and field', () => {
  it('names the missing field of each new kind, and wants an age limit for a category or a code', () => {
    const problems = policyRuleProblems(NEUTRAL_TERMS, [
      ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 1_000 }),
      ruleRow({ kind: 'MAXIMUM', category: 'BASIC', level: 'FAMILY' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0120', quantity: 2 }),
      ruleRow({ kind: 'AGE_LIMIT', quantity: 18 }),
      ruleRow({ kind: 'AGE_LIMIT', category: 'BASIC', procedureCode: 'D2140', quantity: 18 }),
      ruleRow({ kind: 'FIXED_COPAY', procedureCode: 'D2140' }),
    ]);
    expect(problems.map((p) => `${p.path} ${p.keyword}`)).toEqual([
      'benefitRules/0/level required',
      'benefitRules/1/amount required',
      'benefitRules/2/period required',
      'benefitRules/3/category categoryOrCode',
      'benefitRules/4/procedureCode categoryOrCode',
      'benefitRules/5/amount required',
    ]);
  });

  it('refuses values the engine refuses on their cell, and a second rule of the same kind, target, period and level', () => {
    const problems = policyRuleProblems(NEUTRAL_TERMS, [
      ruleRow({ kind: 'MAXIMUM', category: 'ORTHODONTIC', amountCents: 1_000, level: 'INDIVIDUAL' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D0120', quantity: 120, period: 'YEARS' }),
      ruleRow({ kind: 'AGE_LIMIT', procedureCode: 'D0120', quantity: 151 }),
      ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 1_000, level: 'INDIVIDUAL' }),
      ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 2_000, level: 'FAMILY' }),
      ruleRow({ kind: 'DEDUCTIBLE', category: 'BASIC', amountCents: 3_000, level: 'FAMILY' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 1, period: 'LIFETIME' }),
      ruleRow({ kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 2, period: 'BENEFIT_YEAR' }),
    ]);
    expect(problems.map((p) => `${p.path} ${p.keyword}`)).toEqual([
      'benefitRules/0/category benefitRule',
      'benefitRules/1/quantity benefitRule',
      'benefitRules/2/quantity benefitRule',
      'benefitRules/5/category duplicate',
    ]);
  });
});
