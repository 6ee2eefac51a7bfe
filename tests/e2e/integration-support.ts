import { expect, type Page } from '@playwright/test';
import { shoot } from './fixtures.ts';

/**
 * An administrator, on Usuarios → Integraciones, creates a client with these scopes bound to the insurer and the
 * first doctor listed; answers its id and secret as the dialog shows them, once.
 */
export async function createClientInPanel(page: Page, { name, scopes, insurerName }: { name: string; scopes: string[]; insurerName: string }) {
  await page.goto('/app/usuarios/integraciones');
  await expect(page.getByRole('heading', { level: 1, name: 'Integraciones (FHIR)' })).toBeVisible();
  await page.getByLabel('Nombre').fill(name);
  for (const scope of scopes) await page.getByTestId('integration-scopes').getByText(scope, { exact: true }).click();
  await page.getByTestId('integration-insurers').getByText(insurerName, { exact: true }).click();
  await page.getByTestId('integration-doctors').getByRole('checkbox').first().check({ force: true });
  await page.getByRole('button', { name: 'Crear cliente' }).click();
  const dialog = page.getByTestId('integration-secret');
  await expect(dialog).toBeVisible();
  const clientId = (await dialog.getByTestId('integration-client-id').textContent())!;
  const secret = (await dialog.getByTestId('integration-client-secret').textContent())!;
  expect(secret.length).toBeGreaterThan(30);
  await shoot(page, 'integrations-secret');
  await dialog.getByRole('button', { name: 'Ya lo copié' }).click();
  await expect(dialog).toBeHidden();
  return { clientId, secret };
}

/** The practice's software: a token with the client's secret (OAuth client credentials). */
export async function clientToken(page: Page, clientId: string, secret: string): Promise<string> {
  const token = await page.request.post('/fhir/R4/auth/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
  expect(token.status()).toBe(200);
  return (await token.json()).access_token as string;
}
