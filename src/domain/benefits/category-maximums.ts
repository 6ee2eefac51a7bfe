import type { YearUsage } from './liquidate.ts';
import type { Category } from './procedures.ts';
import type { CategoryLimit } from './rules.ts';

/** What a category's own maximum still allows this benefit year: the smaller of the person's and the family's room; no maximum, no limit. */
export function categoryRoom(limit: CategoryLimit | undefined, year: YearUsage, category: Category): number {
  let room = Number.POSITIVE_INFINITY;
  if (limit?.individualCents !== undefined) room = Math.max(0, limit.individualCents - (year.categoryUsedCents?.[category] ?? 0));
  if (limit?.familyCents !== undefined) room = Math.min(room, Math.max(0, limit.familyCents - (year.familyCategoryUsedCents?.[category] ?? 0)));
  return room;
}

/** The year's category use with `cents` more paid in `category`, for the person and the family. */
export function countInCategory(year: YearUsage, category: Category, cents: number): Pick<YearUsage, 'categoryUsedCents' | 'familyCategoryUsedCents'> {
  return {
    categoryUsedCents: { ...year.categoryUsedCents, [category]: (year.categoryUsedCents?.[category] ?? 0) + cents },
    familyCategoryUsedCents: { ...year.familyCategoryUsedCents, [category]: (year.familyCategoryUsedCents?.[category] ?? 0) + cents },
  };
}
