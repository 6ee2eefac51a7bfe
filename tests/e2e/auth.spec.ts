import { expect, test } from '@playwright/test';
import { ADMIN, logOutFromMenu, signIn, storage, submitLogIn, sideNav } from './fixtures.ts';

test.describe('sign-in and session', () => {
  test('admin signs in, sees the dashboard, and logs out clearing the storage', async ({ page }) => {
    await page.goto('/log-in');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await submitLogIn(page, ADMIN.email);

    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByText(`Hola, ${ADMIN.name}`)).toBeVisible();
    await expect(page.getByTestId('roles')).toHaveText('Rol: Administrador');

    const stored = await storage(page);
    expect(stored.auth_token).toBeTruthy();
    expect(JSON.parse(stored.user_loged)).toMatchObject({ email: ADMIN.email, name: ADMIN.name });
    // What the tab keeps in its session storage goes too (issue 28, item 21).
    await page.evaluate(() => sessionStorage.setItem('panel.scroll', '120'));

    await expect(page.getByRole('button', { name: `Menú de ${ADMIN.name}` })).toBeVisible();
    await logOutFromMenu(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect.poll(() => storage(page)).toEqual({});
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await page.goto('/app/aseguradoras');
    await expect(page).toHaveURL('/log-in?redirect=%2Fapp%2Faseguradoras');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  });

  test('the user menu stays under its button, in the sticky header, when the page scrolls under it', async ({ page }) => {
    // ci56 lost a log-out: Playwright scrolled the page to reach "Cerrar sesión", the menu went up with the page, was
    // placed again under its button between the press (y 16) and the release (y 106), and the release hit the header.
    await page.setViewportSize({ width: 1280, height: 500 });
    await signIn(page, ADMIN.email, { to: '/app/dashboard' });
    await expect(page.getByText(`Hola, ${ADMIN.name}`)).toBeVisible();
    await page.getByRole('button', { name: `Menú de ${ADMIN.name}` }).click();
    const item = page.getByRole('menuitem', { name: 'Cerrar sesión' });
    await expect(item).toBeVisible();
    // Where the item is right after a scroll, before any frame could place the menu again.
    const shift = await page.evaluate(() => {
      const at = () => [...document.querySelectorAll('[role="menuitem"]')].find((e) => e.textContent === 'Cerrar sesión')!.getBoundingClientRect().top;
      const before = at();
      scrollTo({ top: 90, behavior: 'instant' });
      return { scrolled: scrollY, moved: Math.round(at() - before) };
    });
    expect(shift).toEqual({ scrolled: 90, moved: 0 });
    await logOutFromMenu(page, { opened: true });
  });

  test('a wrong password shows an alert and records the error', async ({ page }) => {
    await page.goto('/log-in');
    await submitLogIn(page, ADMIN.email, 'not-the-password');

    await expect(page.getByRole('alert')).toContainText('El correo o la contraseña no son correctos.');
    await expect(page).toHaveURL(/\/log-in$/);
    await expect.poll(async () => (await storage(page)).errors).toBeTruthy();
    expect((await storage(page)).auth_token).toBeUndefined();
  });

  test('an empty submit shows an error under each field', async ({ page }) => {
    await page.goto('/log-in');
    await page.getByRole('button', { name: 'Ingresar' }).click();

    await expect(page.getByText('Por favor ingresar Correo electrónico')).toBeVisible();
    await expect(page.getByText('Por favor ingresar Contraseña')).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/log-in$/);
  });

  test('a private link opened signed out comes back after signing in', async ({ page }) => {
    await page.goto('/log-in');
    await page.goto('/app/aseguradoras?page=2');
    await expect(page).toHaveURL('/log-in?redirect=%2Fapp%2Faseguradoras%3Fpage%3D2');

    // The redirect replaced the history entry: going back skips the private page.
    await page.goBack();
    await expect(page).toHaveURL(/\/log-in$/);
    await page.goForward();
    await expect(page).toHaveURL('/log-in?redirect=%2Fapp%2Faseguradoras%3Fpage%3D2');

    await submitLogIn(page, ADMIN.email);
    await expect(page).toHaveURL('/app/aseguradoras?page=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Aseguradoras' })).toBeVisible();
    await expect(page.getByText('21–25 de 25')).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(5);
  });

  test('a signed-in user opening /log-in is sent home', async ({ page }) => {
    await signIn(page, ADMIN.email, { to: '/log-in' });
    await expect(page).toHaveURL(/\/app\/(dashboard|default|panel\/default)$/);
    await expect(page.getByText(`Hola, ${ADMIN.name}`)).toBeVisible();
  });

  test('unknown paths and the root go to the dashboard when signed in', async ({ page }) => {
    await signIn(page, ADMIN.email, { to: '/no/such/page' });
    await expect(page).toHaveURL('/app/panel/default');
    await expect(page.getByText(`Hola, ${ADMIN.name}`)).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL('/app/panel/default');
    await expect(page.getByText(`Hola, ${ADMIN.name}`)).toBeVisible();
  });

  test('unknown paths and the root go to log-in when signed out', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/log-in\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/app/panel/default');

    await page.goto('/');
    await expect(page).toHaveURL('/log-in?redirect=%2Fapp%2Fpanel%2Fdefault');
    await submitLogIn(page, ADMIN.email);
    await expect(page).toHaveURL('/app/panel/default');
  });

  test('a new account registers, is signed in, and has no role yet', async ({ page }) => {
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/log-in');
    await page.getByRole('link', { name: '¿No tiene cuenta? Regístrese' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();

    await page.getByLabel('Nombre').fill('Eva Ensayo');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('una-clave-segura-123');
    await page.getByRole('button', { name: 'Registrarme' }).click();

    await expect(page).not.toHaveURL(/\/register/);
    await expect(page.getByText('Hola, Eva Ensayo')).toBeVisible();
    await expect(page.getByText(/^Su cuenta todavía no tiene un rol/)).toBeVisible();
    const stored = await storage(page);
    expect(stored.auth_token).toBeTruthy();
    expect(JSON.parse(stored.user_loged)).toMatchObject({ email, roles: [] });

    const nav = sideNav(page);
    await expect(nav.getByRole('link', { name: 'Panel' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Búsqueda' })).toBeVisible();
    // The settings catalogs need settings:read, which no role has given this account yet.
    await expect(nav.getByRole('link', { name: 'Configuraciones' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Aseguradoras' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  });

  test('forgot password answers without revealing whether the account exists', async ({ page }) => {
    await page.goto('/log-in');
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' })).toBeVisible();

    await page.getByLabel('Correo electrónico').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Si la cuenta existe' })).toHaveText(
      'Si la cuenta existe, le enviamos un enlace para restablecer la contraseña.',
    );
  });
});
