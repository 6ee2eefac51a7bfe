/**
 * What a bank's per-transaction status means for the claim (pain.002 TxSts / PmtInfSts / GrpSts).
 * Accepted: the bank took the money order (accepted for settlement or settled); rejected: it will not
 * pay, with a reason; anything else (technical acceptance, received, pending, unknown codes) waits.
 */
export type BankOutcome = 'accepted' | 'rejected' | 'pending';

const ACCEPTED = new Set(['ACCP', 'ACSP', 'ACSC', 'ACWC', 'ACCC', 'ACFC']);
const KNOWN = new Set([...ACCEPTED, 'RJCT', 'PDNG', 'ACTC', 'RCVD', 'PART', 'ACWP', 'ACIS', 'BLCK', 'CANC', 'PATC', 'PRES', 'STLD']);

export function bankOutcome(status: string): BankOutcome {
  if (status === 'RJCT') return 'rejected';
  return ACCEPTED.has(status) ? 'accepted' : 'pending';
}

/** True for a status code of ISO's external code set (ExternalPaymentTransactionStatus1Code) or v03's enumeration. */
export function isKnownBankStatus(status: string): boolean {
  return KNOWN.has(status);
}
