import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, signIn } from './fixtures.ts';

const stamp = String(Date.now()).slice(-7);
const rows = (page: Page) => page.locator('table tbody tr[data-index]');

/** A holder with complete bank details, made through the API for the reveal tests. */
async function holderWithAccount(page: Page, suffix: string): Promise<number> {
  const token = await apiToken(page.request);
  const response = await page.request.post('/api/policyholders', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      kind: 'PERSON',
      firstNames: 'Rosa',
      lastNames: `Revelada ${suffix}`,
      documentType: 'NIE',
      documentNumber: `Y${stamp}${suffix}`,
      birthDate: '1979-03-02',
      email: `rosa${stamp}${suffix}@example.org`,
      memberNumber: `AF-R${stamp}${suffix}`,
      privacyConsentVersion: '2026.1',
      privacyConsentDate: '2026-10-01',
      bankName: 'Banco Sur',
      bankAccount: 'ES12 3456 7890 1234 5678 9012',
      accountHolder: 'Rosa Revelada',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('creates a holder, adds a policy with two benefit rules, activates and suspends it with a reason; list and edit pass axe', async ({ page }) => {
  const documentNumber = `${stamp}Z`;
  await signIn(page, 'admin@demo.local');
  await page.goto('/app/titulares');
  await expect(page.getByRole('heading', { level: 1, name: 'Titulares' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: 'Nuevo titular' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo titular' })).toBeVisible();
  await page.getByLabel('Tipo de persona').selectOption('PERSON');
  await page.getByLabel('Nombres', { exact: true }).fill('Elena');
  await page.getByLabel('Apellidos', { exact: true }).fill(`Prueba ${stamp}`);
  await page.getByLabel('Fecha de nacimiento').fill('1984-02-29');
  await page.getByLabel('Tipo de documento').selectOption('DNI');
  await page.getByLabel(/^Documento/).fill(documentNumber);
  await page.getByLabel('N.º de afiliado').fill(`AF-${stamp}`);
  await page.getByLabel('Correo electrónico').fill(`elena${stamp}@example.org`);
  await page.getByLabel('Versión del aviso de privacidad').fill('2026.1');
  await page.getByLabel('Fecha del consentimiento').fill('2026-11-01');
  await page.getByRole('button', { name: 'Guardar' }).click();
  // Without the bank details the holder saves (they are needed before a payout, not now).
  await expect(page).toHaveURL(/\/app\/titulares(\?|$)/);

  await page.getByRole('searchbox', { name: 'Buscar' }).fill(documentNumber);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('td').nth(1).click();
  await expect(page).toHaveURL(/\/app\/titulares\/editar\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Titular: Elena Prueba ${stamp}` })).toBeVisible();
  await expect(page.getByTestId('bank-details')).toContainText('Incompletos');
  await expect(page.getByText('Este titular todavía no tiene pólizas.')).toBeVisible();
  await expectNoSeriousViolations(page);

  // A policy with two benefit rules: the second added and filled with the keyboard only.
  await page.getByRole('button', { name: 'Nueva póliza' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva póliza' });
  await dialog.getByLabel(/^Aseguradora/).selectOption({ index: 1 });
  await dialog.getByLabel('N.º de póliza').fill(`POL-E2E-${stamp}`);
  await dialog.getByLabel(/^Tipo\b/).selectOption('FAMILY');
  await dialog.getByLabel(/^Plan\b/).fill('Dental Familia E2E');
  await dialog.getByRole('button', { name: 'Añadir regla' }).click();
  await expect(dialog.getByLabel('Regla 1: Tipo')).toBeFocused();
  await dialog.getByLabel('Regla 1: Categoría').selectOption('BASIC');
  await dialog.getByLabel('Regla 1: %').fill('90');
  await dialog.getByRole('button', { name: 'Añadir regla' }).focus();
  await page.keyboard.press('Enter');
  const kind = dialog.getByLabel('Regla 2: Tipo');
  await expect(kind).toBeFocused();
  await kind.selectOption('EXCLUSION');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Regla 2: Código')).toBeFocused();
  await page.keyboard.type('D997');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  // The grid checks the rules as the engine does before anything is sent.
  await expect(dialog.getByText('Código: debe ser D seguido de 4 dígitos')).toBeVisible();
  await dialog.getByLabel('Regla 2: Código').fill('D9972');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();

  const policy = page.locator(`tr[data-policy="POL-E2E-${stamp}"]`);
  await expect(policy.getByTestId('policy-state')).toHaveText('Pendiente');
  await expect(policy).toContainText('2 reglas propias');
  await policy.getByRole('button', { name: `Activar la póliza POL-E2E-${stamp}` }).click();
  await expect(policy.getByTestId('policy-state')).toHaveText('Activa');

  await policy.getByRole('button', { name: `Suspender la póliza POL-E2E-${stamp}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Suspender la póliza POL-E2E-${stamp}?` });
  await confirm.getByRole('button', { name: 'Suspender' }).click();
  await expect(confirm.getByText('Por favor ingresar Motivo')).toBeVisible();
  await confirm.getByLabel(/^Motivo/).fill('Impago de la prima de noviembre');
  await confirm.getByRole('button', { name: 'Suspender' }).click();
  await expect(confirm).toBeHidden();
  await expect(policy.getByTestId('policy-state')).toHaveText('Suspendida');
  await expect(policy).toContainText('Impago de la prima de noviembre');
  await expect(policy.getByRole('button', { name: `Reanudar la póliza POL-E2E-${stamp}` })).toBeVisible();

  // What the server holds: the two rules as the grid had them, and the reason.
  const token = await apiToken(page.request);
  const listed = await page.request.get('/api/policies', { params: { q: `POL-E2E-${stamp}` }, headers: { Authorization: `Bearer ${token}` } });
  const [saved] = ((await listed.json()) as { items: { state: string; suspensionReason: string; benefitRules: unknown[] }[] }).items;
  expect(saved).toMatchObject({
    state: 'suspended',
    suspensionReason: 'Impago de la prima de noviembre',
    benefitRules: [
      { kind: 'COINSURANCE', category: 'BASIC', percent: 90 },
      { kind: 'EXCLUSION', procedureCode: 'D9972' },
    ],
  });
});

for (const { role, email } of [
  { role: 'treasury', email: 'tesoreria@demo.local' },
  { role: 'administrator', email: 'admin@demo.local' },
]) {
  test(`reveals the bank account in full as ${role}`, async ({ page }) => {
    const id = await holderWithAccount(page, role.slice(0, 2).toUpperCase());
    await signIn(page, email);
    await page.goto(`/app/titulares/editar/${id}`);
    const account = page.getByTestId('bank-account-value');
    await expect(account).toHaveText('•••• 9012');
    await page.getByRole('button', { name: 'Mostrar datos completos' }).click();
    await expect(account).toHaveText('ES12 3456 7890 1234 5678 9012');
    await page.getByRole('button', { name: 'Ocultar' }).click();
    await expect(account).toHaveText('•••• 9012');
    if (role === 'treasury') {
      // Treasury reads the holder and reveals the account but does not edit it.
      await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
      await expect(page.getByLabel('Correo electrónico')).toBeDisabled();
    }
  });
}

test('a verifier sees the bank account masked, with no way to reveal it', async ({ page }) => {
  const id = await holderWithAccount(page, 'VE');
  await signIn(page, 'verificador@demo.local');
  await page.goto(`/app/titulares/editar/${id}`);
  await expect(page.getByTestId('bank-account-value')).toHaveText('•••• 9012');
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mostrar datos completos' })).toHaveCount(0);
  await expect(page.getByText('ES12 3456')).toHaveCount(0);
});
