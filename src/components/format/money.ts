import type { IntlShape } from 'react-intl';
import { currencyExponent, decimalTextToMinor, formatMinor, minorToDecimalText, minorToMajor } from '@core/benefits/currency.ts';

/** An integer amount in the currency's minor unit, formatted in the user's language (CLP without decimals). */
export const money = (intl: IntlShape, minor: number, currency: string) => formatMinor(minor, currency, intl.locale);

/** The same amount without the currency sign, with exactly the currency's decimals (for tables of figures). */
export const moneyAmount = (intl: IntlShape, minor: number, currency: string) => {
  const digits = currencyExponent(currency);
  return intl.formatNumber(minorToMajor(minor, currency), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: 'always' });
};

/** The locale's decimal and group separators ("," and "." in es). */
function separators(locale: string) {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: parts.find((p) => p.type === 'group')?.value ?? ',' };
}

/**
 * Minor units as the text of an amount input, exact and ungrouped, with the locale's decimal separator
 * (`150000` EUR → "1500.00" in en, "1500,00" in es; CLP → "1500000"), so reading it back gives the same amount.
 */
export const moneyInput = (minor: number, currency: string, locale = 'en') => minorToDecimalText(minor, currency).replace('.', separators(locale).decimal);

/** Why a typed amount was refused: not an amount at all, or more decimals than the currency has. */
export type MoneyInputProblem = 'invalid' | 'currencyDecimals';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Any space-like group separator (fr uses a narrow no-break space) is typed as a plain space.
const spaces = /[\s\u00a0\u202f]/g;

/** The typed text as a plain decimal text ("1500.50"), reading the locale's separators; null when it is not a non-negative amount. */
function plainDecimal(text: string, locale: string): string | null {
  const { decimal, group } = separators(locale);
  const typed = text.trim().replace(spaces, ' ');
  const g = escape(group.replace(spaces, ' '));
  const d = escape(decimal);
  // Grouped the locale's way: 1 to 3 digits, then groups of exactly 3 ("1.500,50" es, "1,500.50" en).
  const grouped = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d+))?$`).exec(typed);
  if (grouped) return `${grouped[1]!.split(group.replace(spaces, ' ')).join('')}${grouped[2] === undefined ? '' : `.${grouped[2]}`}`;
  // Plain digits with either separator as the decimal point, as the API writes amounts ("1500.50").
  const plain = /^(\d+)(?:[.,](\d+))?$/.exec(typed);
  return plain ? `${plain[1]}${plain[2] === undefined ? '' : `.${plain[2]}`}` : null;
}

/**
 * The typed text as minor units, read exactly (no floating point) by the reader the server uses: digits,
 * the locale's group and decimal separators, at most the currency's decimals. Hex, exponents and signs are refused.
 */
export function readMoneyInput(text: string, currency: string, locale = 'en'): { minor: number } | { problem: MoneyInputProblem } {
  const plain = plainDecimal(text, locale);
  if (plain === null) return { problem: 'invalid' };
  const minor = decimalTextToMinor(plain, currency);
  if (minor === null) return { problem: 'currencyDecimals' };
  return Number.isSafeInteger(minor) ? { minor } : { problem: 'invalid' };
}

/** The typed text as minor units; null when it is not a non-negative amount with at most the currency's decimals. */
export const parseMoneyInput = (text: string, currency: string, locale = 'en'): number | null => {
  const read = readMoneyInput(text, currency, locale);
  return 'minor' in read ? read.minor : null;
};
