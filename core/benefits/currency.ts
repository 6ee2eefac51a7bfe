/**
 * Currency minor units. Every amount in the system is an integer in the minor unit of its
 * currency (ISO 4217 exponent): cents for EUR/USD/MXN, whole pesos for CLP, fils for KWD.
 * The exponent comes from Intl (the platform's ISO 4217 table), so no list is kept here.
 */

const exponents = new Map<string, number>();
const formatters = new Map<string, Intl.NumberFormat>();

/** True for a three-letter upper-case ISO 4217 code Intl knows. */
export function isCurrencyCode(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/** Number of decimal digits of the currency's minor unit (CLP 0, EUR 2, KWD 3). */
export function currencyExponent(currency: string): number {
  const code = currency.trim().toUpperCase();
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(code, exponent);
  }
  return exponent;
}

/** How many minor units make one major unit (CLP 1, EUR 100, KWD 1000). */
export function minorPerMajor(currency: string): number {
  return 10 ** currencyExponent(currency);
}

/** A whole-currency amount (e.g. 1,000.00 of the research's defaults) in the currency's minor units. */
export function majorToMinor(major: number, currency: string): number {
  return Math.round(major * minorPerMajor(currency));
}

/** Minor units as a (possibly fractional) number of major units, for display and inputs. */
export function minorToMajor(minor: number, currency: string): number {
  return minor / minorPerMajor(currency);
}

/** Minor units as a plain decimal text with exactly the currency's decimals (`150000` EUR → "1500.00", CLP → "150000", `-150` EUR → "-1.50"). */
export function minorToDecimalText(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const scale = 10 ** exponent;
  const size = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.trunc(size / scale)}.${String(size % scale).padStart(exponent, '0')}`;
}

/** A plain decimal text (`"1500.5"`, `"-1.50"`) as minor units, exactly; null when it has more decimals than the currency has. */
export function decimalTextToMinor(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const negative = text.startsWith('-');
  const [units, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  if (fraction.length > exponent) return null;
  const size = Number(units) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return negative ? -size : size;
}

/**
 * An amount in minor units as the reader reads it: the locale's number format, the currency's own decimals, and
 * always grouped (Spanish alone would leave "1000,00" beside "30.000,00"). The screens and the PDFs both use it.
 */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = currencyExponent(currency);
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: 'always' });
    formatters.set(key, format);
  }
  return format.format(minorToMajor(minor, currency));
}
