import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, liquidate } from '@core/benefits/index.ts';
import { claim, facts, line, one, outcome, used2025 } from './benefit-fixtures.ts';

// Issue 24 item 5: research 3.2 rejects a line when nothing is left of the maximum (30 annual, 31
// orthodontic lifetime), and research 4.2 records the excess where step 5 cuts (at the maximum), before
// coordination of benefits (step 6), so the maximum's cut and the other insurer's payment are two figures.
const FULL_YEAR = used2025({ deductibleUsedCents: 5_000, annualUsedCents: 150_000 });

describe('a line with nothing left of the maximum', () => {
  it('is rejected 30 even when another insurer already paid all of it', () => {
    const l = line('D2140', { tooth: 16, chargedCents: 10_000 });
    const r = one(l, { usage: FULL_YEAR, otherInsurerPaidCents: { [l.lineId]: 10_000 } });
    expect(outcome(r)).toBe('REJECTED 30');
    expect(r.coveredCents).toBe(0);
  });

  it('is rejected 30 when its deductible or copay leaves it nothing to pay', () => {
    const rules = { ...DEFAULT_RULES, fixedCopays: { D2140: 20_000 } };
    expect(outcome(one(line('D2140', { tooth: 16, chargedCents: 10_000 }), { usage: FULL_YEAR }, rules))).toBe('REJECTED 30');
  });

  it('is rejected 31 on an orthodontic claim once the lifetime maximum is used up, whatever COB paid', () => {
    const l = line('D8080', { chargedCents: 20_000 });
    const r = one(l, { birthDate: '2012-01-01', usage: used2025({}, 150_000), otherInsurerPaidCents: { [l.lineId]: 20_000 } });
    expect(outcome(r)).toBe('REJECTED 31');
  });

  it('stays approved with its excess when the maximum cuts it to a positive amount', () => {
    const r = one(line('D2140', { tooth: 16, chargedCents: 10_000 }), { usage: used2025({ deductibleUsedCents: 5_000, annualUsedCents: 147_000 }) });
    expect(r).toMatchObject({ status: 'APPROVED', coveredCents: 3_000, excessCents: 5_000 });
  });
});

describe('the excess is what the maximum cut, before coordination of benefits', () => {
  it('shows the maximum’s cut and the other insurer’s payment as two figures', () => {
    // Allowed 1,000.00 at 80 % = 800.00; 500.00 left of the year: the maximum cuts 300.00. The other insurer paid
    // 700.00, so both together may pay 300.00 more: this insurer pays 300.00.
    const l = line('D2140', { tooth: 16, chargedCents: 100_000 });
    const r = one(l, { usage: used2025({ deductibleUsedCents: 5_000, annualUsedCents: 100_000 }), otherInsurerPaidCents: { [l.lineId]: 70_000 } });
    expect(r).toMatchObject({ status: 'APPROVED', coveredCents: 30_000, excessCents: 30_000, otherInsurerPaidCents: 70_000 });
  });

  it('counts only what this insurer paid against the maximum', () => {
    const first = line('D2140', { tooth: 16, chargedCents: 100_000 });
    const second = line('D2150', { tooth: 26, chargedCents: 100_000 });
    const result = liquidate(claim([first, second]), facts({ usage: used2025({ deductibleUsedCents: 5_000, annualUsedCents: 100_000 }), otherInsurerPaidCents: { [first.lineId]: 70_000 } }), DEFAULT_RULES);
    expect(result.lines.map((l) => [outcome(l), l.coveredCents, l.excessCents])).toEqual([
      ['APPROVED', 30_000, 30_000],
      ['APPROVED', 20_000, 60_000],
    ]);
    expect(result.usageAfter.benefitYears['2025-01-01']?.annualUsedCents).toBe(150_000);
  });
});
