import { type Page } from '@playwright/test';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import fr from '../../src/i18n/messages/fr.json' with { type: 'json' };
import zh from '../../src/i18n/messages/zh.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import { test, expect, ADMIN, signIn } from './fixtures.ts';
import { readSecure } from './secure-storage.ts';

const CATALOGS: Record<string, Record<string, string>> = { es, en, fr, zh, ja };

const storedPreferences = (page: Page) => readSecure(page, 'preferences');

/** Relative luminance (0 black … 1 white) of a computed `rgb(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/**
 * The background the body is painted on: its own computed colour, or, while that is transparent
 * (Chakra paints the theme's `bg` on <html>, which the canvas and the body show), its parent's.
 */
const bodyBackground = (page: Page) =>
  page.evaluate(() => {
    for (let el: Element | null = document.body; el; el = el.parentElement) {
      const color = getComputedStyle(el).backgroundColor;
      if (!/^rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent') return color;
    }
    return 'rgb(255, 255, 255)';
  });

/** Opens the display settings (Configuraciones) and picks an option of one of its selects. */
async function setDisplaySetting(page: Page, label: string, option: string) {
  await page.goto('/app/perfil');
  await expect(page.getByRole('heading', { level: 2, name: 'Configuraciones de la interfaz' })).toBeVisible();
  await page.getByLabel(label).selectOption({ label: option });
}

const sideNavBox = (page: Page) => page.getByTestId('side-nav');

test.describe('language', () => {
  for (const [locale, catalog] of Object.entries(CATALOGS)) {
    test(`the log-in page switches to ${locale} and keeps it after a reload`, async ({ page }) => {
      await page.goto('/log-in');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(es['auth.logIn.title']);

      await page.getByRole('combobox', { name: es['header.language'] }).selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog['auth.logIn.title']);
      await expect(page.getByRole('combobox', { name: catalog['header.language'] })).toHaveValue(locale);
      await expect(page.getByRole('button', { name: catalog['auth.logIn.submit'] })).toBeVisible();
      await expect.poll(() => storedPreferences(page)).toMatchObject({ locale });

      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog['auth.logIn.title']);
      await expect(page.getByRole('combobox', { name: catalog['header.language'] })).toHaveValue(locale);
      await expect(page).toHaveTitle(`${catalog['auth.logIn.title']} · ${catalog['app.title']}`);
    });
  }
});

test.describe('theme and layout', () => {
  test('the dark theme applies to the page and persists', async ({ page }) => {
    await page.goto('/log-in');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.8);

    await page.getByRole('button', { name: 'Activar tema oscuro' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
    await expect(page.getByRole('button', { name: 'Activar tema claro' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => storedPreferences(page)).toMatchObject({ currentTheme: 'dark' });

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
    await expect(page.getByRole('button', { name: 'Activar tema claro' })).toBeVisible();

    await signIn(page, ADMIN.email);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
  });

  test('right-to-left direction mirrors the layout', async ({ page }) => {
    await signIn(page, ADMIN.email);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const viewport = page.viewportSize()!;
    expect((await sideNavBox(page).boundingBox())!.x).toBeLessThan(viewport.width / 2);

    await setDisplaySetting(page, 'Dirección del texto', 'Derecha a izquierda');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('body')).toHaveClass(/\bdir-rtl\b/);
    await expect(page.locator('body')).not.toHaveClass(/\bdir-ltr\b/);
    await expect.poll(async () => (await sideNavBox(page).boundingBox())!.x).toBeGreaterThan(viewport.width / 2);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('body')).toHaveClass(/\bdir-rtl\b/);
    await expect.poll(async () => (await sideNavBox(page).boundingBox())!.x).toBeGreaterThan(viewport.width / 2);
  });

  test('right to left, a question on the log-in page keeps its marks where they belong', async ({ page }) => {
    await page.goto('/log-in');
    await page.evaluate(() => localStorage.setItem('preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('preferences') ?? '{}'), direction: 'rtl' })));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const link = page.getByRole('link', { name: '¿Olvidó su contraseña?' });
    // Without isolation it reads "?Olvidó su contraseña¿": the opening mark must be drawn left of the closing one.
    const marks = await link.evaluate((a) => {
      const text = a.querySelector('bdi')!.firstChild!;
      const left = (from: number) => {
        const range = document.createRange();
        range.setStart(text, from);
        range.setEnd(text, from + 1);
        return range.getBoundingClientRect().left;
      };
      return { open: left(0), close: left(text.textContent!.length - 1) };
    });
    expect(marks.open).toBeLessThan(marks.close);
    expect(await page.getByLabel('Correo electrónico').getAttribute('dir')).toBe('auto');
  });

  test('the side navigation collapses to 80px and expands back to 250px', async ({ page }) => {
    await signIn(page, ADMIN.email);
    const width = async () => (await sideNavBox(page).boundingBox())!.width;
    await expect.poll(width).toBe(250);

    await page.getByRole('button', { name: 'Contraer menú' }).click();
    await expect.poll(width).toBe(80);
    await expect(sideNavBox(page)).toHaveAttribute('data-collapsed', 'true');
    // Collapsed entries keep their names for assistive technology, show them as a tooltip, and mark the current screen.
    const insurers = sideNavBox(page).getByRole('link', { name: 'Aseguradoras' });
    await expect(insurers).toBeVisible();
    await expect(insurers.locator('svg')).toBeVisible();
    await insurers.hover();
    await expect(page.getByRole('tooltip', { name: 'Aseguradoras' })).toBeVisible();
    await insurers.click();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    await expect(insurers).toHaveAttribute('aria-current', 'page');
    // A collapsed group opens its entries as a menu.
    await sideNavBox(page).getByRole('button', { name: 'Verificaciones' }).click();
    await expect(page.getByRole('menuitem', { name: 'Existentes' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Expandir menú' }).click();
    await expect.poll(width).toBe(250);
    await expect(sideNavBox(page)).toHaveAttribute('data-collapsed', 'false');
  });

  test('the top navigation type shows the menu in a bar under the header', async ({ page }) => {
    await signIn(page, ADMIN.email);
    await setDisplaySetting(page, 'Tipo de navegación', 'Superior');

    await expect(sideNavBox(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Contraer menú' })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Panel', exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Verificaciones' })).toBeVisible();

    // A horizontal bar across the top of the content.
    const box = (await nav.boundingBox())!;
    expect(box.y).toBeLessThan(150);
    expect(box.height).toBeLessThan(80);
    expect(box.width).toBeGreaterThan(page.viewportSize()!.width / 2);

    // Entries are never cut: each one in the bar is whole and inside it; the rest are in the "more" menu.
    const inBar = await nav.locator('ul > li').evaluateAll((items) => items.map((li) => ({ text: li.textContent, right: li.getBoundingClientRect().right, clipped: li.scrollWidth > li.clientWidth })));
    for (const item of inBar) {
      expect(item.clipped, item.text!).toBe(false);
      expect(item.right, item.text!).toBeLessThanOrEqual(box.x + box.width);
    }
    await nav.getByRole('button', { name: 'Más' }).click();
    const more = page.getByRole('menu');
    for (const name of ['Usuarios', 'Aseguradoras', 'Diagramas']) await expect(more.getByRole('menuitem', { name, exact: true })).toBeVisible();
    await more.getByRole('menuitem', { name: 'Aseguradoras', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aseguradoras' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Más' })).toHaveCSS('font-weight', '700');

    await nav.getByRole('button', { name: 'Verificaciones' }).click();
    await page.getByRole('menuitem', { name: 'Nuevas' }).click();
    await expect(page).toHaveURL(/\/app\/verificaciones\/nuevas$/);
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a menu button opens the navigation in a drawer', async ({ page }) => {
    await signIn(page, ADMIN.email);
    await expect(sideNavBox(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);

    const open = page.getByRole('button', { name: 'Abrir menú' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();

    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Aseguradoras' })).toBeVisible();

    await nav.getByRole('link', { name: 'Aseguradoras' }).click();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Aseguradoras' })).toBeVisible();
  });
});
