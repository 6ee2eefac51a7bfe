import { describe, expect, it } from 'vitest';
import { MEDICAL_REVIEW_SAMPLE_PERCENT, inRandomSample, medicalReviewReasons, type MedicalReviewInput } from '@core/benefits/review-sampling.ts';

// R12: 5 % of claims at random, reproducibly by folio (FNV-1a of the folio, bucket below 5 of 100).
const folio = (n: number) => `REE-2026-${String(n).padStart(6, '0')}`;

describe('the random 5 % of medical review (R12)', () => {
  it('is 5 %', () => {
    expect(MEDICAL_REVIEW_SAMPLE_PERCENT).toBe(5);
  });

  it('takes exactly these folios of the first 200, on the server and in the browser alike', () => {
    const sampled = Array.from({ length: 200 }, (_, n) => folio(n + 1)).filter(inRandomSample);
    expect(sampled.map((f) => f.slice(-3))).toEqual(['013', '027', '045', '076', '098', '104', '122', '133', '150', '162', '188', '196']);
  });

  it('leaves out folios in bucket 5, the first past the share', () => {
    // FNV-1a of these two folios is 1,252,721,205 and 1,220,151,705: bucket 5.
    expect(inRandomSample(folio(37))).toBe(false);
    expect(inRandomSample(folio(51))).toBe(false);
    // Bucket 0 and bucket 4 are in.
    expect(inRandomSample(folio(27))).toBe(true);
    expect(inRandomSample(folio(122))).toBe(true);
  });

  it('hashes every character of the folio', () => {
    expect(inRandomSample('')).toBe(false); // the FNV offset basis 2,166,136,261: bucket 61
    expect(['REE-2026-000013', 'REE-2026-000013 ', 'ree-2026-000013', 'REE-2026-00013'].map(inRandomSample)).toEqual([true, false, false, false]);
  });
});

describe('why a claim goes to the dental auditor (R12)', () => {
  const base: MedicalReviewInput = { folio: folio(1), categories: ['PREVENTIVE', null], installmentNumber: null, claimedCents: 10_000, thresholdCents: 100_000 };

  it('needs no review for a small unsampled general claim', () => {
    expect(inRandomSample(base.folio)).toBe(false);
    expect(medicalReviewReasons(base)).toEqual([]);
  });

  it.each<[string, Partial<MedicalReviewInput>, string[]]>([
    ['a sampled folio', { folio: folio(13) }, ['SAMPLE']],
    ['a major procedure among its lines', { categories: ['BASIC', 'MAJOR', null] }, ['MAJOR_PROCEDURE']],
    ['the initial orthodontic instalment', { installmentNumber: 0 }, ['ORTHODONTIC_INITIAL']],
    ['a later instalment', { installmentNumber: 1 }, []],
    ['a claim of exactly the threshold', { claimedCents: 100_000 }, ['AMOUNT']],
    ['a claim one minor unit under it', { claimedCents: 99_999 }, []],
    ['a claim with no lines', { categories: [] }, []],
    ['everything at once, in that order', { folio: folio(13), categories: ['MAJOR'], installmentNumber: 0, claimedCents: 500_000 }, ['SAMPLE', 'MAJOR_PROCEDURE', 'ORTHODONTIC_INITIAL', 'AMOUNT']],
  ])('%s', (_label, over, reasons) => {
    expect(medicalReviewReasons({ ...base, ...over })).toEqual(reasons);
  });
});
