import { describe, expect, it } from 'vitest';
import { BenefitInputError, DEFAULT_RULES, liquidate, type Claim, type ClaimFacts, type ClaimLine } from '@core/benefits/index.ts';
import { claim, facts, line, used2025 } from './benefit-fixtures.ts';

/** The message of what liquidate refuses (path and what it expected), or 'accepted'. */
function refusal(c: Claim, f: ClaimFacts): string {
  try {
    liquidate(c, f, DEFAULT_RULES);
    return 'accepted';
  } catch (error) {
    if (error instanceof BenefitInputError) return error.message;
    throw error;
  }
}

const exam = (over: Partial<ClaimLine> = {}) => line('D0120', over);

// The caller's mistake named in full: the field, what the engine expected and what it got.
describe('what the engine says of input it refuses', () => {
  it.each<[string, Claim, string]>([
    ['an unknown claim type', { type: 'DENTAL' as never, lines: [] }, 'claim.type: expected GENERAL or ORTHODONTIC, got DENTAL'],
    ['a repeated line id', claim([exam({ lineId: 'x' }), exam({ lineId: 'x' })]), 'claim.lines.1.lineId: expected a unique non-empty line id'],
    ['a code that is not text', claim([exam({ code: 120 as never })]), 'claim.lines.0.code: expected a string'],
    ['a service date that is not text', claim([exam({ serviceDate: null as never })]), 'claim.lines.0.serviceDate: expected a string'],
    ['a fractional charge', claim([exam({ chargedCents: 10.5 })]), 'claim.lines.0.chargedCents: expected integer cents in 0..1000000000000, got 10.5'],
    ['a negative allowable amount', claim([exam({ allowableCents: -1 })]), 'claim.lines.0.allowableCents: expected integer cents in 0..1000000000000, got -1'],
    ['no units', claim([exam({ quantity: 0 })]), 'claim.lines.0.quantity: expected an integer ≥ 1, got 0'],
    ['units as text', claim([exam({ quantity: '2' as never })]), 'claim.lines.0.quantity: expected an integer ≥ 1, got 2'],
    ['more than 100,000 units', claim([exam({ quantity: 100_001 })]), 'claim.lines.0.quantity: expected an integer ≥ 1, got 100001'],
    ['a negative payment by the other insurer', claim([exam({ otherInsurerPaidCents: -1 })]), 'claim.lines.0.otherInsurerPaidCents: expected integer cents in 0..1000000000000, got -1'],
    ['a fractional amount from the reviewer', claim([exam({ review: { payAtMostCents: 0.5 } })]), 'claim.lines.0.review.payAtMostCents: expected integer cents in 0..1000000000000, got 0.5'],
  ])('on the claim: %s', (_label, c, message) => {
    expect(refusal(c, facts())).toBe(message);
  });

  it.each<[string, Partial<ClaimFacts>, string]>([
    ['a birth date with slashes', { birthDate: '15/06/1990' }, 'facts.birthDate: expected a date YYYY-MM-DD, got 15/06/1990'],
    ['an impossible enrolment date', { enrolmentDate: '2020-02-30' }, 'facts.enrolmentDate: expected a date YYYY-MM-DD, got 2020-02-30'],
    ['an impossible policy start', { policyStartDate: '2020-13-01' }, 'facts.policyStartDate: expected a date YYYY-MM-DD, got 2020-13-01'],
    ['negative prior coverage', { priorCoverageMonths: -1 }, 'facts.priorCoverageMonths: expected an integer ≥ 0, got -1'],
    ['prior orthodontic coverage over 100,000 months', { priorOrthodonticCoverageMonths: 100_001 }, 'facts.priorOrthodonticCoverageMonths: expected an integer ≥ 0, got 100001'],
    ['a coverage period with an impossible start', { coveragePeriods: [{ from: '2020-00-01' }] }, 'facts.coveragePeriods.0.from: expected a date YYYY-MM-DD, got 2020-00-01'],
    ['a coverage period with an impossible end', { coveragePeriods: [{ from: '2020-01-01', to: '2020-04-31' }] }, 'facts.coveragePeriods.0.to: expected a date YYYY-MM-DD, got 2020-04-31'],
    ['a coverage period ending before it starts', { coveragePeriods: [{ from: '2020-01-01' }, { from: '2025-01-02', to: '2025-01-01' }] }, 'facts.coveragePeriods.1.to: ends before it starts'],
    ['a usage year that is not a date', { usage: { benefitYears: { '2025': used2025({}).benefitYears['2025-01-01']! }, orthoLifetimeUsedCents: 0 } }, 'facts.usage.benefitYears.2025: expected a date YYYY-MM-DD, got 2025'],
    ['a negative deductible used', { usage: used2025({ deductibleUsedCents: -1 }) }, 'facts.usage.benefitYears.2025-01-01.deductibleUsedCents: expected integer cents in 0..1000000000000, got -1'],
    ['a negative family deductible used', { usage: used2025({ familyDeductibleUsedCents: -1 }) }, 'facts.usage.benefitYears.2025-01-01.familyDeductibleUsedCents: expected integer cents in 0..1000000000000, got -1'],
    ['a negative annual use', { usage: used2025({ annualUsedCents: -1 }) }, 'facts.usage.benefitYears.2025-01-01.annualUsedCents: expected integer cents in 0..1000000000000, got -1'],
    ['a fractional use of a category', { usage: used2025({ categoryUsedCents: { BASIC: 0, MAJOR: 1.5 } }) }, 'facts.usage.benefitYears.2025-01-01.categoryUsedCents.MAJOR: expected integer cents in 0..1000000000000, got 1.5'],
    ['a negative family use of a category', { usage: used2025({ familyCategoryUsedCents: { BASIC: -1 } }) }, 'facts.usage.benefitYears.2025-01-01.familyCategoryUsedCents.BASIC: expected integer cents in 0..1000000000000, got -1'],
    ['a negative orthodontic lifetime use', { usage: used2025({}, -1) }, 'facts.usage.orthoLifetimeUsedCents: expected integer cents in 0..1000000000000, got -1'],
    ['a history code that is not text', { history: [{ code: null as never, serviceDate: '2025-01-10' }] }, 'facts.history.0.code: expected a string'],
    ['an impossible history date', { history: [{ code: 'D0120', serviceDate: '2025-01-10' }, { code: 'D0120', serviceDate: '2025-02-29' }] }, 'facts.history.1.serviceDate: expected a date YYYY-MM-DD, got 2025-02-29'],
    ['a history line of no units', { history: [{ code: 'D0120', serviceDate: '2025-01-10', quantity: 0 }] }, 'facts.history.0.quantity: expected an integer ≥ 1, got 0'],
    ['no invoice date', { invoiceDate: '' }, 'facts.invoiceDate: expected a date YYYY-MM-DD, got '],
    ['an impossible submission date', { submissionDate: '2025-03-32' }, 'facts.submissionDate: expected a date YYYY-MM-DD, got 2025-03-32'],
    ['a fractional payment by the other insurer', { otherInsurerPaidCents: { L1: 0.5 } }, 'facts.otherInsurerPaidCents.L1: expected integer cents in 0..1000000000000, got 0.5'],
    ['an impossible banding date', { orthoBandingDate: '2025-02-29' }, 'facts.orthoBandingDate: expected a date YYYY-MM-DD, got 2025-02-29'],
    ['a fractional pre-authorisation threshold', { preauthorization: { granted: true, aboveCents: 0.5 } }, 'facts.preauthorization.aboveCents: expected integer cents in 0..1000000000000, got 0.5'],
  ])('in the facts: %s', (_label, f, message) => {
    expect(refusal(claim([exam()]), facts(f))).toBe(message);
  });

  it.each<[string, Partial<ClaimFacts>]>([
    ['100,000 months of prior coverage', { priorCoverageMonths: 100_000, priorOrthodonticCoverageMonths: 100_000 }],
    ['a coverage period of one day', { coveragePeriods: [{ from: '2025-03-01', to: '2025-03-01' }] }],
    ['use of a category of 0', { usage: used2025({ categoryUsedCents: { MAJOR: 0 }, familyCategoryUsedCents: { MAJOR: 0 } }) }],
    ['a history line of 100,000 units', { history: [{ code: 'D9110', serviceDate: '2025-01-10', quantity: 100_000 }] }],
    ['a pre-authorisation threshold of 0', { preauthorization: { granted: true, aboveCents: 0 } }],
  ])('accepts %s', (_label, f) => {
    expect(refusal(claim([exam()]), facts(f))).toBe('accepted');
  });
});
