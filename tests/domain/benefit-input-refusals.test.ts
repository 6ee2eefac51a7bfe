import { describe, expect, it } from 'vitest';
import { BenefitInputError, DEFAULT_RULES, liquidate, type Claim, type ClaimFacts, type ClaimLine } from '@core/benefits/index.ts';
import { claim, facts, line, used2025 } from './benefit-fixtures.ts';

/** The path of the field liquidate refuses, or 'accepted'. */
function refusedField(c: Claim, f: ClaimFacts): string {
  try {
    liquidate(c, f, DEFAULT_RULES);
    return 'accepted';
  } catch (error) {
    if (error instanceof BenefitInputError) return error.path;
    throw error;
  }
}

const exam = (over: Partial<ClaimLine> = {}) => line('D0120', over);
const year = (over: Record<string, unknown>) => ({ benefitYears: { '2025-01-01': { deductibleUsedCents: 0, familyDeductibleUsedCents: 0, annualUsedCents: 0, ...over } }, orthoLifetimeUsedCents: 0 });

// Malformed input is a caller's mistake: the engine names the field and liquidates nothing.
describe('input the engine refuses, field by field', () => {
  it.each<[string, Partial<ClaimLine>, string]>([
    ['an empty line id', { lineId: '' }, 'claim.lines.0.lineId'],
    ['a line id that is not text', { lineId: 7 as never }, 'claim.lines.0.lineId'],
    ['a code that is not text', { code: 120 as never }, 'claim.lines.0.code'],
    ['a service date that is not text', { serviceDate: 20250301 as never }, 'claim.lines.0.serviceDate'],
    ['a negative allowable amount', { allowableCents: -1 }, 'claim.lines.0.allowableCents'],
    ['a fractional quantity', { quantity: 1.5 }, 'claim.lines.0.quantity'],
    ['a quantity above 100,000', { quantity: 100_001 }, 'claim.lines.0.quantity'],
    ['a negative payment by the other insurer', { otherInsurerPaidCents: -1 }, 'claim.lines.0.otherInsurerPaidCents'],
    ['a negative amount from the reviewer', { review: { payAtMostCents: -100 } }, 'claim.lines.0.review.payAtMostCents'],
  ])('on a line: %s', (_label, over, path) => {
    expect(refusedField(claim([exam(over)]), facts())).toBe(path);
  });

  it('names the line by its position in the claim', () => {
    expect(refusedField(claim([exam(), exam({ chargedCents: -5 })]), facts())).toBe('claim.lines.1.chargedCents');
  });

  it.each<[string, Partial<ClaimFacts>, string]>([
    ['a malformed enrolment date', { enrolmentDate: '2020-1-1' }, 'facts.enrolmentDate'],
    ['an impossible policy start', { policyStartDate: '2020-02-30' }, 'facts.policyStartDate'],
    ['negative months of prior coverage', { priorCoverageMonths: -1 }, 'facts.priorCoverageMonths'],
    ['fractional months of prior orthodontic coverage', { priorOrthodonticCoverageMonths: 2.5 }, 'facts.priorOrthodonticCoverageMonths'],
    ['a coverage period with a malformed start', { coveragePeriods: [{ from: '2020-01-01', to: null }, { from: 'x' }] }, 'facts.coveragePeriods.1.from'],
    ['a coverage period with an impossible end', { coveragePeriods: [{ from: '2020-01-01', to: '2025-02-29' }] }, 'facts.coveragePeriods.0.to'],
    ['a usage year that is not a date', { usage: { benefitYears: { '2025': year({}).benefitYears['2025-01-01'] }, orthoLifetimeUsedCents: 0 } }, 'facts.usage.benefitYears.2025'],
    ['a negative deductible used', { usage: year({ deductibleUsedCents: -1 }) }, 'facts.usage.benefitYears.2025-01-01.deductibleUsedCents'],
    ['a fractional family deductible used', { usage: year({ familyDeductibleUsedCents: 0.5 }) }, 'facts.usage.benefitYears.2025-01-01.familyDeductibleUsedCents'],
    ['a negative orthodontic lifetime use', { usage: used2025({}, -1) }, 'facts.usage.orthoLifetimeUsedCents'],
    ['a history code that is not text', { history: [{ code: 120 as never, serviceDate: '2025-01-10' }] }, 'facts.history.0.code'],
    ['a history line of zero units', { history: [{ code: 'D0120', serviceDate: '2025-01-10', quantity: 0 }] }, 'facts.history.0.quantity'],
    ['no invoice date', { invoiceDate: '' }, 'facts.invoiceDate'],
    ['an impossible submission date', { submissionDate: '2025-03-32' }, 'facts.submissionDate'],
    ['a negative payment by the other insurer', { otherInsurerPaidCents: { L1: -5 } }, 'facts.otherInsurerPaidCents.L1'],
    ['a banding date with slashes', { orthoBandingDate: '2025/03/10' }, 'facts.orthoBandingDate'],
    ['a negative pre-authorisation threshold', { preauthorization: { granted: false, aboveCents: -1 } }, 'facts.preauthorization.aboveCents'],
  ])('in the facts: %s', (_label, over, path) => {
    expect(refusedField(claim([exam()]), facts(over))).toBe(path);
  });

  it('says what it expected', () => {
    expect(() => liquidate(claim([exam({ quantity: 0 })]), facts(), DEFAULT_RULES)).toThrow('claim.lines.0.quantity: expected an integer ≥ 1, got 0');
    expect(() => liquidate(claim([exam()]), facts({ invoiceDate: '1/3/2025' }), DEFAULT_RULES)).toThrow('facts.invoiceDate: expected a date YYYY-MM-DD, got 1/3/2025');
    expect(() => liquidate(claim([exam({ lineId: '' })]), facts(), DEFAULT_RULES)).toThrow('claim.lines.0.lineId: expected a unique non-empty line id');
  });
});

describe('input at the edges of what is accepted', () => {
  it.each<[string, Partial<ClaimLine>, Partial<ClaimFacts>]>([
    ['100,000 units on a line', { code: 'D9110', quantity: 100_000, chargedCents: 100_000 }, {}],
    ['no allowable amount (null) and no reviewer decision (null)', { allowableCents: null, review: null }, {}],
    ['no prior coverage (0 months)', {}, { priorCoverageMonths: 0, priorOrthodonticCoverageMonths: 0 }],
    ['a one-day coverage period on the service day', {}, { coveragePeriods: [{ from: '2025-03-01', to: '2025-03-01' }] }],
    ['no banding date (null) and a pre-authorisation without a threshold', {}, { orthoBandingDate: null, preauthorization: { granted: false, aboveCents: null } }],
  ])('%s', (_label, over, f) => {
    const result = liquidate(claim([exam(over)]), facts(f), DEFAULT_RULES);
    expect(result.lines[0]).toMatchObject({ status: 'APPROVED' });
  });
});
