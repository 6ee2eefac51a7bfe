import type { IntlShape } from 'react-intl';
import { currencyExponent, minorToMajor } from '../../domain/benefits/currency.ts';

/** An integer amount in the currency's minor unit, formatted in the user's language (CLP without decimals). */
export const money = (intl: IntlShape, minor: number, currency: string) =>
  intl.formatNumber(minorToMajor(minor, currency), { style: 'currency', currency });

/** The same amount without the currency sign, with exactly the currency's decimals (for tables of figures). */
export const moneyAmount = (intl: IntlShape, minor: number, currency: string) => {
  const digits = currencyExponent(currency);
  return intl.formatNumber(minorToMajor(minor, currency), { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

/** Minor units as the text of a number input (`1500000` CLP → "1500000", `150000` EUR → "1500.00"). */
export const moneyInput = (minor: number, currency: string) => minorToMajor(minor, currency).toFixed(currencyExponent(currency));

/** The text typed in a number input back to minor units; null when it is not a non-negative amount. */
export const parseMoneyInput = (text: string, currency: string): number | null => {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) return null;
  const minor = Math.round(value * 10 ** currencyExponent(currency));
  return Number.isSafeInteger(minor) ? minor : null;
};
