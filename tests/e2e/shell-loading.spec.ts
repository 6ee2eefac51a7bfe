import { expect, test, type Page, type Route } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, signIn, submitLogIn } from './fixtures.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// How the panel loads: what shows before the scripts, while the signed-in layout's code and the
// first data come, and when coming back to a screen already seen. Behaviour only, never timings.

/** Holds every request matching `pattern` until `release()` (the answers then go through). */
async function hold(page: Page, pattern: string | RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => (released ? route.continue() : void held.push(route)));
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/**
 * From now on, notes whether any state of the page (after each change of the DOM) showed a spinner in
 * the content, the full-page spinner, or nothing at all: neither the log-in card, nor the signed-in
 * layout, nor its outline.
 */
async function watchPage(page: Page) {
  await page.evaluate(() => {
    const seen = { spinner: false, pageSpinner: false, blank: false };
    Object.assign(window, { __seen: seen });
    new MutationObserver(() => {
      if (document.querySelector('main .ui-loading, main .chakra-spinner')) seen.spinner = true;
      if (document.querySelector('.ui-loading[data-cover="page"]')) seen.pageSpinner = true;
      if (!document.querySelector('.pub-card, [data-testid="side-nav"], .shell-skeleton')) seen.blank = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __seen: { spinner: boolean; pageSpinner: boolean; blank: boolean } }).__seen);
}

test.describe('before the scripts run', () => {
  test('the log-in page draws its header and card from the HTML alone, and passes axe', async ({ page }) => {
    const scripts = await hold(page, /\/assets\/.*\.js$/);
    await page.goto('/log-in', { waitUntil: 'commit' });
    await expect(page.locator('.boot-public .pub-brand')).toHaveText('Panel de administración dental');
    await expect(page.locator('.boot-public .pub-card')).toBeVisible();
    await expect(page.locator('.boot-app')).toBeHidden();
    expect(scripts.count()).toBeGreaterThan(0);
    await scripts.release();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    // React replaced the outline: one header, the real one with its switches.
    await expect(page.locator('.pub-brand')).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('with a stored session the signed-in layout’s outline shows, in the stored dark theme', async ({ page, request }) => {
    const token = await apiToken(request);
    await page.addInitScript((stored) => {
      localStorage.setItem('auth_token', stored);
      localStorage.setItem('preferences', JSON.stringify({ currentTheme: 'dark' }));
    }, token);
    const scripts = await hold(page, /\/assets\/.*\.js$/);
    await page.goto('/app/doctores', { waitUntil: 'commit' });
    await expect(page.locator('.boot-app.shell-skeleton')).toBeVisible();
    await expect(page.locator('.boot-public')).toBeHidden();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await scripts.release();
    await expect(page.getByTestId('side-nav')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Doctores' })).toBeVisible();
  });
});

test.describe('signing in', () => {
  test('the log-in page alone loads no signed-in code; typing starts it', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto('/log-in');
    await page.waitForLoadState('networkidle');
    const signedInCode = (paths: string[]) => paths.filter((p) => /\/assets\/(SignedInShell|PrivateRoutes|es)-[\w-]+\.js$/.test(p));
    expect(signedInCode(loaded)).toEqual([]);
    await page.getByLabel('Correo electrónico').pressSequentially('a');
    await expect.poll(() => signedInCode(loaded).length).toBeGreaterThanOrEqual(3);
  });

  test('the layout and menu show before the dashboard’s data, never a blank page', async ({ page }) => {
    const dashboard = await hold(page, '**/api/dashboard');
    await page.goto('/log-in');
    const seen = await watchPage(page);
    await submitLogIn(page, ADMIN.email);
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Panel' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Menú de / })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
    // The dashboard was asked for together with the rest, and is still on its way.
    await expect.poll(() => dashboard.count()).toBe(1);
    await expect(page.locator('[data-testid^="dashboard-section-"]')).toHaveCount(0);
    await dashboard.release();
    await expect(page.locator('[data-testid^="dashboard-section-"]').first()).toBeVisible();
    expect(await seen()).toMatchObject({ blank: false, pageSpinner: false });
  });

  test('while the layout’s code is on its way, its outline stands in (no blank page, no full-page spinner)', async ({ page }) => {
    const shellCode = await hold(page, /\/assets\/SignedInShell-[\w-]+\.js$/);
    await page.goto('/log-in');
    // A password manager's fill: no key press on the page, so the click is the first thing that asks for the code.
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill('demo1234');
    const seen = await watchPage(page);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('shell-skeleton')).toBeVisible();
    await expect(page.getByTestId('shell-skeleton').locator('.shell-skeleton-brand')).toHaveText('Panel de administración dental');
    await expect(page.locator('.ui-loading[data-cover="page"]')).toHaveCount(0);
    await shellCode.release();
    await expect(page.getByTestId('side-nav')).toBeVisible();
    await expect(page.getByTestId('shell-skeleton')).toHaveCount(0);
    expect(await seen()).toMatchObject({ blank: false, pageSpinner: false });
  });
});

test.describe('the menu', () => {
  test('a list seen before shows its rows at once, without a spinner, while it is read again', async ({ page }) => {
    await signIn(page, ADMIN.email);
    const nav = page.getByTestId('side-nav').getByRole('navigation');
    await nav.getByRole('link', { name: 'Aseguradoras', exact: true }).click();
    const firstRow = page.locator('main tbody tr[data-index]').first();
    await expect(firstRow).toBeVisible();
    const shown = await firstRow.getAttribute('aria-label');
    await nav.getByRole('link', { name: 'Doctores', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Doctores' })).toBeVisible();

    const reread = await hold(page, /\/api\/insurers\?/);
    const seen = await watchPage(page);
    await nav.getByRole('link', { name: 'Aseguradoras', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aseguradoras' })).toBeVisible();
    await expect(firstRow).toHaveAttribute('aria-label', shown!);
    // Not even for a moment: the screen's code is here, and so are its rows.
    expect(await seen()).toMatchObject({ spinner: false, blank: false });
    // The rows are the cached ones: the list is being read again, and says so.
    await expect.poll(() => reread.count()).toBeGreaterThan(0);
    await expect(page.locator('main table')).toHaveAttribute('aria-busy', 'true');
    await reread.release();
    await expect(page.locator('main table')).toHaveAttribute('aria-busy', 'false');
  });

  test('a menu entry’s screen code is loaded before its first click: on pointing at it, and every entry’s once the pointer reaches the menu; none on a page only read', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    const requested = (screen: string) => loaded.some((p) => new RegExp(`/assets/${screen}-[\\w-]+\\.js$`).test(p));
    await signIn(page, ADMIN.email);
    // Two seconds idle on the dashboard, the pointer on its title (away from the menu and from any link): no other
    // screen's code is asked for.
    await page.locator('main h1').hover();
    await page.waitForTimeout(2_000);
    expect(loaded.filter((p) => /\/assets\/\w+(List|Form)Screen-[\w-]+\.js$/.test(p)), 'screens loaded on a page only read').toEqual([]);
    await page.getByTestId('side-nav').getByRole('link', { name: 'Titulares', exact: true }).hover();
    await expect.poll(() => requested('PolicyholdersListScreen')).toBe(true);
    // The other entries follow, one at a time, without being pointed at.
    await expect.poll(() => requested('DoctorsListScreen') && requested('InsurersListScreen'), { timeout: hangLimit(20_000) }).toBe(true);
  });

  test('focusing the menu from the keyboard loads its screens’ code too', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await signIn(page, ADMIN.email);
    await page.getByTestId('side-nav').getByRole('link', { name: 'Panel', exact: true }).focus();
    await expect.poll(() => loaded.some((p) => /\/assets\/DoctorsListScreen-[\w-]+\.js$/.test(p)), { timeout: hangLimit(20_000) }).toBe(true);
  });

  test('a menu reached for before the permissions arrive loads the entries they bring', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    const me = await hold(page, /\/api\/me$/);
    await signIn(page, ADMIN.email);
    // Until the user's permissions come, the menu holds the dashboard alone; the focus goes there and stays.
    const nav = page.getByTestId('side-nav');
    await expect(nav.getByRole('link', { name: 'Doctores', exact: true })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Panel', exact: true }).focus();
    await me.release();
    await expect(nav.getByRole('link', { name: 'Doctores', exact: true })).toBeVisible();
    await expect.poll(() => loaded.some((p) => /\/assets\/DoctorsListScreen-[\w-]+\.js$/.test(p)), { timeout: hangLimit(20_000) }).toBe(true);
  });
});
