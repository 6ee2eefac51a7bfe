import { describe, expect, it } from 'vitest';
import { bankAmountText, DecimalSum, isoExponent, minorToDecimal } from '@core/payments/currency.ts';
import { cut, escapeXml, messageText, toSepaLatin } from '@core/payments/text.ts';
import { currencyExponent } from '@core/benefits/currency.ts';

describe('bank amounts from integer minor units', () => {
  it.each([
    [12345, 'EUR', '123.45'],
    [5, 'EUR', '0.05'],
    [100, 'EUR', '1.00'],
    [150000, 'CLP', '150000'],
    [1, 'CLP', '1'],
    [1005, 'MXN', '10.05'],
    [1234567, 'KWD', '1234.567'],
    [7, 'KWD', '0.007'],
    [9007199254740991, 'EUR', '90071992547409.91'],
    // COP is stored in whole pesos (Intl/CLDR exponent 0) but ISO 4217 gives it 2 decimals: padded, never scaled.
    [150000, 'COP', '150000.00'],
  ])('%i %s → %s', (minor, currency, text) => {
    expect(bankAmountText(minor, currency)).toBe(text);
  });

  it('refuses fractions and currencies outside the ISO table', () => {
    expect(() => bankAmountText(1.5, 'EUR')).toThrow(RangeError);
    expect(() => bankAmountText(1, 'XTS')).toThrow(/ISO 4217/);
    expect(() => minorToDecimal(1, 2, 1)).toThrow(RangeError);
  });

  it('keeps the ISO exponents of the table where Intl agrees, and knows where it does not', () => {
    const disagree = ['CLP', 'EUR', 'MXN', 'KWD', 'COP', 'ARS', 'PEN', 'USD', 'JPY', 'HUF', 'IDR', 'IQD'].filter(
      (c) => isoExponent(c) !== currencyExponent(c),
    );
    expect(disagree).toEqual(['COP', 'HUF', 'IDR', 'IQD']);
    expect([isoExponent('CLP'), isoExponent('EUR'), isoExponent('MXN'), isoExponent('KWD')]).toEqual([0, 2, 2, 3]);
  });

  it('sums several currencies exactly, whatever their exponents (0.1 + 0.2 is 0.3)', () => {
    const sum = new DecimalSum();
    sum.add(10, 2);
    sum.add(20, 2);
    expect(sum.text()).toBe('0.30');
    sum.add(150000, 0);
    sum.add(1, 3);
    expect(sum.text()).toBe('150000.301');
    expect(sum.text(5)).toBe('150000.30100');
  });
});

describe('text in the payment file', () => {
  it.each([
    ['Muñoz', 'Munoz'],
    ['José Pérez Ñúñez', 'Jose Perez Nunez'],
    ['Straße & Söhne', 'Strasse + Sohne'],
    ['Łódź Ærø', 'Lodz AEro'],
    ['Clínica "Sonrisa" #2', "Clinica 'Sonrisa' 2"],
    ['李小龙 Lee', 'Lee'],
    ['a_b@c', 'a-b(at)c'],
  ])('SEPA Latin: %s → %s', (input, output) => {
    expect(toSepaLatin(input)).toBe(output);
  });

  it('keeps Unicode outside EUR but never characters XML cannot carry', () => {
    expect(messageText('Muñoz\u0000 \u0007Peña\n', 'CLP')).toBe('Muñoz Peña');
    expect(messageText('Muñoz', 'EUR')).toBe('Munoz');
  });

  it('cuts by characters and escapes markup', () => {
    expect(cut('ñ'.repeat(10), 4)).toBe('ññññ');
    expect(cut('😀😀😀', 2)).toBe('😀😀');
    expect(escapeXml('a<b&"c">')).toBe('a&lt;b&amp;&quot;c&quot;&gt;');
  });
});
