import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, signIn } from './fixtures.ts';

// Research 4.1 R6 and R16 as Configuraciones defaults: the frequency limits and the dependents' ages are
// listed with the other defaults, and an administrator edits them; a child age above the student age is
// refused next to the value.
const row = (page: Page, key: string) => page.locator(`table tbody tr[data-key="${key}"]`);

async function putDefault(page: Page, key: string, value: number) {
  const headers = authHeader(await apiToken(page.request));
  const items = (await (await page.request.get('/api/settings/defaults', { headers })).json()).items as { key: string; version: number }[];
  const { version } = items.find((d) => d.key === key)!;
  expect((await page.request.put(`/api/settings/defaults/${key}`, { headers, data: { version, value } })).status()).toBe(200);
}

test('an administrator reads the frequency limits and edits the child age, refused above the student age; axe finds nothing serious', async ({ page }) => {
  await putDefault(page, 'dependents.child', 18);
  await signIn(page, ADMIN.email, { to: '/app/configuraciones?catalogo=valores' });
  await expect(row(page, 'frequencies.EXAM.count')).toContainText('Exámenes por año de beneficio (D0120, D0150, D0180)');
  await expect(row(page, 'frequencies.SEALANT.months')).toContainText('60 meses');
  await expect(row(page, 'dependents.student')).toContainText('24 años');
  await expectNoSeriousViolations(page);

  await row(page, 'dependents.child').getByRole('button', { name: 'Editar Edad máxima de un hijo' }).click();
  const dialog = page.getByRole('dialog');
  const value = dialog.getByLabel('Edad máxima de un hijo (R16)');
  await expect(value).toHaveValue('18');
  await value.fill('25');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La edad máxima de un hijo no puede superar la de un hijo estudiante')).toBeVisible();
  await expectNoSeriousViolations(page);
  await value.fill('19');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, 'dependents.child')).toContainText('19 años');
  await putDefault(page, 'dependents.child', 18);
});
