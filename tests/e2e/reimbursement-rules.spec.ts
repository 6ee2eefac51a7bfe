import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, findInsurer, removeInsurer, signIn } from './fixtures.ts';

// Slice R in the insurer form: amounts in the insurer's currency, whose defaults must exist (issue 13 item 4).
const field = (page: Page, label: string) => page.getByLabel(label, { exact: false });

async function errorText(page: Page, label: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  return page.locator(`[id="${await input.getAttribute('aria-errormessage')}"]`);
}

test.afterAll(async ({ request }) => {
  await removeInsurer(request, await apiToken(request, ADMIN.email), 'E2ECLP');
});

test('an insurer in a currency without its defaults, or a threshold with more decimals than its currency, is refused on the field; pesos are whole', async ({ page }) => {
  await signIn(page, ADMIN.email, { to: '/app/aseguradoras/nueva' });
  await field(page, 'Código').fill('E2ECLP');
  await field(page, 'Nombre comercial').fill('Pesos Enteros');
  await field(page, 'País').selectOption('JP');
  await field(page, 'Moneda').selectOption('JPY');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(await errorText(page, 'Moneda')).toHaveText('Moneda: Configuraciones no tiene los importes por defecto de esta moneda; defínalos primero');
  await expectNoSeriousViolations(page);

  await field(page, 'País').selectOption('CL');
  await field(page, 'Moneda').selectOption('CLP');
  await field(page, 'Preautorización a partir del monto').fill('300000,5');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(await errorText(page, 'Preautorización a partir del monto')).toContainText('tiene más decimales de los que usa la moneda de la aseguradora');

  await field(page, 'Preautorización a partir del monto').fill('300000');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Registro creado')).toBeVisible();
  const saved = await findInsurer(page.request, await apiToken(page.request, ADMIN.email), 'E2ECLP');
  expect(saved).toMatchObject({ currency: 'CLP', preauthorizationAbove: '300000' });
  await page.goto(`/app/aseguradoras/editar/${saved!.id}`);
  await expect(field(page, 'Preautorización a partir del monto')).toHaveValue('300000');
});
