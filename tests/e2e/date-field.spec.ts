import { expect, signIn, test } from './fixtures.ts';
import { catalogs } from './looks.ts';

// Issue 28, item 11: a date is typed in the panel's language order (día/mes/año in Spanish, 年/月/日 in Japanese,
// month/day/year in English), not the browser's (a native date input showed mm/dd/yyyy in a Spanish panel), by
// keyboard alone: typing fills each part and moves on; the arrows step a part.
const ORDER = { es: ['day', 'month', 'year'], ja: ['year', 'month', 'day'], en: ['month', 'day', 'year'] } as const;

for (const locale of ['es', 'ja', 'en'] as const) {
  const t = catalogs[locale];
  test(`the worklist's date range takes a day in the ${locale} order, by keyboard`, async ({ page }) => {
    await signIn(page, 'supervisor@demo.local');
    await page.evaluate((language) => localStorage.setItem('preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('preferences') ?? '{}'), locale: language })), locale);
    await page.goto('/app/verificaciones/nuevas');
    const from = page.getByRole('group', { name: t['verifications.filter.from'] });
    const boxes = from.getByRole('textbox');
    await expect(boxes).toHaveCount(3);
    // The parts in the language's order, each named.
    for (const [index, part] of ORDER[locale].entries()) await expect(boxes.nth(index)).toHaveAccessibleName(t[`dateField.${part}`]!);
    await expect(from.locator('input[type="date"]')).toHaveCount(0);

    const typed = { day: '05', month: '03', year: '2026' };
    await boxes.first().focus();
    for (const part of ORDER[locale]) await page.keyboard.type(typed[part]);
    await expect(page).toHaveURL(/[?&]from=2026-03-05(&|$)/);
    // ArrowUp on the day steps it to the 6th.
    await from.getByRole('textbox', { name: t['dateField.day'] }).press('ArrowUp');
    await expect(page).toHaveURL(/[?&]from=2026-03-06(&|$)/);
    // The 31st of March, then February: an impossible day (31 February) changes nothing.
    await from.getByRole('textbox', { name: t['dateField.day'] }).fill('31');
    await expect(page).toHaveURL(/[?&]from=2026-03-31(&|$)/);
    await from.getByRole('textbox', { name: t['dateField.month'] }).fill('02');
    await expect(from.getByRole('textbox', { name: t['dateField.month'] })).toHaveValue('02');
    await expect(page).toHaveURL(/[?&]from=2026-03-31(&|$)/);
  });
}
