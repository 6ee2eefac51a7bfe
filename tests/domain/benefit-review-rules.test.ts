import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, currencyExponent, majorToMinor, minorToMajor, resolveRules } from '@core/benefits/index.ts';
import { inRandomSample, medicalReviewReasons } from '@core/benefits/review-sampling.ts';
import { line, one } from './benefit-fixtures.ts';

/** Issue 13 (B): the order of the checks (research 3.2), pre-authorisation (R14), sampling (R12), currency exponents. */
describe('order of the checks (research 3.2: age, frequency, waiting period, quantity)', () => {
  // Preventive care waits six months from an enrolment on 2025-01-01; the service is on 2025-03-01.
  const waiting = resolveRules({ waitingPeriods: { months: { PREVENTIVE: 6 } } });
  const enrolled = { enrolmentDate: '2025-01-01', coveragePeriods: [{ from: '2025-01-01', to: null }] };

  it('an adult’s fluoride within the waiting period is an age limit (04), not a waiting period (17)', () => {
    expect(one(line('D1206'), enrolled, waiting)).toMatchObject({ status: 'REJECTED', reason: '04' });
    expect(one(line('D1206'), { ...enrolled, birthDate: '2015-01-01' }, waiting)).toMatchObject({ status: 'REJECTED', reason: '17' });
  });

  it('a third cleaning of the year within the waiting period is a frequency (05), not a waiting period (17)', () => {
    const history = [
      { code: 'D1110', serviceDate: '2025-01-10' },
      { code: 'D1110', serviceDate: '2025-02-10' },
    ];
    expect(one(line('D1110'), { ...enrolled, history }, waiting)).toMatchObject({ status: 'REJECTED', reason: '05' });
  });

  it('a quantity past what is left of a frequency (16) comes after the waiting period (17)', () => {
    const history = [{ code: 'D1110', serviceDate: '2025-01-10' }];
    expect(one(line('D1110', { quantity: 2 }), { ...enrolled, history }, waiting)).toMatchObject({ status: 'REJECTED', reason: '17' });
    expect(one(line('D1110', { quantity: 2 }), { history })).toMatchObject({ status: 'REJECTED', reason: '16' });
  });
});

describe('pre-authorisation (R14, code 34)', () => {
  const preauthorization = (granted: boolean, aboveCents: number | null = 30_000) => ({ preauthorization: { granted, aboveCents } });

  it('an implant always needs one; other lines only above the threshold', () => {
    expect(one(line('D6010', { tooth: 36 }), preauthorization(false))).toMatchObject({ status: 'REJECTED', reason: '34' });
    expect(one(line('D2330', { tooth: 11, chargedCents: 30_000 }), preauthorization(false))).toMatchObject({ status: 'APPROVED' });
    expect(one(line('D2330', { tooth: 11, chargedCents: 30_001 }), preauthorization(false))).toMatchObject({ status: 'REJECTED', reason: '34' });
    expect(one(line('D2330', { tooth: 11, chargedCents: 30_001 }), preauthorization(false, null))).toMatchObject({ status: 'APPROVED' });
  });

  it('a granted pre-authorisation lets both through; without the fact nothing is checked', () => {
    expect(one(line('D6010', { tooth: 36, chargedCents: 90_000 }), preauthorization(true))).toMatchObject({ status: 'APPROVED' });
    expect(one(line('D6010', { tooth: 36 }))).toMatchObject({ status: 'APPROVED' });
  });

  it('comes after coverage (07) and before age (04)', () => {
    expect(one(line('D6010', { tooth: 36 }), { ...preauthorization(false), coveragePeriods: [] })).toMatchObject({ reason: '07' });
    const noFluorideForAdults = { ...preauthorization(false, 100) };
    expect(one(line('D1206', { chargedCents: 200 }), noFluorideForAdults)).toMatchObject({ reason: '34' });
  });
});

describe('medical-review sampling (R12)', () => {
  const claim = { folio: 'REE-2026-000001', categories: ['PREVENTIVE' as const], installmentNumber: null, claimedCents: 10_000, thresholdCents: 100_000 };

  it('samples 5 % of folios, the same ones every time', () => {
    const folios = Array.from({ length: 4000 }, (_, n) => `REE-2026-${String(n + 1).padStart(6, '0')}`);
    const sampled = folios.filter(inRandomSample);
    expect(sampled.length / folios.length).toBeGreaterThan(0.04);
    expect(sampled.length / folios.length).toBeLessThan(0.06);
    expect(folios.filter(inRandomSample)).toEqual(sampled);
  });

  it('always reviews major procedures, first orthodontic instalments and claims from the threshold', () => {
    const unsampled = Array.from({ length: 100 }, (_, n) => `REE-2026-${String(n + 1).padStart(6, '0')}`).find((f) => !inRandomSample(f))!;
    expect(medicalReviewReasons({ ...claim, folio: unsampled })).toEqual([]);
    expect(medicalReviewReasons({ ...claim, folio: unsampled, categories: ['BASIC', 'MAJOR'] })).toEqual(['MAJOR_PROCEDURE']);
    expect(medicalReviewReasons({ ...claim, folio: unsampled, installmentNumber: 0 })).toEqual(['ORTHODONTIC_INITIAL']);
    expect(medicalReviewReasons({ ...claim, folio: unsampled, installmentNumber: 3 })).toEqual([]);
    expect(medicalReviewReasons({ ...claim, folio: unsampled, claimedCents: 99_999 })).toEqual([]);
    expect(medicalReviewReasons({ ...claim, folio: unsampled, claimedCents: 100_000 })).toEqual(['AMOUNT']);
    const sampled = Array.from({ length: 400 }, (_, n) => `REE-2026-${String(n + 1).padStart(6, '0')}`).find(inRandomSample)!;
    expect(medicalReviewReasons({ ...claim, folio: sampled })).toEqual(['SAMPLE']);
  });
});

describe('currency minor units (ISO 4217 exponent)', () => {
  it('reads the exponent from the platform: CLP and JPY 0, EUR, USD and MXN 2, KWD 3', () => {
    expect(['CLP', 'JPY', 'EUR', 'USD', 'MXN', 'KWD'].map(currencyExponent)).toEqual([0, 0, 2, 2, 2, 3]);
    expect(majorToMinor(1500, 'CLP')).toBe(1500);
    expect(majorToMinor(1500, 'EUR')).toBe(150_000);
    expect(minorToMajor(1_500_000, 'CLP')).toBe(1_500_000);
    expect(minorToMajor(150_000, 'EUR')).toBe(1500);
  });

  it('rounds a line to the unit its amounts are in: half a peso up to a whole peso', () => {
    // 50 % of a major line of 12.345 pesos is 6.172,5: the engine pays 6.173, never a fraction of a peso.
    const rules = { ...DEFAULT_RULES, deductible: { ...DEFAULT_RULES.deductible, individualCents: 0, familyCents: null } };
    expect(one(line('D2740', { tooth: 16, chargedCents: 12_345 }), {}, rules)).toMatchObject({ status: 'APPROVED', coveredCents: 6173 });
  });
});
