import fs from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { money } from '../../src/components/format/money.ts';
import { summarize, type ScheduleRow } from '../../src/features/orthodontic/schedule.ts';

const intlIn = (locale: string) => createIntl({ locale, messages: JSON.parse(fs.readFileSync(`src/i18n/messages/${locale}.json`, 'utf8')) as Record<string, string> });
const row = (number: number, benefitCents: number, state = 'scheduled', reason: string | null = null): ScheduleRow => ({
  number, dueDate: '2026-12-01', billableCents: benefitCents * 2, benefitCents, state, reason, installment: null,
});

// Issue 28, item 12: "8 cuotas de 300.000" when the 8th, capped by the lifetime maximum, pays 150.000.
describe('the schedule’s summary', () => {
  const capped = [row(0, 600_000), ...[1, 2, 3, 4, 5, 6, 7].map((n) => row(n, 300_000)), row(8, 150_000), row(9, 0, 'skipped', '31')];

  it('names a last instalment that differs from the others apart', () => {
    expect(summarize(capped)).toMatchObject({ periodicCount: 8, alikeCount: 7, periodicCents: 300_000, lastPeriodicCents: 150_000, totalCents: 2_850_000 });
    expect(summarize([row(0, 60_000), row(1, 10_000), row(2, 10_000)]).lastPeriodicCents).toBeNull();
  });

  it.each([
    ['es', 'Pago inicial de 600.000 COP, 7 cuotas de 300.000 COP al mes y una última de 150.000 COP: 2.850.000 COP en total.'],
    ['ja', '初回支払 COP 600,000、続いて毎月 COP 300,000 を 7 回、最終回 COP 150,000:合計 COP 2,850,000。'],
  ])('reads right in %s', (locale, expected) => {
    const intl = intlIn(locale);
    const s = summarize(capped);
    const text = intl.formatMessage(
      { id: 'orthodonticPlans.schedule.summaryWithLast' },
      { initial: money(intl, s.initialCents, 'COP'), count: s.alikeCount, amount: money(intl, s.periodicCents, 'COP'), frequency: intl.formatMessage({ id: 'orthodonticPlans.frequency.per.MONTHLY' }), last: money(intl, s.lastPeriodicCents!, 'COP'), total: money(intl, s.totalCents, 'COP') },
    );
    expect(text.replace(/[\u00a0\u202f]/g, ' ')).toBe(expected);
  });

  it('says no reason code in its sentences', () => {
    for (const locale of ['es', 'en', 'fr', 'zh', 'ja']) {
      const intl = intlIn(locale);
      expect(intl.formatMessage({ id: 'orthodonticPlans.schedule.exhausted' }, { maximum: 'M', number: 9, from: 10, to: 24 })).not.toMatch(/\(31\)|（31）/);
      expect(intl.formatMessage({ id: 'orthodonticPlans.schedule.nothingLeft' }, { maximum: 'M' })).not.toMatch(/\(31\)|（31）/);
    }
  });
});
