import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, submitLogIn, test } from './fixtures.ts';

// Issue 28 item 22: a support engineer opening the console sees the panel's own problems, not noise: signing in
// and opening a form (with no draft kept) log no error and no warning.
function consoleOf(page: Page) {
  const logged: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => logged.push(`uncaught: ${error.message}`));
  return logged;
}

for (const { locale, menu, title } of [
  { locale: 'es', menu: /^Menú de /, title: 'Nueva verificación' },
  { locale: 'ja', menu: / のメニュー$/, title: '資格確認の新規作成' },
]) {
  test(`signing in and opening a form leave the console clean (${locale})`, async ({ page }) => {
    const logged = consoleOf(page);
    await page.goto('/log-in');
    await page.evaluate((value) => localStorage.setItem('preferences', JSON.stringify({ locale: value })), locale);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    if (locale === 'es') await submitLogIn(page, 'verificador@demo.local');
    else {
      await page.locator('input[type="email"]').fill('verificador@demo.local');
      await page.locator('input[type="password"]').fill('demo1234');
      await page.locator('form button[type="submit"]').click();
    }
    await expect(page.getByRole('button', { name: menu, includeHidden: true })).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await page.goto('/app/verificaciones/nueva');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    expect(logged).toEqual([]);
  });
}
