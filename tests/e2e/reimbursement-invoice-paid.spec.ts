import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, signIn } from './fixtures.ts';
import { api, daysAgo, insuredPatient, typeLine, verifiedVerification } from './reimbursement-support.ts';
import { dateField, fillDate } from './date-input.ts';

// Research 4.3: a general claim asks for the payment receipt when its invoice is not marked paid. The mark is typed
// on the creation flow's invoice step, decides the documents step's list, and shows on the record.

test('the invoice’s paid mark: typed on the invoice step, no receipt asked while it is set, shown on the record', async ({ page, request }) => {
  const token = await apiToken(request);
  const verification = await verifiedVerification(request, (await insuredPatient(request, token, 'Irene', 'Pagada')).id);
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/nuevo/${verification.id}` });
  await expect(page.getByRole('heading', { name: 'Factura', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Doctor' }).selectOption({ index: 1 });
  await page.getByLabel('Número de factura').fill('F-E2E-PAGADA');
  await fillDate(dateField(page, 'Fecha de factura'), daysAgo(2));
  const paid = page.getByRole('checkbox', { name: 'La factura está marcada como pagada' });
  await expect(paid).not.toBeChecked();
  // From the keyboard, as the rest of the step.
  await paid.focus();
  await page.keyboard.press('Space');
  await expect(paid).toBeChecked();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.getByRole('button', { name: 'Añadir prestación' }).click();
  await typeLine(page, 1, { code: 'D0120', amount: '60' });
  const created = page.waitForResponse((response) => response.url().endsWith('/api/reimbursements') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Guardar borrador y continuar' }).click();
  const id = (await (await created).json()).id as number;
  const required = page.getByRole('list', { name: 'Documentos exigidos por los códigos' });
  await expect(required).toContainText('Falta: Factura');
  await expect(required).not.toContainText('Comprobante de pago');

  // Unmarked, the saved draft asks for the receipt.
  await page.getByRole('button', { name: 'Volver' }).click();
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(paid).toBeChecked();
  await page.getByText('La factura está marcada como pagada').click();
  await expect(paid).not.toBeChecked();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Guardar borrador y continuar' }).click();
  await expect(required).toContainText('Falta: Comprobante de pago');
  expect(await api(request, token, 'get', `/api/reimbursements/${id}`)).toMatchObject({ invoicePaid: false });

  await page.goto(`/app/reembolsos/editar/${verification.id}/${id}`);
  const details = page.getByRole('region', { name: 'Datos del reembolso' });
  await expect(details).toContainText('Factura marcada como pagada');
  await expect(details.getByText('Factura marcada como pagada').locator('xpath=..')).toContainText('No');
});
