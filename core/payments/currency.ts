import { currencyExponent } from '../benefits/currency.ts';

/**
 * ISO 4217 minor-unit exponents, written out rather than read from Intl: Intl follows CLDR, which
 * differs from ISO for some currencies a bank cares about (COP, HUF, IDR: ISO 2, CLDR 0; IQD: ISO 3,
 * CLDR 0). The panel stores amounts in Intl's minor unit (core/benefits/currency.ts), so a bank
 * amount is that stored integer written with the stored exponent, padded with zeros up to ISO's.
 */
export const ISO_4217_EXPONENT: Readonly<Record<string, number>> = {
  ARS: 2, BOB: 2, BRL: 2, CAD: 2, CHF: 2, CLF: 4, CLP: 0, COP: 2, CRC: 2, CZK: 2, DKK: 2, DOP: 2,
  EUR: 2, GBP: 2, GTQ: 2, HNL: 2, HUF: 2, IDR: 2, ISK: 0, JPY: 0, KRW: 0, MXN: 2, NIO: 2, NOK: 2,
  PAB: 2, PEN: 2, PLN: 2, PYG: 0, RON: 2, SEK: 2, USD: 2, UYU: 2, UYI: 0, VES: 2,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** The bank-file exponent of a currency, or null when the table does not hold it (the file refuses it). */
export function isoExponent(currency: string): number | null {
  return Object.hasOwn(ISO_4217_EXPONENT, currency) ? ISO_4217_EXPONENT[currency]! : null;
}

/**
 * Integer minor units in a given exponent as exact decimal text, by string arithmetic only
 * (12345 at 2 → "123.45", 5 at 3 → "0.005", 150000 at 0 → "150000"), padded to `digits` decimals.
 */
export function minorToDecimal(minor: bigint | number, exponent: number, digits = exponent): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  if (digits < exponent) throw new RangeError(`cannot drop decimals: ${exponent} → ${digits}`);
  const value = BigInt(minor);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(exponent + 1, '0');
  const units = text.slice(0, text.length - exponent);
  const fraction = text.slice(text.length - exponent).padEnd(digits, '0');
  return `${negative ? '-' : ''}${units}${digits > 0 ? `.${fraction}` : ''}`;
}

/** A stored amount (Intl's minor unit of `currency`) as the bank file's decimal text with ISO's decimals. */
export function bankAmountText(minor: bigint | number, currency: string): string {
  const iso = isoExponent(currency);
  if (iso === null) throw new RangeError(`currency not in the ISO 4217 table: ${currency}`);
  const stored = currencyExponent(currency);
  if (stored > iso) throw new RangeError(`${currency} is stored with more decimals (${stored}) than ISO 4217 has (${iso})`);
  return minorToDecimal(minor, stored, iso);
}

/**
 * Sums amounts of several currencies as one exact decimal (the group header's CtrlSum is the sum of
 * every transaction's amount "irrespective of currencies"): each is scaled to the largest exponent.
 */
export class DecimalSum {
  private total = 0n;
  private exponent = 0;

  add(minor: bigint | number, exponent: number): void {
    if (exponent > this.exponent) {
      this.total *= 10n ** BigInt(exponent - this.exponent);
      this.exponent = exponent;
    }
    this.total += BigInt(minor) * 10n ** BigInt(this.exponent - exponent);
  }

  /** The sum as decimal text with at least `minDigits` decimals. */
  text(minDigits = 0): string {
    return minorToDecimal(this.total, this.exponent, Math.max(minDigits, this.exponent));
  }
}
