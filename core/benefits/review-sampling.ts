import type { Category } from './procedures.ts';

/** Why a claim goes to the dental auditor (R12). */
export type MedicalReviewReason = 'SAMPLE' | 'MAJOR_PROCEDURE' | 'ORTHODONTIC_INITIAL' | 'AMOUNT';

/** R12's random share, in percent. */
export const MEDICAL_REVIEW_SAMPLE_PERCENT = 5;

/** FNV-1a, 32 bits: a stable spread of folios over 0..2³²−1, the same in the browser and on the server. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * "5 % at random", reproducibly: the claim is in the sample when the hash of its folio falls in the
 * first 5 of 100 buckets, so a claim is sampled or not once and for all, and a test can name one.
 */
export const inRandomSample = (folio: string) => fnv1a(folio) % 100 < MEDICAL_REVIEW_SAMPLE_PERCENT;

export interface MedicalReviewInput {
  folio: string;
  /** The categories of the claim's lines. */
  categories: readonly (Category | null)[];
  /** The orthodontic instalment's number (0 = the initial payment); null for a general claim. */
  installmentNumber: number | null;
  /** What the claim asks for, in the currency's minor unit. */
  claimedCents: number;
  /** R12's amount (1,000.00 in the claim's currency), in the same unit. */
  thresholdCents: number;
}

/**
 * R12: why the claim is sampled for medical review — 5 % at random, every major procedure, every first
 * orthodontic instalment and every claim of the threshold or more. Empty: no review needed.
 */
export function medicalReviewReasons(claim: MedicalReviewInput): MedicalReviewReason[] {
  const reasons: MedicalReviewReason[] = [];
  if (inRandomSample(claim.folio)) reasons.push('SAMPLE');
  if (claim.categories.includes('MAJOR')) reasons.push('MAJOR_PROCEDURE');
  if (claim.installmentNumber === 0) reasons.push('ORTHODONTIC_INITIAL');
  if (claim.claimedCents >= claim.thresholdCents) reasons.push('AMOUNT');
  return reasons;
}
