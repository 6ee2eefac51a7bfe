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

/** The deductible counter a line reads: its category's own when `own` names one, else the general one (person and family). */
export function deductibleCounter(year: YearUsage, own: Category | null): { individual: number; family: number } {
  if (own === null) return { individual: year.deductibleUsedCents, family: year.familyDeductibleUsedCents };
  return { individual: year.categoryDeductibleUsedCents?.[own] ?? 0, family: year.familyCategoryDeductibleUsedCents?.[own] ?? 0 };
}

/** The year's deductible use with `cents` more taken on the general counter, or on category `own`'s when it has its own deductible. */
export function withDeductible(year: YearUsage, own: Category | null, cents: number): Partial<YearUsage> {
  if (own === null) return { deductibleUsedCents: year.deductibleUsedCents + cents, familyDeductibleUsedCents: year.familyDeductibleUsedCents + cents };
  return {
    categoryDeductibleUsedCents: { ...year.categoryDeductibleUsedCents, [own]: (year.categoryDeductibleUsedCents?.[own] ?? 0) + cents },
    familyCategoryDeductibleUsedCents: { ...year.familyCategoryDeductibleUsedCents, [own]: (year.familyCategoryDeductibleUsedCents?.[own] ?? 0) + cents },
  };
}
