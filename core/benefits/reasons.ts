/**
 * Rejection reason codes (research 2.7, adapted from openIMIS + dental). The engine produces 01, 03,
 * 04, 05, 06, 07, 09, 16, 17, 30, 31, 33, 35 and 37; 32, 34 and 36 are decided by people or workflows
 * (documents, preauthorization, provider) and are listed so every screen reads one list. Their texts
 * are the catalogs' `reason.<code>` in every language.
 */
export const REJECTION_CODES = ['01', '03', '04', '05', '06', '07', '09', '16', '17', '30', '31', '32', '33', '34', '35', '36', '37'] as const;

export type RejectionCode = (typeof REJECTION_CODES)[number];

export const reasonTextId = (code: RejectionCode) => `reason.${code}`;

export function isRejectionCode(value: unknown): value is RejectionCode {
  return typeof value === 'string' && (REJECTION_CODES as readonly string[]).includes(value);
}
