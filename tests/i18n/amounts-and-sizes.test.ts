import fs from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/components/format/file-size.ts';
import { money, moneyAmount } from '../../src/components/format/money.ts';
import { formatMinor } from '@core/benefits/currency.ts';

const intlIn = (locale: string) => createIntl({ locale, messages: JSON.parse(fs.readFileSync(`src/i18n/messages/${locale}.json`, 'utf8')) as Record<string, string> });
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

// Issue 28, item 11: "30.000,00 MXN" beside "1000,00 MXN" — Spanish leaves four-digit numbers ungrouped unless told.
describe('amounts', () => {
  it('group four-digit amounts in Spanish as they group larger ones', () => {
    const es = intlIn('es');
    expect(plain(money(es, 100_000, 'MXN'))).toBe('1.000,00 MXN');
    expect(plain(money(es, 3_000_000, 'MXN'))).toBe('30.000,00 MXN');
    expect(plain(moneyAmount(es, 600_000, 'PEN'))).toBe('6.000,00');
    expect(plain(money(es, 4_125, 'CLP'))).toBe('4.125 CLP');
  });

  it('keep each language’s own grouping and the currency’s decimals', () => {
    expect(plain(money(intlIn('fr'), 100_000, 'EUR'))).toBe('1 000,00 €');
    expect(money(intlIn('ja'), 100_000, 'JPY')).toBe('￥100,000');
    expect(money(intlIn('en'), 100_000, 'USD')).toBe('$1,000.00');
    expect(moneyAmount(intlIn('zh'), 412_500, 'COP')).toBe('412,500');
  });
});

// Issue 28, item 13: a small file read "0 KB".
describe('file sizes', () => {
  it('read "<1 kB" under a kilobyte, in each language', () => {
    expect(formatFileSize(intlIn('es'), 312)).toBe('<1 kB');
    expect(formatFileSize(intlIn('ja'), 312)).toBe('1 KB未満');
    expect(formatFileSize(intlIn('en'), 0)).toBe('<1 kB');
    expect(formatFileSize(intlIn('es'), 1024)).toBe('1 kB');
    expect(plain(formatFileSize(intlIn('es'), 1536 * 1024))).toBe('1,5 MB');
  });
});

describe('the one formatter the screens and the liquidation PDF use', () => {
  it('is the screens’ money', () => {
    expect(plain(formatMinor(100_000, 'MXN', 'es'))).toBe('1.000,00 MXN');
    for (const locale of ['es', 'en', 'fr', 'zh', 'ja']) expect(formatMinor(123_456_789, 'EUR', locale)).toBe(money(intlIn(locale), 123_456_789, 'EUR'));
  });
});
