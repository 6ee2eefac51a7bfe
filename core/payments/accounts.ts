import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Payee bank accounts, checked for real before money goes to them: IBAN and BIC by their check digits
 * (ibantools), and the national formats of the panel's Latin-American countries with the check digits
 * they have (CLABE, CBU, CCI) or, where the account number has none (Chile, Colombia), the bank code
 * and the holder's tax id (RUT, NIT) with theirs.
 */
export const ACCOUNT_SCHEMES = ['IBAN', 'CLABE', 'CBU', 'CCI', 'CL', 'CO'] as const;
export type AccountScheme = (typeof ACCOUNT_SCHEMES)[number];

export interface PayeeAccountInput {
  scheme: AccountScheme;
  /** IBAN, CLABE, CBU, CCI, or the Chilean/Colombian account number. */
  number: string;
  /** BIC (optional with an IBAN). */
  bic?: string | null;
  /** Chile: 3-digit bank code; Colombia: 4-digit bank code. */
  bankCode?: string | null;
  /** Chile: the holder's RUT; Colombia: the holder's NIT (both with their check digit). */
  holderTaxId?: string | null;
}

/** The account as the file writes it: spaces, dots and dashes gone, letters upper case. */
export interface PayeeAccount {
  scheme: AccountScheme;
  number: string;
  bic: string | null;
  bankCode: string | null;
  holderTaxId: string | null;
}

export type AccountCheck =
  | { valid: true; account: PayeeAccount }
  | { valid: false; reason: AccountReason; field: 'scheme' | 'number' | 'bic' | 'bankCode' | 'holderTaxId' };

/** Why an account is refused; the catalog has `payeeAccount.<reason>` for each. */
export type AccountReason =
  | 'unknownScheme'
  | 'ibanInvalid'
  | 'bicInvalid'
  | 'numberFormat'
  | 'checkDigit'
  | 'bankCodeFormat'
  | 'taxIdFormat'
  | 'taxIdCheckDigit';

const digitsOnly = (text: string) => text.replace(/[\s.-]/g, '');

/** Σ dᵢ·wᵢ over the digits with the weights repeated from the left. */
function weighted(digits: string, weights: readonly number[], each: (product: number) => number = (p) => p): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += each(Number(digits[i]) * weights[i % weights.length]!);
  return sum;
}

/** CLABE (Mexico, 18 digits): weights 3,7,1 modulo 10 on the first 17; check = (10 − Σ mod 10) mod 10. */
export function clabeCheckDigit(first17: string): number {
  return (10 - (weighted(first17, [3, 7, 1], (p) => p % 10) % 10)) % 10;
}

/** CBU (Argentina, 22 digits): two blocks, each with its own check digit, weights 7,1,3,9 from the left. */
export function cbuCheckDigits(cbu: string): [number, number] {
  const first = (10 - (weighted(cbu.slice(0, 7), [7, 1, 3, 9]) % 10)) % 10;
  const second = (10 - (weighted(cbu.slice(8, 21), [3, 9, 7, 1]) % 10)) % 10;
  return [first, second];
}

/** CCI (Peru, 20 digits): bank+office and account each get a digit: weights 1,2 alternating, products' digits summed. */
export function cciCheckDigits(cci: string): [number, number] {
  const digit = (part: string) => (10 - (weighted(part, [1, 2], (p) => (p > 9 ? p - 9 : p)) % 10)) % 10;
  return [digit(cci.slice(0, 6)), digit(cci.slice(6, 18))];
}

/** Chilean RUT check digit: weights 2..7 from the right, 11 − Σ mod 11 (11 → 0, 10 → K). */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const dv = 11 - (sum % 11);
  return dv === 11 ? '0' : dv === 10 ? 'K' : String(dv);
}

/** Colombian NIT check digit (DIAN): prime weights from the right, Σ mod 11, r > 1 → 11 − r. */
export function nitCheckDigit(body: string): number {
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * weights[i]!;
  const r = sum % 11;
  return r > 1 ? 11 - r : r;
}

function fail(reason: AccountReason, field: Extract<AccountCheck, { valid: false }>['field']): AccountCheck {
  return { valid: false, reason, field };
}

function checkTaxId(scheme: 'CL' | 'CO', raw: string | null | undefined): string | AccountCheck {
  const text = digitsOnly(raw ?? '').toUpperCase();
  const match = scheme === 'CL' ? /^(\d{7,8})([0-9K])$/.exec(text) : /^(\d{8,15})(\d)$/.exec(text);
  if (!match) return fail('taxIdFormat', 'holderTaxId');
  const [, body, dv] = match as unknown as [string, string, string];
  const expected = scheme === 'CL' ? rutCheckDigit(body) : String(nitCheckDigit(body));
  return dv === expected ? `${body}-${dv}` : fail('taxIdCheckDigit', 'holderTaxId');
}

/** Checks and normalises a payee account; an invalid one says why and on which field. */
export function checkPayeeAccount(input: PayeeAccountInput): AccountCheck {
  if (!(ACCOUNT_SCHEMES as readonly string[]).includes(input.scheme)) return fail('unknownScheme', 'scheme');
  const base = { scheme: input.scheme, bic: null, bankCode: null, holderTaxId: null };
  const number = digitsOnly(input.number ?? '');
  switch (input.scheme) {
    case 'IBAN': {
      const iban = electronicFormatIBAN(input.number ?? '') ?? '';
      if (!isValidIBAN(iban)) return fail('ibanInvalid', 'number');
      const bic = input.bic ? input.bic.replace(/\s/g, '').toUpperCase() : null;
      if (bic !== null && !isValidBIC(bic)) return fail('bicInvalid', 'bic');
      return { valid: true, account: { ...base, number: iban, bic } };
    }
    case 'CLABE':
      if (!/^\d{18}$/.test(number)) return fail('numberFormat', 'number');
      if (clabeCheckDigit(number.slice(0, 17)) !== Number(number[17])) return fail('checkDigit', 'number');
      return { valid: true, account: { ...base, number, bankCode: number.slice(0, 3) } };
    case 'CBU': {
      if (!/^\d{22}$/.test(number)) return fail('numberFormat', 'number');
      const [a, b] = cbuCheckDigits(number);
      if (a !== Number(number[7]) || b !== Number(number[21])) return fail('checkDigit', 'number');
      return { valid: true, account: { ...base, number, bankCode: number.slice(0, 3) } };
    }
    case 'CCI': {
      if (!/^\d{20}$/.test(number)) return fail('numberFormat', 'number');
      const [a, b] = cciCheckDigits(number);
      if (a !== Number(number[18]) || b !== Number(number[19])) return fail('checkDigit', 'number');
      return { valid: true, account: { ...base, number, bankCode: number.slice(0, 3) } };
    }
    case 'CL':
    case 'CO': {
      // Neither country's account numbers carry a check digit: the bank code and the holder's tax id are what can be checked.
      const [min, max] = input.scheme === 'CL' ? [4, 20] : [4, 17];
      if (!new RegExp(`^\\d{${min},${max}}$`).test(number)) return fail('numberFormat', 'number');
      const bankCode = digitsOnly(input.bankCode ?? '');
      if (!(input.scheme === 'CL' ? /^\d{3}$/ : /^\d{4}$/).test(bankCode)) return fail('bankCodeFormat', 'bankCode');
      const taxId = checkTaxId(input.scheme, input.holderTaxId);
      if (typeof taxId !== 'string') return taxId;
      return { valid: true, account: { ...base, number, bankCode, holderTaxId: taxId } };
    }
  }
}

/** The account as the panel shows it before the reveal: the last four characters. */
export function maskAccount(number: string): string {
  return number.length <= 4 ? number : `${'•'.repeat(Math.min(8, number.length - 4))}${number.slice(-4)}`;
}
