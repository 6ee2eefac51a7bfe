import { BenefitInputError } from './errors.ts';

/** A calendar date as `YYYY-MM-DD` (years 0000–9999). Valid ISO dates compare correctly as strings. */
export type IsoDate = string;

/** How benefit years are counted: from 1 January, or from each anniversary of the policy start (R4). */
export type BenefitYearKind = 'CALENDAR' | 'ANNIVERSARY';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True for a string `YYYY-MM-DD` naming a real calendar day. */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

interface Ymd {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function parse(date: IsoDate, path = 'date'): Ymd {
  if (!isIsoDate(date)) throw new BenefitInputError(path, `expected a date YYYY-MM-DD, got ${String(date)}`);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

function format({ year, month, day }: Ymd): IsoDate {
  if (year < 0 || year > 9999) throw new BenefitInputError('date', `year ${year} is outside 0000–9999`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 (proleptic Gregorian; H. Hinnant's days_from_civil). */
function toDayNumber({ year, month, day }: Ymd): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(days: number): Ymd {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** -1, 0 or 1 as `a` is before, equal to or after `b`. */
export function compareDates(a: IsoDate, b: IsoDate): -1 | 0 | 1 {
  parse(a, 'a');
  parse(b, 'b');
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `date` plus `days` (may be negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new BenefitInputError('days', `expected an integer, got ${days}`);
  return format(fromDayNumber(toDayNumber(parse(date)) + days));
}

/**
 * `date` plus `months` (may be negative). The day is kept, or clamped to the last day of the target
 * month: 2025-01-31 + 1 month = 2025-02-28; 2024-02-29 + 12 months = 2025-02-28.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isSafeInteger(months)) throw new BenefitInputError('months', `expected an integer, got ${months}`);
  const { year, month, day } = parse(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return format({ year: y, month: m, day: Math.min(day, daysInMonth(y, m)) });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(parse(to, 'to')) - toDayNumber(parse(from, 'from'));
}

/**
 * Age in whole years on `onDate`. The age goes up on the birthday; someone born on 29 February
 * turns a year older on 1 March in common years. Negative before birth is reported as -1.
 */
export function ageOn(birthDate: IsoDate, onDate: IsoDate): number {
  const b = parse(birthDate, 'birthDate');
  const d = parse(onDate, 'onDate');
  const beforeBirthday = d.month < b.month || (d.month === b.month && d.day < b.day);
  const age = d.year - b.year - (beforeBirthday ? 1 : 0);
  return age < 0 ? -1 : age;
}

/** The 1st of the month after `date` (2025-01-31 → 2025-02-01; 2025-12-05 → 2026-01-01). */
export function firstDayOfNextMonth(date: IsoDate): IsoDate {
  const { year, month } = parse(date);
  return month === 12 ? format({ year: year + 1, month: 1, day: 1 }) : format({ year, month: month + 1, day: 1 });
}

/**
 * First day of the benefit year containing `onDate`. CALENDAR: 1 January of that year. ANNIVERSARY:
 * the latest anniversary of `policyStart` on or before `onDate` (anniversaries of 29 February fall on
 * 28 February in common years); for dates before the policy start the same arithmetic runs backwards.
 */
export function benefitYearStart(kind: BenefitYearKind, policyStart: IsoDate, onDate: IsoDate): IsoDate {
  const on = parse(onDate, 'onDate');
  if (kind === 'CALENDAR') return format({ year: on.year, month: 1, day: 1 });
  const start = parse(policyStart, 'policyStart');
  let years = on.year - start.year;
  let candidate = addMonths(policyStart, 12 * years);
  while (candidate > onDate) {
    years -= 1;
    candidate = addMonths(policyStart, 12 * years);
  }
  return candidate;
}

/** Last day of the benefit year containing `onDate` (the day before the next benefit year starts). */
export function benefitYearEnd(kind: BenefitYearKind, policyStart: IsoDate, onDate: IsoDate): IsoDate {
  const start = benefitYearStart(kind, policyStart, onDate);
  if (kind === 'CALENDAR') return `${start.slice(0, 4)}-12-31`;
  const years = Number(start.slice(0, 4)) - Number(policyStart.slice(0, 4));
  return addDays(addMonths(policyStart, 12 * (years + 1)), -1);
}
