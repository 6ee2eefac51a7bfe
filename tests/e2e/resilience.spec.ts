import { expect, test } from '@playwright/test';
import { ADMIN, PASSWORD, apiToken, authHeader, createInsurer, removeInsurer, signIn, tokenOf } from './fixtures.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

test.describe('when things go wrong', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.email, { to: null });
  });

  test("a screen whose code fails to load shows 'Loading chunk failed' and loads on retry", async ({ page }) => {
    let block = true;
    await page.route(/\/assets\/InsurersListScreen-[^/]+\.js$/, (route) => (block ? route.abort('failed') : route.continue()));
    await page.goto('/app/aseguradoras');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
    block = false;
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aseguradoras' })).toBeVisible();
    await expect(page.getByText('1–20 de 25')).toBeVisible();
  });

  test('a record that does not exist is a localized not-found state, not the error screen', async ({ page }) => {
    await page.goto('/app/aseguradoras/editar/987654');
    await expect(page.getByRole('heading', { level: 1, name: 'Registro no encontrado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver a Aseguradoras' })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  });

  test("an unexpected failure loading a record shows 'Unexpected Application Error!' with the status", async ({ page }) => {
    await page.route(/\/api\/insurers\/1$/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500, code: 'server.unexpected' }) }),
    );
    await page.goto('/app/aseguradoras/editar/1');
    const alert = page.getByRole('alert').filter({ hasText: 'Unexpected Application Error!' });
    await expect(alert.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible({ timeout: hangLimit(20_000) });
    await expect(alert).toContainText('500');
  });

  test('a list that fails to load says so and loads on retry', async ({ page }) => {
    let fail = true;
    await page.route(/\/api\/insurers\?/, (route) =>
      fail
        ? route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'server.unexpected' }) })
        : route.continue(),
    );
    await page.goto('/app/aseguradoras');
    const alert = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar los datos.' });
    await expect(alert).toBeVisible({ timeout: hangLimit(20_000) });
    fail = false;
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('1–20 de 25')).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('an expired session asks to sign in again without losing the form being edited', async ({ page, request }) => {
    const token = await apiToken(request);
    const insurer = await createInsurer(request, token, { code: 'E2EEXP', name: 'Antes de caducar' });
    try {
      await page.goto(`/app/aseguradoras/editar/${insurer.id}`);
      const name = page.getByLabel('Nombre comercial');
      await expect(name).toHaveValue('Antes de caducar');
      await name.fill('Editado durante la sesión');

      // The session ends elsewhere (revoked), while the user is typing.
      const revoked = await request.post('/api/logout', { headers: authHeader(await tokenOf(page)) });
      expect(revoked.status()).toBe(204);
      await page.getByRole('button', { name: 'Guardar' }).click();

      const dialog = page.getByRole('alertdialog', { name: 'Su sesión ha caducado' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Correo electrónico')).toHaveValue(ADMIN.email);
      await dialog.getByLabel('Contraseña').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Ingresar' }).click();
      await expect(dialog).toBeHidden();

      await expect(name).toHaveValue('Editado durante la sesión');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Cambios guardados')).toBeVisible();
      const saved = await request.get(`/api/insurers/${insurer.id}`, { headers: authHeader(await tokenOf(page)) });
      expect((await saved.json()).name).toBe('Editado durante la sesión');
    } finally {
      await removeInsurer(request, token, 'E2EEXP');
    }
  });
});
