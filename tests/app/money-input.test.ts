import { describe, expect, it } from 'vitest';
import { moneyInput, parseMoneyInput, readMoneyInput } from '../../src/components/format/money.ts';

// Issue 24 item 6: typed money is read exactly, in the user's locale, never through floats.
describe('parseMoneyInput', () => {
  it('refuses more decimals than the currency has, with the decimals problem', () => {
    expect(parseMoneyInput('1.005', 'EUR', 'en')).toBeNull();
    expect(parseMoneyInput('12.345', 'EUR', 'en')).toBeNull();
    expect(parseMoneyInput('1500.5', 'CLP', 'en')).toBeNull();
    expect(readMoneyInput('12.345', 'EUR', 'en')).toEqual({ problem: 'currencyDecimals' });
    expect(readMoneyInput('1500,5', 'CLP', 'es')).toEqual({ problem: 'currencyDecimals' });
  });

  it('refuses hexadecimal, exponents, signs and blanks', () => {
    for (const text of ['0x10', '1e3', '-5', '+5', '', ' ', 'Infinity', '1..2', '1,2,3.4.5', '.5']) {
      expect(readMoneyInput(text, 'EUR', 'en'), text).toEqual({ problem: 'invalid' });
    }
  });

  it('reads the locale separators', () => {
    expect(parseMoneyInput('1.500,50', 'EUR', 'es')).toBe(150050);
    expect(parseMoneyInput('1,500.50', 'EUR', 'en')).toBe(150050);
    expect(parseMoneyInput('1 500,50', 'EUR', 'fr')).toBe(150050);
    expect(parseMoneyInput('1\u202f500,50', 'EUR', 'fr')).toBe(150050);
    expect(parseMoneyInput('1.500', 'CLP', 'es')).toBe(1500);
    expect(parseMoneyInput('12,5', 'EUR', 'es')).toBe(1250);
    expect(parseMoneyInput('1500.5', 'EUR', 'es')).toBe(150050);
    expect(parseMoneyInput('1,500.50', 'EUR', 'ja')).toBe(150050);
  });

  it('reads exact cents without rounding', () => {
    expect(parseMoneyInput('0.29', 'EUR', 'en')).toBe(29);
    expect(parseMoneyInput('1.01', 'EUR', 'en')).toBe(101);
    expect(parseMoneyInput('4.35', 'EUR', 'en')).toBe(435);
    expect(parseMoneyInput('1.005', 'KWD', 'en')).toBe(1005);
  });

  it('reads back what moneyInput writes in every locale', () => {
    for (const locale of ['es', 'en', 'fr', 'zh', 'ja']) {
      for (const [minor, currency] of [[150000, 'EUR'], [1500, 'KWD'], [1500000, 'CLP'], [5, 'EUR']] as const) {
        expect(parseMoneyInput(moneyInput(minor, currency, locale), currency, locale), `${locale} ${currency}`).toBe(minor);
      }
    }
    expect(moneyInput(150000, 'EUR', 'es')).toBe('1500,00');
  });
});
