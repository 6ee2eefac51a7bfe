import { describe, expect, it } from 'vitest';
import { liquidate } from '@core/benefits/index.ts';
import { NEUTRAL_TERMS, policyRulesOverride } from '@core/benefits/policy-rules.ts';
import { resolveRules } from '@core/benefits/rules.ts';
import { claim, facts, line, one, outcome, ruleRow } from './benefit-fixtures.ts';

// Issue 24 item 1: a policy's FREQUENCY row for a code changes its count and window only; R6's age limit,
// tooth list and per-tooth counting of the group it comes from still apply to it.
const withRow = (code: string, quantity: number, period: 'BENEFIT_YEAR' | 'YEARS' | 'MONTHS') =>
  resolveRules(policyRulesOverride(NEUTRAL_TERMS, [ruleRow({ kind: 'FREQUENCY', procedureCode: code, quantity, period })]));
const CHILD = { birthDate: '2015-05-01' };
const ADULT = { birthDate: '1990-06-15' };

describe('a policy frequency row for a fluoride or sealant code', () => {
  it('keeps fluoride for children only (R6 under 18)', () => {
    const rules = withRow('D1206', 3, 'BENEFIT_YEAR');
    expect(outcome(one(line('D1206', { chargedCents: 3_000 }), ADULT, rules))).toBe('REJECTED 04');
    expect(one(line('D1206', { chargedCents: 3_000 }), ADULT, rules).coveredCents).toBe(0);
    expect(outcome(one(line('D1206', { chargedCents: 3_000 }), CHILD, rules))).toBe('APPROVED');
  });

  it('keeps sealants for a child’s permanent molars, each tooth counted on its own', () => {
    const rules = withRow('D1351', 3, 'YEARS');
    // A premolar is not a tooth sealants cover (01), for a child as for anyone.
    expect(outcome(one(line('D1351', { tooth: 15, chargedCents: 4_000 }), CHILD, rules))).toBe('REJECTED 01');
    // An adult's molar: over R6's age 15.
    expect(outcome(one(line('D1351', { tooth: 16, chargedCents: 4_000 }), ADULT, rules))).toBe('REJECTED 04');
    // A child's two first molars and a second molar, the same day: one each, per tooth.
    const result = liquidate(
      claim([line('D1351', { tooth: 16, chargedCents: 4_000 }), line('D1351', { tooth: 26, chargedCents: 4_000 }), line('D1351', { tooth: 17, chargedCents: 4_000 })]),
      facts(CHILD),
      rules,
    );
    expect(result.lines.map(outcome)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
  });

  it('uses the row’s own window: the same tooth again within 3 years is 05', () => {
    const rules = withRow('D1351', 3, 'YEARS');
    const again = one(line('D1351', { tooth: 16, serviceDate: '2025-03-01' }), { ...CHILD, history: [{ code: 'D1351', tooth: 16, serviceDate: '2023-03-01' }] }, rules);
    expect(outcome(again)).toBe('REJECTED 05');
    const later = one(line('D1351', { tooth: 16, serviceDate: '2025-03-01' }), { ...CHILD, history: [{ code: 'D1351', tooth: 16, serviceDate: '2021-03-01' }] }, rules);
    expect(outcome(later)).toBe('APPROVED');
  });

  it('keeps the rest of the group as it was', () => {
    const fluoride = withRow('D1206', 3, 'BENEFIT_YEAR').frequencies;
    expect(fluoride.find((f) => f.codes.includes('D1208'))).toMatchObject({ count: 2, ageUnder: 18 });
    expect(fluoride.find((f) => f.codes.includes('D1206'))).toMatchObject({ count: 3, ageUnder: 18, period: { unit: 'BENEFIT_YEAR' } });
  });
});
