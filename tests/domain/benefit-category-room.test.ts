import { describe, expect, it } from 'vitest';
import { categoryRoom, countInCategory } from '@core/benefits/category-maximums.ts';
import { EMPTY_YEAR_USAGE, type YearUsage } from '@core/benefits/index.ts';

// A category's own maximum (research 2.2 MAXIMUM) leaves the smaller of the person's and the family's room.
const year = (over: Partial<YearUsage>): YearUsage => ({ ...EMPTY_YEAR_USAGE, ...over });

describe('the room a category maximum leaves this benefit year', () => {
  it('is unlimited when the category has no maximum, or one with neither amount', () => {
    expect(categoryRoom(undefined, year({ categoryUsedCents: { MAJOR: 1_000_000 } }), 'MAJOR')).toBe(Number.POSITIVE_INFINITY);
    expect(categoryRoom({}, year({}), 'MAJOR')).toBe(Number.POSITIVE_INFINITY);
  });

  it.each<[string, Partial<YearUsage>, number]>([
    ['nothing used yet (no use recorded)', {}, 30_000],
    ['nothing used in this category', { categoryUsedCents: { BASIC: 25_000 } }, 30_000],
    ['part used', { categoryUsedCents: { MAJOR: 12_500 } }, 17_500],
    ['all used', { categoryUsedCents: { MAJOR: 30_000 } }, 0],
    ['more than all used (a lowered maximum)', { categoryUsedCents: { MAJOR: 45_000 } }, 0],
    ['the family’s use does not count for a personal maximum', { familyCategoryUsedCents: { MAJOR: 29_000 } }, 30_000],
  ])('a personal maximum of 300.00 with %s', (_label, usage, room) => {
    expect(categoryRoom({ individualCents: 30_000 }, year(usage), 'MAJOR')).toBe(room);
  });

  it.each<[string, Partial<YearUsage>, number]>([
    ['nothing used', {}, 80_000],
    ['the family used part', { familyCategoryUsedCents: { MAJOR: 50_000 } }, 30_000],
    ['the family used it all and more', { familyCategoryUsedCents: { MAJOR: 90_000 } }, 0],
    ['the person’s own use does not count for a family maximum', { categoryUsedCents: { MAJOR: 70_000 } }, 80_000],
  ])('a family maximum of 800.00 with %s', (_label, usage, room) => {
    expect(categoryRoom({ familyCents: 80_000 }, year(usage), 'MAJOR')).toBe(room);
  });

  it('is the smaller of the two rooms when both are set', () => {
    const limit = { individualCents: 30_000, familyCents: 80_000 };
    expect(categoryRoom(limit, year({ categoryUsedCents: { MAJOR: 10_000 }, familyCategoryUsedCents: { MAJOR: 40_000 } }), 'MAJOR')).toBe(20_000);
    expect(categoryRoom(limit, year({ categoryUsedCents: { MAJOR: 10_000 }, familyCategoryUsedCents: { MAJOR: 70_000 } }), 'MAJOR')).toBe(10_000);
    expect(categoryRoom(limit, year({ categoryUsedCents: { MAJOR: 10_000 }, familyCategoryUsedCents: { MAJOR: 95_000 } }), 'MAJOR')).toBe(0);
  });
});

describe('counting a payment in its category', () => {
  it('adds it to the person’s and the family’s use of that category, keeping the others', () => {
    const before = year({ annualUsedCents: 9_999, categoryUsedCents: { MAJOR: 1_000, BASIC: 500 }, familyCategoryUsedCents: { MAJOR: 4_000, PREVENTIVE: 700 } });
    expect(countInCategory(before, 'MAJOR', 2_500)).toEqual({
      categoryUsedCents: { MAJOR: 3_500, BASIC: 500 },
      familyCategoryUsedCents: { MAJOR: 6_500, PREVENTIVE: 700 },
    });
    expect(before.categoryUsedCents).toEqual({ MAJOR: 1_000, BASIC: 500 });
  });

  it('starts from nothing when the year has no use of the category yet', () => {
    expect(countInCategory(EMPTY_YEAR_USAGE, 'BASIC', 800)).toEqual({ categoryUsedCents: { BASIC: 800 }, familyCategoryUsedCents: { BASIC: 800 } });
    expect(countInCategory(year({ categoryUsedCents: { MAJOR: 1 } }), 'BASIC', 800)).toEqual({
      categoryUsedCents: { MAJOR: 1, BASIC: 800 },
      familyCategoryUsedCents: { BASIC: 800 },
    });
  });
});
