import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, signIn } from './fixtures.ts';

type Theme = 'light' | 'dark';

/** Opens the log-in page in the theme asked for (through the header's toggle). */
async function openLogIn(page: Page, theme: Theme) {
  await page.goto('/log-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  if (theme === 'dark') {
    await page.getByRole('button', { name: 'Activar tema oscuro' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  } else {
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test('log-in page', async ({ page }) => {
      await openLogIn(page, theme);
      await expectNoSeriousViolations(page);
    });

    test('log-in page showing field errors and a failed sign-in', async ({ page }) => {
      await openLogIn(page, theme);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page.getByText('Por favor ingresar Contraseña')).toBeVisible();
      await expectNoSeriousViolations(page);

      // An unknown account, so no demo account's failed-attempt counter moves.
      await page.getByLabel('Correo electrónico').fill('nadie@demo.local');
      await page.getByLabel('Contraseña').fill('not-the-password');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page.getByRole('alert')).toContainText('El correo o la contraseña no son correctos.');
      await expectNoSeriousViolations(page);
    });

    test('dashboard', async ({ page }) => {
      await openLogIn(page, theme);
      await signIn(page, ADMIN.email);
      await expect(page.getByText(`Hola, ${ADMIN.name}`)).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('insurers list', async ({ page }) => {
      await openLogIn(page, theme);
      await signIn(page, ADMIN.email, { to: '/app/aseguradoras' });
      await expect(page.getByText('1–20 de 25')).toBeVisible();
      await expect(page.locator('table')).toHaveAttribute('aria-busy', 'false');
      await expectNoSeriousViolations(page);
    });

    test('insurers as cards on a small screen, and a record that does not exist', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openLogIn(page, theme);
      await signIn(page, ADMIN.email, { to: '/app/aseguradoras' });
      await expect(page.getByTestId('record-cards').getByRole('listitem')).toHaveCount(20);
      await expectNoSeriousViolations(page);
      await page.goto('/app/aseguradoras/editar/99999');
      await expect(page.getByRole('heading', { level: 1, name: 'Registro no encontrado' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('insurers in Japanese, right to left, with the top navigation and its more menu', async ({ page }) => {
      await openLogIn(page, theme);
      await signIn(page, ADMIN.email, { to: '/app/aseguradoras', preferences: { locale: 'ja', direction: 'rtl', navType: 'TOP' } });
      await expect(page.getByRole('heading', { level: 1, name: '保険会社' })).toBeVisible();
      await expect(page.locator('table')).toHaveAttribute('aria-busy', 'false');
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'その他' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('insurer form, empty and with errors', async ({ page }) => {
      await openLogIn(page, theme);
      await signIn(page, ADMIN.email, { to: '/app/aseguradoras/nueva' });
      await expect(page.getByRole('heading', { level: 1, name: 'Nueva aseguradora' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Por favor ingresar Código')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
