import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, sideNav, signIn } from './fixtures.ts';

// Currencies with two decimals Configuraciones does not hold at first; the test takes the first one still free,
// so it can run again on the same data.
const CANDIDATES = ['GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'BRL', 'CAD', 'AUD', 'NZD', 'PLN', 'CZK', 'HUF'];

test('an administrator adds a currency’s six amount defaults from Configuraciones; an insurer can then be created in it; axe finds nothing serious', async ({ page }) => {
  const token = await apiToken(page.request);
  const held = new Set(((await (await page.request.get('/api/settings/defaults', { headers: authHeader(token) })).json()).items as { currency: string | null }[]).map((d) => d.currency));
  const currency = CANDIDATES.find((code) => !held.has(code))!;
  const insurer = { code: `CUR-${currency}`, name: `Seguros ${currency}`, country: 'ES', currency };
  expect((await page.request.post('/api/insurers', { headers: authHeader(token), data: insurer })).status()).toBe(422);

  await signIn(page, ADMIN.email);
  await sideNav(page).getByRole('link', { name: 'Configuraciones' }).click();
  await page.getByRole('tab', { name: 'Valores por defecto' }).click();
  await page.getByRole('button', { name: 'Añadir moneda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir los importes de una moneda' });
  await expect(dialog).toBeVisible();

  // Nothing typed: every field says it is required, and nothing is sent.
  await dialog.getByRole('button', { name: 'Añadir moneda' }).click();
  await expect(dialog.getByText('Por favor ingresar Código de moneda (ISO 4217)')).toBeVisible();
  await expect(dialog.getByText('Por favor ingresar Máximo anual por persona')).toBeVisible();
  await expectNoSeriousViolations(page);

  // Three letters that are no currency, then an amount with more decimals than the currency has.
  await dialog.getByLabel('Código de moneda (ISO 4217)').fill('QQQ');
  const amounts: [string, string][] = [
    ['Deducible anual por persona', '40'],
    ['Tope familiar del deducible', '120'],
    ['Máximo anual por persona', '1250.505'],
    ['Tope vitalicio de ortodoncia', '1250'],
    ['Umbral de aprobación del supervisor', '850'],
    ['Preautorización requerida por encima de', '250,50'],
  ];
  for (const [label, value] of amounts) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Añadir moneda' }).click();
  await expect(dialog.getByText('Código de moneda (ISO 4217) no es un código de moneda ISO 4217')).toBeVisible();
  await dialog.getByLabel('Código de moneda (ISO 4217)').fill(currency.toLowerCase());
  await expect(dialog.getByText(`Importe en ${currency}, con hasta 2 decimales.`).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Añadir moneda' }).click();
  await expect(dialog.getByText('Máximo anual por persona tiene más decimales de los que usa la moneda')).toBeVisible();
  await dialog.getByLabel('Máximo anual por persona').fill('1250.50');
  await dialog.getByRole('button', { name: 'Añadir moneda' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Importes en ${currency} añadidos`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Moneda de los importes' })).toHaveValue(currency);
  await expect(page.locator(`table tbody tr[data-key="annualMaximumCents:${currency}"]`)).toContainText('1.250,50');
  await expect(page.locator(`table tbody tr[data-key="preauthorizationAboveCents:${currency}"]`)).toContainText('250,50');
  await expectNoSeriousViolations(page);

  // The same currency again is refused next to the code.
  await page.getByRole('button', { name: 'Añadir moneda' }).click();
  await dialog.getByLabel('Código de moneda (ISO 4217)').fill(currency);
  for (const [label, value] of amounts) await dialog.getByLabel(label).fill(value.replace('.505', '.50'));
  await dialog.getByRole('button', { name: 'Añadir moneda' }).click();
  await expect(dialog.getByText('Ya existe otro registro con este valor de Código de moneda (ISO 4217)')).toBeVisible();
  await page.keyboard.press('Escape');

  expect((await page.request.post('/api/insurers', { headers: authHeader(token), data: insurer })).status()).toBe(201);
});
