import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  decimalTextToMinor,
  isCurrencyCode,
  majorToMinor,
  minorPerMajor,
  minorToDecimalText,
  minorToMajor,
} from '@core/benefits/currency.ts';

// Amounts travel as decimal text in the currency's units and are kept in its minor unit (ISO 4217 exponent):
// CLP whole pesos (0), EUR cents (2), KWD fils (3).
describe('currency codes and their minor units', () => {
  it.each([
    ['EUR', true],
    ['CLP', true],
    ['KWD', true],
    ['eur', false],
    ['EU', false],
    ['EURO', false],
    [' EUR', false],
    ['EUR\n', false],
    ['', false],
    [978, false],
    [null, false],
    [['EUR'], false],
  ])('isCurrencyCode(%j) is %s', (code, expected) => {
    expect(isCurrencyCode(code)).toBe(expected);
  });

  it('reads the exponent whatever the case or spacing of the code, the same each time', () => {
    expect([' eur ', 'clp', 'Kwd', 'BHD', 'ISK'].map(currencyExponent)).toEqual([2, 0, 3, 3, 0]);
    expect([' eur ', 'clp', 'Kwd'].map(currencyExponent)).toEqual([2, 0, 3]);
  });

  it.each([
    ['CLP', 1],
    ['EUR', 100],
    ['KWD', 1000],
  ])('one %s is %i minor units', (currency, units) => {
    expect(minorPerMajor(currency)).toBe(units);
  });

  it.each([
    [1500, 'CLP', 1500],
    [10.5, 'CLP', 11],
    [1500, 'EUR', 150_000],
    [12.34, 'EUR', 1234],
    [1.2345, 'KWD', 1235],
    [0.125, 'KWD', 125],
  ])('majorToMinor(%d, %s) = %i (rounded to the minor unit)', (major, currency, minor) => {
    expect(majorToMinor(major, currency)).toBe(minor);
  });

  it.each([
    [1500, 'CLP', 1500],
    [150_050, 'EUR', 1500.5],
    [5, 'EUR', 0.05],
    [1235, 'KWD', 1.235],
  ])('minorToMajor(%i, %s) = %d', (minor, currency, major) => {
    expect(minorToMajor(minor, currency)).toBe(major);
  });
});

describe('minor units as decimal text and back', () => {
  it.each([
    [150_000, 'CLP', '150000'],
    [0, 'CLP', '0'],
    [150_000, 'EUR', '1500.00'],
    [150_005, 'EUR', '1500.05'],
    [150_050, 'EUR', '1500.50'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [1_234_567, 'KWD', '1234.567'],
    [1_234_007, 'KWD', '1234.007'],
    [5, 'KWD', '0.005'],
    // A negative amount (a reversal) keeps one sign in front, not one per part ("-1.-50" before).
    [-150, 'EUR', '-1.50'],
    [-5, 'EUR', '-0.05'],
    [-1_234_007, 'KWD', '-1234.007'],
    [-150, 'CLP', '-150'],
  ])('minorToDecimalText(%i, %s) = %s', (minor, currency, text) => {
    expect(minorToDecimalText(minor, currency)).toBe(text);
    expect(decimalTextToMinor(text, currency)).toBe(minor);
  });

  it.each([
    ['1500', 'CLP', 1500],
    ['1500', 'EUR', 150_000],
    ['1500.5', 'EUR', 150_050],
    ['1500.25', 'EUR', 150_025],
    ['0.1', 'EUR', 10],
    ['1500', 'KWD', 1_500_000],
    ['1.5', 'KWD', 1500],
    ['1.05', 'KWD', 1050],
    ['0.005', 'KWD', 5],
  ])('decimalTextToMinor(%s, %s) = %i, exactly', (text, currency, minor) => {
    expect(decimalTextToMinor(text, currency)).toBe(minor);
  });

  it.each([
    ['1500.5', 'CLP'],
    ['1500.0', 'CLP'],
    ['1500.555', 'EUR'],
    ['0.001', 'EUR'],
    ['1.2345', 'KWD'],
  ])('refuses %s in %s: more decimals than the currency has', (text, currency) => {
    expect(decimalTextToMinor(text, currency)).toBeNull();
  });
});
