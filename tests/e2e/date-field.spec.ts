import { expect, signIn, test } from './fixtures.ts';
import { catalogs } from './looks.ts';

// Issue 28, item 11: a date is typed in the panel's language order (día/mes/año in Spanish, 年/月/日 in Japanese,
// month/day/year in English), not the browser's (a native date input showed mm/dd/yyyy in a Spanish panel), by
// keyboard alone: typing fills each part and moves on; the arrows step a part.
const ORDER = { es: ['day', 'month', 'year'], ja: ['year', 'month', 'day'], en: ['month', 'day', 'year'] } as const;

for (const locale of ['es', 'ja', 'en'] as const) {
  const t = catalogs[locale];
  test(`the worklist's date range takes a day in the ${locale} order, by keyboard`, async ({ page }) => {
    await signIn(page, 'supervisor@demo.local', { to: '/app/verificaciones/nuevas', preferences: { locale } });
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

// Issue 28, item 11: the announcement's "Publicar desde" is a DateField and a 24-hour TimeField (no datetime-local
// in the browser's order); a save the form refuses keeps what was typed; the instant saved is the one typed.
for (const locale of ['es', 'ja'] as const) {
  const t = catalogs[locale];
  test(`an announcement's start is a day and a 24-hour time in the ${locale} order, kept through a refused save`, async ({ page }) => {
    await page.route('**/api/events**', (route) => route.fulfill({ status: 204 }));
    await signIn(page, 'admin@demo.local', { to: '/app/comunicados/nuevo' });
    if (locale !== 'es') await page.getByRole('combobox', { name: catalogs.es['header.language'] }).selectOption(locale);
    const from = page.getByRole('group', { name: t['announcements.field.publishFrom'], exact: true });
    const time = page.getByRole('group', { name: t['timeField.group'].replace('{label}', t['announcements.field.publishFrom']) });
    await expect(page.locator('input[type="datetime-local"], input[type="date"]')).toHaveCount(0);
    for (const [index, part] of ORDER[locale].entries()) await expect(from.getByRole('textbox').nth(index)).toHaveAccessibleName(t[`dateField.${part}`]!);
    const typed = { day: '05', month: '03', year: '2031' };
    await from.getByRole('textbox').first().focus();
    for (const part of ORDER[locale]) await page.keyboard.type(typed[part]);
    await time.getByRole('textbox', { name: t['timeField.hour'] }).focus();
    await page.keyboard.type('1430');
    await time.getByRole('textbox', { name: t['timeField.minute'] }).press('ArrowUp');

    // No title: the form refuses the save, and the day and time typed stay.
    await page.getByRole('button', { name: t['common.save'], exact: true }).click();
    await expect(page.getByRole('textbox', { name: t['announcements.field.title'] })).toHaveAttribute('aria-invalid', 'true');
    await expect(from.getByRole('textbox', { name: t['dateField.year'] })).toHaveValue('2031');
    await expect(time.getByRole('textbox', { name: t['timeField.minute'] })).toHaveValue('31');

    const title = `Fechas ${locale} ${Date.now()}`;
    await page.getByRole('textbox', { name: t['announcements.field.title'] }).fill(title);
    await page.getByRole('textbox', { name: t['announcements.field.body'] }).fill('Cierre.');
    await page.getByRole('combobox', { name: t['announcements.field.priority'] }).selectOption('medium');
    await page.getByRole('combobox', { name: t['announcements.field.audience'] }).selectOption('everyone');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/announcements') && r.request().method() === 'POST');
    await page.getByRole('button', { name: t['common.save'], exact: true }).click();
    const body = await (await saved).json();
    // The instant of 5 March 2031, 14:31 on the browser's clock.
    expect(body.publishFrom).toBe(await page.evaluate(() => new Date(2031, 2, 5, 14, 31).toISOString()));
  });
}
