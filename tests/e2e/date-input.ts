import { expect } from '@playwright/test';
import { tabTo } from './keyboard.ts';
import type { Locator, Page } from '@playwright/test';

/** A DateField (day, month and year boxes in the language's order), found as the group its label names. */
export const dateField = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('group', { name });

/**
 * Types a `YYYY-MM-DD` day (or '' to empty it) into a DateField, part by part whatever order the language shows
 * them in, as a person types each box; the field gives its value once the parts make a real day.
 */
export async function fillDate(field: Locator, iso: string) {
  const [year = '', month = '', day = ''] = iso ? iso.split('-') : [];
  for (const [part, value] of [['day', day], ['month', month], ['year', year]] as const) await field.locator(`input[data-part="${part}"]`).fill(value);
}

/** The DateField shows that day (each part in its box), or is empty for ''. */
export async function expectDate(field: Locator, iso: string) {
  const [year = '', month = '', day = ''] = iso ? iso.split('-') : [];
  for (const [part, value] of [['day', day], ['month', month], ['year', year]] as const) await expect(field.locator(`input[data-part="${part}"]`)).toHaveValue(value);
}

/** The DateField's first box in the language's order, where typing the whole day starts (Spanish: day, month, year). */
export const firstBox = (field: Locator) => field.getByRole('textbox').first();

/** Reaches a DateField's first box with Tab and types the day as a person reads it in Spanish (day, month, year). */
export async function tabAndTypeDate(page: Page, field: Locator, iso: string) {
  await tabTo(page, firstBox(field));
  await page.keyboard.type(`${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`);
}
