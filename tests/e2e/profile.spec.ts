import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, READ_ONLY, apiToken, authHeader, signIn } from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { createUser, getUser, otherSession, uniqueEmail } from './user-fixtures.ts';

const PASSWORD = 'profile-pass-1';

/** The message an invalid field points at (aria-errormessage), which must sit in the field's own group. */
async function expectFieldError(input: Locator, message: string) {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const id = await input.getAttribute('aria-errormessage');
  expect(id, 'the invalid field names its error message').toBeTruthy();
  await expect(input.locator('xpath=ancestor::*[@role="group"][1]').locator(`[id="${id}"]`)).toHaveText(message);
}

/** A user of its own for each test, so demo accounts keep their names, languages and passwords. */
async function freshUser(page: Page, name: string, roles: string[] = ['read_only']) {
  const token = await apiToken(page.request);
  const email = uniqueEmail('perfil');
  const user = await createUser(page.request, token, { name, email, roles, password: PASSWORD });
  return { ...user, adminToken: token };
}

async function openOwnProfile(page: Page) {
  await page.goto('/app/perfil');
  await expect(page.getByRole('heading', { level: 2, name: 'Datos personales' })).toBeVisible();
}

test.describe('own profile', () => {
  test('changes name and language; the interface switches to the new language', async ({ page }) => {
    const user = await freshUser(page, 'Paz Perfil');
    await signIn(page, user.email, { password: PASSWORD });
    await openOwnProfile(page);
    await expect(page.getByLabel('Nombre')).toHaveValue('Paz Perfil');

    await page.getByLabel('Nombre').fill('Paz Renombrada');
    await page.locator('main').getByLabel('Idioma').selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Personal details' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Paz Renombrada');
    await expect(page.getByRole('banner').getByRole('button', { name: /Paz Renombrada/ })).toBeVisible();
    const saved = await getUser(page.request, user.adminToken, user.id);
    expect(saved).toMatchObject({ name: 'Paz Renombrada', locale: 'en', version: user.version + 1 });

    // The dashboard greets the account by its new name, not the one it signed in with.
    await page.getByTestId('side-nav').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Hello, Paz Renombrada')).toBeVisible();
    await page.goBack();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.locator('main').getByLabel('Language')).toHaveValue('en');
  });

  test('a wrong current password is shown next to its field and changes nothing', async ({ page }) => {
    const user = await freshUser(page, 'Pedro Contraseña');
    await signIn(page, user.email, { password: PASSWORD });
    await openOwnProfile(page);
    await page.getByLabel('Contraseña actual').fill('not-my-password');
    await page.getByLabel(/^Contraseña nueva/).fill('a-brand-new-one');
    await page.getByLabel('Repita la contraseña nueva').fill('a-brand-new-one');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expectFieldError(page.getByLabel('Contraseña actual'), 'La contraseña actual no es correcta');

    await page.getByLabel('Contraseña actual').fill(PASSWORD);
    await page.getByLabel('Repita la contraseña nueva').fill('something-else');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expectFieldError(page.getByLabel('Repita la contraseña nueva'), 'Las contraseñas nuevas no coinciden');
    expect((await page.request.post('/api/login', { data: { email: user.email, password: PASSWORD } })).status()).toBe(200);
  });

  test('changing the password signs the other sessions out and the new one works', async ({ page, browser }) => {
    const user = await freshUser(page, 'Clara Clave');
    const elsewhere = await otherSession(browser, user.email, PASSWORD);
    await signIn(page, user.email, { password: PASSWORD });
    await openOwnProfile(page);

    await page.getByLabel('Contraseña actual').fill(PASSWORD);
    await page.getByLabel(/^Contraseña nueva/).fill('clara-new-pass');
    await page.getByLabel('Repita la contraseña nueva').fill('clara-new-pass');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Contraseña cambiada. Se cerraron sus demás sesiones abiertas.' })).toBeVisible();
    await expect(page.getByLabel('Contraseña actual')).toHaveValue('');

    // This session goes on; the other one meets the session-expired dialog on its next request.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Datos personales' })).toBeVisible();
    await elsewhere.page.reload();
    await expect(elsewhere.page.getByRole('alertdialog', { name: 'Su sesión ha caducado' })).toBeVisible();
    await elsewhere.context.close();

    expect((await page.request.post('/api/login', { data: { email: user.email, password: PASSWORD } })).status()).toBe(401);
    const fresh = await otherSession(browser, user.email, 'clara-new-pass');
    await fresh.context.close();
  });

  test('the profile screen is accessible, keeps the display settings and reads well in Japanese', async ({ page }) => {
    const user = await freshUser(page, 'Aiko Acceso');
    await signIn(page, user.email, { password: PASSWORD });
    await openOwnProfile(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Configuraciones de la interfaz' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('ja');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 2, name: '個人情報' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'パスワードを変更' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test.describe('another user’s profile', () => {
  test('with users:read it is shown read only', async ({ page }) => {
    const token = await apiToken(page.request);
    const email = uniqueEmail('ajeno');
    const other = await createUser(page.request, token, { name: 'Úrsula Ajena', email, roles: ['verifier', 'treasury'], locale: 'fr', password: PASSWORD });
    await signIn(page, ADMIN.email, { to: `/app/perfil/${other.id}` });
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil de Úrsula Ajena' })).toBeVisible();
    const details = page.locator('dl');
    await expect(details).toContainText(email);
    await expect(details).toContainText('Français');
    await expect(details).toContainText('Verificador');
    await expect(details).toContainText('Tesorería');
    await expect(details).toContainText('Activo');
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);

    await page.goto('/app/perfil/99999');
    await expect(page.getByRole('heading', { level: 1, name: 'Registro no encontrado' })).toBeVisible();
  });

  test('without users:read it is refused', async ({ page }) => {
    const token = await apiToken(page.request);
    const admin = (await (await page.request.get('/api/me', { headers: authHeader(token) })).json()).user;
    await signIn(page, READ_ONLY.email, { to: `/app/perfil/${admin.id}` });
    await expect(page.getByRole('alert')).toHaveText('No tiene permiso para realizar esta acción.');
    await expect(page.getByText(ADMIN.email)).toHaveCount(0);
  });
});
