import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, READ_ONLY, apiToken, authHeader, createInsurer, findInsurer, insurerInput, removeInsurer, sideNav, signIn, tokenOf } from './fixtures.ts';

const rows = (page: Page) => page.locator('table tbody tr');
const firstCode = (page: Page) => rows(page).first().locator('td').first();
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: false });

/** The error message the field points at with aria-errormessage (the text shown under it). */
async function errorOf(input: Locator): Promise<Locator> {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const id = await input.getAttribute('aria-errormessage');
  expect(id, 'the invalid field names its error message').toBeTruthy();
  return input.page().locator(`[id="${id}"]`);
}

/** Checks that a field is invalid and that the message linked to it, inside the same field, is the given one. */
async function expectFieldError(page: Page, label: string, message: string) {
  const input = field(page, label);
  const error = await errorOf(input);
  await expect(error).toHaveText(message);
  await expect(error).toBeVisible();
  // Next to the field: the message is inside the field's own group (the label, the input and its error).
  await expect(input.locator('xpath=ancestor::*[@role="group"][1]').locator(`[id="${await input.getAttribute('aria-errormessage')}"]`)).toHaveCount(1);
}

async function openList(page: Page, query = '') {
  await page.goto(`/app/aseguradoras${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aseguradoras' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

/** Searches the list from its search box and waits for the filtered result. */
async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`));
  await expect(page.locator('table')).toHaveAttribute('aria-busy', 'false');
}

// Data a test creates through the API is removed afterwards, so the seeded 25 insurers stay as they are.
const created: string[] = [];
test.afterEach(async ({ request }) => {
  if (!created.length) return;
  const token = await apiToken(request);
  for (const code of created.splice(0)) await removeInsurer(request, token, code);
});

test.describe('insurers as administrator', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.email);
  });

  test('lists, sorts and searches, keeping the state in the URL', async ({ page }) => {
    await openList(page);
    await expect(page.getByText('1–20 de 25')).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
    const pageSize = page.getByRole('combobox', { name: 'Registros por página' });
    await expect(pageSize).toHaveValue('20');
    await expect(pageSize.locator('option:checked')).toHaveText('20 / página');

    const codeHeader = page.getByRole('button', { name: 'Código', exact: true });
    await codeHeader.click();
    await expect(page).toHaveURL(/[?&]sort=code(&|$)/);
    await expect(page.getByRole('columnheader', { name: 'Código' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstCode(page)).toHaveText('ANDE');

    await codeHeader.click();
    await expect(page).toHaveURL(/[?&]sort=-code(&|$)/);
    await expect(page.getByRole('columnheader', { name: 'Código' })).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCode(page)).toHaveText('VEN');

    await search(page, 'odonto');
    await expect(page.getByText('1–5 de 5')).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    for (const name of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(name).toMatch(/odonto/i);
    await expect(firstCode(page)).toHaveText('URU1');

    await page.reload();
    await expect(page).toHaveURL(/[?&]q=odonto(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=-code(&|$)/);
    await expect(searchBox(page)).toHaveValue('odonto');
    await expect(page.getByText('1–5 de 5')).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    await expect(firstCode(page)).toHaveText('URU1');
    await expect(page.getByRole('columnheader', { name: 'Código' })).toHaveAttribute('aria-sort', 'descending');
  });

  test('creates an insurer after showing the form errors next to their fields', async ({ page }) => {
    created.push('E2E1');
    await openList(page);
    await page.getByRole('link', { name: 'Nueva aseguradora' }).click();
    await expect(page).toHaveURL(/\/app\/aseguradoras\/nueva$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva aseguradora' })).toBeVisible();

    await page.getByRole('button', { name: 'Guardar' }).click();
    for (const label of ['Código', 'Nombre comercial', 'País (ISO, 2 letras)', 'Moneda (ISO, 3 letras)']) {
      await expectFieldError(page, label, `Por favor ingresar ${label}`);
    }
    await expect(page).toHaveURL(/\/app\/aseguradoras\/nueva$/);

    // Letters are upper-cased for the user, but a space (or any other character) breaks the code's pattern.
    await field(page, 'Código').fill('a b');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectFieldError(page, 'Código', 'Código no tiene un formato válido');

    await field(page, 'Código').fill('E2E1');
    await field(page, 'Nombre comercial').fill('Aseguradora de Pruebas E2E');
    await field(page, 'País (ISO, 2 letras)').fill('ES');
    await field(page, 'Moneda (ISO, 3 letras)').fill('EUR');
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page.getByText('Registro creado')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aseguradoras' })).toBeVisible();

    await search(page, 'E2E1');
    await expect(rows(page)).toHaveCount(1);
    await expect(firstCode(page)).toHaveText('E2E1');
    await expect(rows(page).first()).toContainText('Aseguradora de Pruebas E2E');
  });

  test('a duplicate code shows the server uniqueness error on the code field', async ({ page }) => {
    await page.goto('/app/aseguradoras/nueva');
    await field(page, 'Código').fill('SDS');
    await field(page, 'Nombre comercial').fill('Otra con el mismo código');
    await field(page, 'País (ISO, 2 letras)').fill('CL');
    await field(page, 'Moneda (ISO, 3 letras)').fill('CLP');
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expectFieldError(page, 'Código', 'Ya existe otro registro con este valor de Código');
    await expect(page).toHaveURL(/\/app\/aseguradoras\/nueva$/);
  });

  test('edits an insurer', async ({ page }) => {
    const token = await tokenOf(page);
    created.push('E2EED');
    await createInsurer(page.request, token, { code: 'E2EED', name: 'Para editar' });

    await openList(page);
    await search(page, 'E2EED');
    await page.getByRole('link', { name: 'Editar: Para editar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar aseguradora: Para editar' })).toBeVisible();
    await expect(field(page, 'Código')).toHaveValue('E2EED');

    await field(page, 'Nombre comercial').fill('Editada en la prueba');
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page.getByText('Cambios guardados')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    await search(page, 'E2EED');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Editada en la prueba');
    expect((await findInsurer(page.request, token, 'E2EED'))?.name).toBe('Editada en la prueba');
  });

  test('a stale save offers to reload the other user’s version', async ({ page }) => {
    const token = await tokenOf(page);
    created.push('E2ESTALE');
    const insurer = await createInsurer(page.request, token, { code: 'E2ESTALE', name: 'Versión original' });

    await page.goto(`/app/aseguradoras/editar/${insurer.id}`);
    await expect(field(page, 'Nombre comercial')).toHaveValue('Versión original');

    // Someone else saves the same record meanwhile.
    const other = await page.request.put(`/api/insurers/${insurer.id}`, {
      headers: authHeader(token),
      data: { ...insurerInput(insurer), name: 'Cambiada por otro usuario', version: insurer.version },
    });
    expect(other.status(), await other.text()).toBe(200);

    await field(page, 'Nombre comercial').fill('Mi cambio');
    await page.getByRole('button', { name: 'Guardar' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Otro usuario modificó este registro' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Recargar la versión actual' }).click();
    await expect(dialog).toBeHidden();
    await expect(field(page, 'Nombre comercial')).toHaveValue('Cambiada por otro usuario');

    // With the current version loaded, saving works again.
    await field(page, 'Nombre comercial').fill('Mi cambio sobre la versión actual');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    expect((await findInsurer(page.request, token, 'E2ESTALE'))?.name).toBe('Mi cambio sobre la versión actual');
  });

  test('deletes an insurer after confirming', async ({ page }) => {
    const token = await tokenOf(page);
    created.push('E2EDEL');
    await createInsurer(page.request, token, { code: 'E2EDEL', name: 'Para eliminar' });

    await openList(page);
    await search(page, 'E2EDEL');
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Eliminar: Para eliminar' }).click();
    let dialog = page.getByRole('alertdialog', { name: '¿Eliminar la aseguradora?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Se eliminará «Para eliminar». Esta acción no se puede deshacer.');
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    expect(await findInsurer(page.request, token, 'E2EDEL')).toBeTruthy();

    await page.getByRole('button', { name: 'Eliminar: Para eliminar' }).click();
    dialog = page.getByRole('alertdialog', { name: '¿Eliminar la aseguradora?' });
    await dialog.getByRole('button', { name: 'Eliminar' }).click();

    await expect(page.getByText('Registro eliminado')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Ningún registro coincide con «E2EDEL».')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    expect(await findInsurer(page.request, token, 'E2EDEL')).toBeUndefined();
  });
});

test.describe('insurers as read-only user', () => {
  test('may read the list but not change it', async ({ page }) => {
    await signIn(page, READ_ONLY.email);
    await openList(page);
    await expect(page.getByText('1–20 de 25')).toBeVisible();
    await expect(rows(page)).toHaveCount(20);

    await expect(page.getByRole('link', { name: 'Nueva aseguradora' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Editar/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);

    const nav = sideNav(page);
    await expect(nav.getByRole('link', { name: 'Aseguradoras' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

    await page.goto('/app/aseguradoras/nueva');
    await expect(page.getByRole('alert').filter({ hasText: 'No tiene permiso para realizar esta acción.' })).toBeVisible();
    await expect(field(page, 'Código')).toHaveCount(0);
  });
});
