import { IntlMessageFormat } from 'intl-messageformat';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, READ_ONLY, signIn, test } from './fixtures.ts';
import { catalogs } from './looks.ts';

// Issue 28, item 15: a screen the user's role does not open is a page of its own (a title, the breadcrumbs, which
// screen and why, the ways back), not a bare banner; in Spanish and in Japanese, axe clean.
for (const locale of ['es', 'ja'] as const) {
  test(`a screen the role does not open says so with a title, breadcrumbs and the ways back (${locale})`, async ({ page }) => {
    const t = catalogs[locale];
    await signIn(page, READ_ONLY.email, { to: '/app/dashboard' });
    if (locale !== 'es') {
      await page.getByRole('combobox', { name: catalogs.es['header.language'] }).selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    }
    // From the dashboard, by the address (the menu does not offer it).
    await page.goto('/app/usuarios');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['forbidden.title']);
    await expect(page).toHaveTitle(new RegExp(`^${t['forbidden.title']} · `));
    await expect(page.getByRole('navigation', { name: t['nav.breadcrumbs'] })).toContainText(t['forbidden.title']);
    await expect(page.getByRole('alert')).toHaveText(t['code.auth.forbidden']);
    await expect(page.getByText(String(new IntlMessageFormat(t['forbidden.body'], locale).format({ screen: t['area.users.list'] })))).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: t['common.back'] }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/app\/usuarios$/);
    await page.getByRole('link', { name: t['forbidden.home'] }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(t['forbidden.title']);
  });
}
