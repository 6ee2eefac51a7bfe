import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BenefitInputError,
  addDays,
  addMonths,
  ageOn,
  benefitYearEnd,
  benefitYearStart,
  compareDates,
  daysBetween,
  firstDayOfNextMonth,
  isIsoDate,
  percentOf,
} from '@core/benefits/index.ts';

describe('ISO dates', () => {
  it.each([
    ['2025-03-01', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-1-01', false],
    ['2025-01-01T00:00:00Z', false],
    ['', false],
  ])('isIsoDate(%j) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it.each([
    ['2025-12-31', 1, '2026-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['1900-02-28', 1, '1900-03-01'],
    ['2025-03-01', -1, '2025-02-28'],
    ['2025-01-01', 90, '2025-04-01'],
    ['2025-03-10', 30, '2025-04-09'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-08-31', 6, '2026-02-28'],
    ['2025-01-15', 6, '2025-07-15'],
    ['2025-03-15', -3, '2024-12-15'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2025-05-01', 23, '2027-04-01'],
  ])('addMonths(%s, %i) = %s (clamped to month end)', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it.each([
    ['2025-01-01', '2025-04-01', 90],
    ['2025-01-01', '2025-04-02', 91],
    ['2024-01-01', '2025-01-01', 366],
    ['2025-03-10', '2025-03-01', -9],
  ])('daysBetween(%s, %s) = %i', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it.each([
    ['2007-03-10', '2026-03-09', 18],
    ['2007-03-10', '2026-03-10', 19],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['2008-02-29', '2028-02-29', 20],
    ['2025-05-05', '2025-05-04', -1],
    ['2025-05-05', '2025-05-05', 0],
  ])('ageOn(%s, %s) = %i', (birth, on, expected) => {
    expect(ageOn(birth, on)).toBe(expected);
  });

  it.each([
    ['2025-01-31', '2025-02-01'],
    ['2025-04-09', '2025-05-01'],
    ['2025-12-05', '2026-01-01'],
    ['2025-06-01', '2025-07-01'],
  ])('firstDayOfNextMonth(%s) = %s', (date, expected) => {
    expect(firstDayOfNextMonth(date)).toBe(expected);
  });

  it('compares dates and rejects malformed ones', () => {
    expect(compareDates('2025-01-02', '2025-01-10')).toBe(-1);
    expect(compareDates('2025-01-10', '2025-01-10')).toBe(0);
    expect(compareDates('2025-02-01', '2025-01-10')).toBe(1);
    expect(() => addDays('2025-02-30', 1)).toThrow(BenefitInputError);
    expect(() => addMonths('2025-01-01', 1.5)).toThrow(BenefitInputError);
  });
});

describe('benefit years (R4)', () => {
  it.each([
    ['CALENDAR', '2024-07-15', '2025-03-01', '2025-01-01', '2025-12-31'],
    ['CALENDAR', '2024-07-15', '2025-12-31', '2025-01-01', '2025-12-31'],
    ['ANNIVERSARY', '2024-07-15', '2025-07-14', '2024-07-15', '2025-07-14'],
    ['ANNIVERSARY', '2024-07-15', '2025-07-15', '2025-07-15', '2026-07-14'],
    ['ANNIVERSARY', '2024-07-15', '2024-07-15', '2024-07-15', '2025-07-14'],
    ['ANNIVERSARY', '2024-02-29', '2025-02-27', '2024-02-29', '2025-02-27'],
    ['ANNIVERSARY', '2024-02-29', '2025-02-28', '2025-02-28', '2026-02-27'],
    ['ANNIVERSARY', '2024-02-29', '2028-02-29', '2028-02-29', '2029-02-27'],
    ['ANNIVERSARY', '2024-07-15', '2024-01-01', '2023-07-15', '2024-07-14'],
  ] as const)('%s from %s: %s is in the year %s … %s', (kind, start, on, yearStart, yearEnd) => {
    expect(benefitYearStart(kind, start, on)).toBe(yearStart);
    expect(benefitYearEnd(kind, start, on)).toBe(yearEnd);
  });
});

describe('money rounding', () => {
  it.each([
    [10_000, 80, 8_000],
    [9_999, 80, 7_999], // 7,999.2 → 7,999
    [1, 50, 1], // 0.5 → 1 (half-up)
    [3, 50, 2], // 1.5 → 2
    [1, 49, 0], // 0.49 → 0
    [7, 15, 1], // 1.05 → 1
    [10, 15, 2], // 1.5 → 2
    [0, 100, 0],
  ])('percentOf(%i, %i) = %i', (amount, pct, expected) => {
    expect(percentOf(amount, pct)).toBe(expected);
  });

  it('refuses negative or fractional amounts and bad percentages', () => {
    expect(() => percentOf(-1, 50)).toThrow(BenefitInputError);
    expect(() => percentOf(1.5, 50)).toThrow(BenefitInputError);
    expect(() => percentOf(100, 101)).toThrow(BenefitInputError);
  });
});

describe('date arithmetic agrees with the platform calendar', () => {
  const day = fc.integer({ min: -300_000, max: 2_900_000 }); // ~1149 to ~9909
  const toIso = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

  it('addDays / daysBetween match Date for any day and offset', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -20_000, max: 20_000 }), (n, k) => {
        const from = toIso(n);
        expect(addDays(from, k)).toBe(toIso(n + k));
        expect(daysBetween(from, toIso(n + k))).toBe(k);
      }),
    );
  });

  it('addMonths lands in the right month and never overshoots its end', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -240, max: 240 }), (n, k) => {
        const from = toIso(n);
        const to = addMonths(from, k);
        const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
        expect(months(to) - months(from)).toBe(k);
        expect(Number(to.slice(8))).toBeLessThanOrEqual(Number(from.slice(8)));
        expect(isIsoDate(to)).toBe(true);
      }),
    );
  });

  it('benefitYearStart ≤ date ≤ benefitYearEnd, and the next day after the end starts a new year', () => {
    fc.assert(
      fc.property(fc.constantFrom('CALENDAR' as const, 'ANNIVERSARY' as const), day, day, (kind, s, n) => {
        const start = toIso(s);
        const on = toIso(n);
        const first = benefitYearStart(kind, start, on);
        const last = benefitYearEnd(kind, start, on);
        expect(first <= on && on <= last).toBe(true);
        expect(benefitYearStart(kind, start, addDays(last, 1))).toBe(addDays(last, 1));
      }),
    );
  });
});
