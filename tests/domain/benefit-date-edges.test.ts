import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  ageOn,
  benefitYearEnd,
  benefitYearStart,
  compareDates,
  daysBetween,
  daysInMonth,
  firstDayOfNextMonth,
  isIsoDate,
  isLeapYear,
} from '@core/benefits/index.ts';

describe('the calendar', () => {
  it.each([
    [2024, true],
    [2025, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
  ])('isLeapYear(%i) is %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it('knows the days of every month', () => {
    expect(Array.from({ length: 12 }, (_, m) => daysInMonth(2025, m + 1))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect([2024, 2000, 1900].map((year) => daysInMonth(year, 2))).toEqual([29, 29, 28]);
  });

  it.each([
    ['2025-01-31', true],
    ['2025-04-30', true],
    ['2025-12-31', true],
    ['0000-01-01', true],
    ['9999-12-31', true],
    ['2025-01-00', false],
    ['2025-01-32', false],
    ['2025-06-31', false],
    ['2025-09-31', false],
    ['2025-11-31', false],
    ['x2025-01-01', false],
    ['2025-01-01x', false],
    ['20250101', false],
    [20250101, false],
    [null, false],
    [['2025-03-01'], false],
  ])('isIsoDate(%j) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe('date arithmetic at its edges', () => {
  it('keeps the years 0000 and 9999, four digits wide', () => {
    expect(addDays('0000-01-02', -1)).toBe('0000-01-01');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(addMonths('0001-01-15', -1)).toBe('0000-12-15');
    expect(addDays('0999-12-31', 1)).toBe('1000-01-01');
    expect(addMonths('0099-11-30', 1)).toBe('0099-12-30');
  });

  it('refuses to leave them', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow('date: year 10000 is outside 0000–9999');
    expect(() => addDays('0000-01-01', -1)).toThrow('date: year -1 is outside 0000–9999');
    expect(() => addMonths('9999-12-01', 1)).toThrow('date: year 10000 is outside 0000–9999');
    expect(() => firstDayOfNextMonth('9999-12-05')).toThrow('date: year 10000 is outside 0000–9999');
  });

  it('moves back across years by months', () => {
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-01-10', -1)).toBe('2024-12-10');
    expect(addMonths('2025-01-10', -13)).toBe('2023-12-10');
    expect(addMonths('2025-01-10', -12)).toBe('2024-01-10');
    expect(addMonths('2025-12-10', 1)).toBe('2026-01-10');
    expect(addMonths('2025-01-10', 0)).toBe('2025-01-10');
  });

  it('lands on the leap day that ends a 400-year cycle', () => {
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2000-03-01', -1)).toBe('2000-02-29');
    expect(addDays('2400-02-28', 1)).toBe('2400-02-29');
    expect(addMonths('2000-01-29', 1)).toBe('2000-02-29');
  });

  it('counts days across a leap day', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2025-03-01', '2025-03-01')).toBe(0);
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  });

  it('names the argument that is not a date, or not a whole number', () => {
    expect(() => compareDates('2025-02-30', '2025-01-01')).toThrow('a: expected a date YYYY-MM-DD, got 2025-02-30');
    expect(() => compareDates('2025-01-01', '2025-1-1')).toThrow('b: expected a date YYYY-MM-DD, got 2025-1-1');
    expect(() => daysBetween('x', '2025-01-01')).toThrow('from: expected a date');
    expect(() => daysBetween('2025-01-01', 'x')).toThrow('to: expected a date');
    expect(() => ageOn('1990-13-01', '2025-01-01')).toThrow('birthDate: expected a date');
    expect(() => ageOn('1990-01-01', '')).toThrow('onDate: expected a date');
    expect(() => addDays('2025-02-29', 0)).toThrow('date: expected a date YYYY-MM-DD, got 2025-02-29');
    expect(() => addDays('2025-01-01', 1.5)).toThrow('days: expected an integer, got 1.5');
    expect(() => addDays('2025-01-01', Number.NaN)).toThrow('days: expected an integer, got NaN');
    expect(() => addMonths('2025-01-01', 0.5)).toThrow('months: expected an integer, got 0.5');
    expect(() => firstDayOfNextMonth('2025-04-31')).toThrow('date: expected a date');
  });
});

describe('age in whole years', () => {
  it.each([
    ['2000-06-15', '2025-06-14', 24],
    ['2000-06-15', '2025-06-15', 25],
    ['2000-06-15', '2025-06-16', 25],
    ['2000-06-15', '2025-05-20', 24],
    ['2000-06-15', '2025-07-01', 25],
    ['2000-06-15', '2025-07-20', 25],
    ['2000-06-15', '2025-01-31', 24],
    ['2000-06-15', '2000-06-15', 0],
    ['2000-06-15', '2001-06-14', 0],
    ['2000-06-15', '1998-01-01', -1],
  ])('born %s, on %s: %i', (birth, on, age) => {
    expect(ageOn(birth, on)).toBe(age);
  });
});

describe('benefit years at their edges', () => {
  it('a calendar year is read from the date alone', () => {
    expect(benefitYearStart('CALENDAR', '2024-07-15', '2025-01-01')).toBe('2025-01-01');
    expect(benefitYearEnd('CALENDAR', '2024-07-15', '2025-01-01')).toBe('2025-12-31');
    expect(benefitYearEnd('CALENDAR', '2030-07-15', '2025-06-30')).toBe('2025-12-31');
  });

  it('an anniversary year runs from the last anniversary on or before the date', () => {
    expect(benefitYearStart('ANNIVERSARY', '2020-03-31', '2025-03-30')).toBe('2024-03-31');
    expect(benefitYearStart('ANNIVERSARY', '2020-03-31', '2025-03-31')).toBe('2025-03-31');
    expect(benefitYearEnd('ANNIVERSARY', '2020-03-31', '2025-03-31')).toBe('2026-03-30');
    expect(benefitYearStart('ANNIVERSARY', '2020-12-31', '2026-01-01')).toBe('2025-12-31');
    expect(benefitYearEnd('ANNIVERSARY', '2020-12-31', '2026-01-01')).toBe('2026-12-30');
    expect(benefitYearStart('ANNIVERSARY', '2025-07-15', '2023-07-14')).toBe('2022-07-15');
    expect(benefitYearEnd('ANNIVERSARY', '2025-07-15', '2023-07-14')).toBe('2023-07-14');
  });

  it('names the date it cannot read', () => {
    expect(() => benefitYearStart('CALENDAR', '2024-07-15', '2025-02-29')).toThrow('onDate: expected a date');
    expect(() => benefitYearStart('ANNIVERSARY', '2024-07-32', '2025-02-01')).toThrow('policyStart: expected a date');
  });
});
