import { ADMIN, expect, logOutFromMenu, signIn, test } from './fixtures.ts';
import { readSecure } from './secure-storage.ts';

// Issue 28 item 21: besides auth_token, user_loged and errors the panel keeps nothing in the clear: preferences and
// list choices are `@secure.<type>.<name>` entries, encrypted under a key of this browser; logout clears them, the
// key, and the tab's session storage.

const inClear = ['auth_token', 'user_loged', 'errors'];

test('preferences are kept encrypted under @secure. and still apply after a reload; logout clears every storage and the key', async ({ page }) => {
  await signIn(page, ADMIN.email, { to: '/app/aseguradoras' });
  await page.getByRole('button', { name: 'Activar tema oscuro' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Columnas' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'País' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => readSecure(page, 'preferences')).toMatchObject({ currentTheme: 'dark' });

  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  const others = Object.keys(stored).filter((key) => !inClear.includes(key));
  expect(others.length).toBeGreaterThanOrEqual(2);
  for (const key of others) {
    expect(key).toMatch(/^@secure\.[bjns]\./);
    expect(stored[key]).not.toMatch(/dark|country|currentTheme/);
  }
  expect(others).toContain('@secure.j.preferences');

  await page.evaluate(() => sessionStorage.setItem('typed', 'borrador'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('columnheader', { name: 'País' })).toHaveCount(0);

  await logOutFromMenu(page);
  await expect.poll(() => page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain('dental-secure-storage');
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});
