import { catalogs } from './looks.ts';
import { apiToken, authHeader, expect, submitLogIn, test } from './fixtures.ts';
import { createUser, uniqueEmail } from './user-fixtures.ts';

// Issue 28 item 18: the language chosen in the header is the user's preference, saved to the profile like the
// profile form's; signing out clears the browser's storage, and the next sign-in opens in that language. A user of
// the test's own (the demo users' languages are other tests' starting point).

const { es, ja } = catalogs;
const PASSWORD = 'idioma-1234';

test('a language chosen in the header is saved to the profile and opens the next sign-in', async ({ page, request }) => {
  const email = uniqueEmail('idioma');
  const name = 'Irene Idioma';
  await createUser(request, await apiToken(request), { name, email, roles: ['read_only'], password: PASSWORD });

  await page.goto('/log-in');
  await submitLogIn(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: es['header.userMenu'].replace('{name}', name) })).toBeVisible();
  await page.getByRole('combobox', { name: es['header.language'] }).selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  const headers = authHeader((await login.json()).authorisation.token);
  await expect.poll(async () => (await (await request.get('/api/me', { headers })).json()).user.locale).toBe('ja');

  await page.getByRole('button', { name: ja['header.userMenu'].replace('{name}', name) }).click();
  await page.getByRole('menuitem', { name: ja['header.logout'] }).click();
  await expect(page).toHaveURL(/\/log-in$/);
  // Signing out cleared the browser's storage: a fresh page opens in the panel's default language.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await submitLogIn(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: ja['header.userMenu'].replace('{name}', name) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('combobox', { name: ja['header.language'] })).toHaveValue('ja');
});
