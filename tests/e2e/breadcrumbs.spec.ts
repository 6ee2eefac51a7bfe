import { catalogs } from './looks.ts';
import { expect, signIn, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

// Issue 28 item 16: below a list, the breadcrumb names the list the user came from, with its address (filters
// included), not always the area's first list: a verification opened from the worklist says the worklist's
// name, an orthodontic claim opened from the orthodontic list says that list's. In Spanish and in Japanese.

const crumbs = (page: Page, t: Record<string, string>) => page.getByRole('navigation', { name: t['nav.breadcrumbs'] }).locator('a[href]');

/** Opens the first record of the list on screen (a click on its first row's folio) and answers the breadcrumb's last link. */
async function openFirstRecord(page: Page, t: Record<string, string>) {
  const list = page.url();
  // A row of a record (named by its folio), not a loading placeholder.
  await page.getByRole('table').getByRole('row', { name: /-\d{4}-\d{6}/ }).first().getByRole('cell').nth(1).click();
  await expect(page).not.toHaveURL(list);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return crumbs(page, t).last();
}

for (const locale of ['es', 'ja'] as const) {
  const t = catalogs[locale];
  test(`a record's breadcrumb leads back to the list it was opened from (${locale})`, async ({ page }) => {
    await signIn(page, 'supervisor@demo.local', { to: '/app/verificaciones/nuevas', preferences: { locale } });
    let back = await openFirstRecord(page, t);
    await expect(back).toHaveText(t['area.verifications.new']);
    await expect(back).toHaveAttribute('href', '/app/verificaciones/nuevas');

    await page.goto('/app/verificaciones/existentes?sort=-createdAt');
    back = await openFirstRecord(page, t);
    await expect(back).toHaveText(t['area.verifications.existing']);
    await expect(back).toHaveAttribute('href', '/app/verificaciones/existentes?sort=-createdAt');
    await back.click();
    await expect(page).toHaveURL(/\/app\/verificaciones\/existentes\?sort=-createdAt$/);

    await page.goto('/app/reembolsos/ortodoncia');
    back = await openFirstRecord(page, t);
    await expect(back).toHaveText(t['area.reimbursements.orthodontic']);
    await expect(back).toHaveAttribute('href', '/app/reembolsos/ortodoncia');
  });
}
