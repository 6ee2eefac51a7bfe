import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, READ_ONLY, apiToken, authHeader, createInsurer, findInsurer, insurerInput, removeInsurer, sideNav, signIn, tokenOf } from './fixtures.ts';
import { readSecure } from './secure-storage.ts';

const rows = (page: Page) => page.locator('table tbody tr[data-index]');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: false });
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: false }).filter({ has: page.getByRole('button', { name, exact: true }) });

/** The texts of one column, read by its header's position, so the test follows the column and not a guess of its index. */
async function column(page: Page, name: string): Promise<string[]> {
  const headers = await page.locator('table thead th').allTextContents();
  const index = headers.findIndex((text) => text.startsWith(name));
  expect(index, `column ${name} among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return rows(page).locator(`td:nth-child(${index + 1})`).allTextContents();
}

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
  await expect(page.locator('table')).toHaveAttribute('aria-busy', 'false');
}

/** Searches the list from its search box and waits for the filtered result. */
async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`));
  await expect(page.locator('table')).toHaveAttribute('aria-busy', 'false');
}

/** The codes the API answers for a sort, to compare with what the grid shows. */
async function apiCodes(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`/api/insurers?${query}`, { headers: authHeader(await tokenOf(page)) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { code: string }[] }).items.map((item) => item.code);
}

// Data a test creates through the API is removed afterwards, so the seeded 25 insurers stay as they are.
const created: string[] = [];
test.afterEach(async ({ request }) => {
  if (!created.length) return;
  const token = await apiToken(request);
  for (const code of created.splice(0)) await removeInsurer(request, token, code);
});

test.describe('insurers list as administrator', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.email, { to: null });
  });

  test('sorts by several columns, searches, filters and pages, keeping it all in the URL across a reload', async ({ page }) => {
    await openList(page);
    await expect(page.getByText('1–20 de 25')).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
    const pageSize = page.getByRole('combobox', { name: 'Registros por página' });
    await expect(pageSize).toHaveValue('20');
    await expect(pageSize.locator('option:checked')).toHaveText('20 / página');
    await expect(header(page, 'Nombre comercial')).toHaveAttribute('aria-sort', 'ascending');

    const codeButton = page.getByRole('button', { name: 'Código', exact: true });
    await codeButton.click();
    await expect(page).toHaveURL(/[?&]sort=code(&|$)/);
    await expect(header(page, 'Código')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Nombre comercial')).toHaveAttribute('aria-sort', 'none');
    await expect.poll(async () => (await column(page, 'Código'))[0]).toBe('ANDE');

    await codeButton.click();
    await expect(page).toHaveURL(/[?&]sort=-code(&|$)/);
    await expect(header(page, 'Código')).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => (await column(page, 'Código'))[0]).toBe('VEN');

    // Several columns: a click sorts by status, shift-click adds the code as the second key.
    await page.getByRole('button', { name: 'Activa', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=active(&|$)/);
    await codeButton.click({ modifiers: ['Shift'] });
    await expect(page).toHaveURL(/[?&]sort=active%2Ccode(&|$)/);
    await expect(header(page, 'Activa')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Código')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Código')).toContainText('prioridad 2');
    await expect(header(page, 'Código').getByTestId('sort-order')).toHaveText('2');
    const multi = await apiCodes(page, 'sort=active,code&pageSize=20');
    expect(multi).not.toEqual(await apiCodes(page, 'sort=code&pageSize=20'));
    await expect.poll(() => column(page, 'Código')).toEqual(multi);

    // Filter by status: only inactive insurers.
    await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Inactiva' });
    await expect(page).toHaveURL(/[?&]active=false(&|$)/);
    const inactive = await apiCodes(page, 'active=false&sort=active,code');
    expect(inactive.length).toBeGreaterThan(0);
    await expect.poll(() => column(page, 'Código')).toEqual(inactive);
    for (const status of await column(page, 'Activa')) expect(status).toBe('Inactiva');
    await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Estado: todos' });
    await expect(page).not.toHaveURL(/active=/);

    await search(page, 'odonto');
    await expect(page.getByText('1–5 de 5')).toBeVisible();
    await expect.poll(() => column(page, 'Nombre comercial')).toHaveLength(5);
    for (const name of await column(page, 'Nombre comercial')) expect(name).toMatch(/odonto/i);

    await page.reload();
    await expect(page).toHaveURL(/[?&]q=odonto(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=active%2Ccode(&|$)/);
    await expect(searchBox(page)).toHaveValue('odonto');
    await expect(page.getByText('1–5 de 5')).toBeVisible();
    await expect.poll(() => column(page, 'Código')).toEqual(await apiCodes(page, 'q=odonto&sort=active,code'));
    await expect(header(page, 'Código')).toHaveAttribute('aria-sort', 'ascending');

    // Paging is in the URL too.
    await searchBox(page).fill('');
    await expect(page).not.toHaveURL(/q=/);
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByText('21–25 de 25')).toBeVisible();
    await page.reload();
    await expect(page.getByText('21–25 de 25')).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
  });

  test('rows are reached with the arrow keys and open with Enter or a click', async ({ page }) => {
    await openList(page, '?sort=code');
    const codes = await column(page, 'Código');
    await rows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(rows(page).nth(2)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(rows(page).nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(rows(page).nth(19)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(rows(page).first()).toBeFocused();
    // One tab stop for the rows: Tab leaves the grid.
    await page.keyboard.press('ArrowDown');
    await expect(rows(page).nth(1)).toHaveAttribute('tabindex', '0');
    await expect(rows(page).first()).toHaveAttribute('tabindex', '-1');

    await page.keyboard.press('Enter');
    const second = await findInsurer(page.request, await tokenOf(page), codes[1]);
    await expect(page).toHaveURL(new RegExp(`/app/aseguradoras/editar/${second!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Editar aseguradora: ${second!.name}` })).toBeVisible();

    await page.goBack();
    await expect(rows(page).first()).toBeVisible();
    await rows(page).nth(3).locator('td').nth(2).click();
    const fourth = await findInsurer(page.request, await tokenOf(page), codes[3]);
    await expect(page).toHaveURL(new RegExp(`/app/aseguradoras/editar/${fourth!.id}$`));
  });

  test('a long page renders only the rows in view, and the keyboard still reaches the last one', async ({ page }) => {
    const token = await tokenOf(page);
    for (let n = 1; n <= 30; n++) {
      const code = `E2EV${String(n).padStart(2, '0')}`;
      created.push(code);
      await createInsurer(page.request, token, { code, name: `Virtual ${n}` });
    }
    await openList(page, '?pageSize=100&sort=code');
    await expect(page.getByText('1–55 de 55')).toBeVisible();
    await expect(page.locator('table')).toHaveAttribute('aria-rowcount', '56');
    expect(await rows(page).count()).toBeLessThan(55);

    await rows(page).first().focus();
    await page.keyboard.press('End');
    const last = page.locator('table tbody tr[data-index="54"]');
    await expect(last).toBeFocused();
    await expect(last).toContainText('VEN');
    await page.keyboard.press('Home');
    await expect(page.locator('table tbody tr[data-index="0"]')).toBeFocused();
  });

  test('the column chooser hides a column, remembered for this user after a reload', async ({ page }) => {
    await openList(page);
    await expect(page.getByRole('columnheader', { name: 'País' })).toBeVisible();
    await page.getByRole('button', { name: 'Columnas' }).click();
    const country = page.getByRole('menuitemcheckbox', { name: 'País' });
    await expect(country).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('menuitemcheckbox', { name: 'Nombre comercial' })).toHaveCount(0);
    await country.click();
    await expect(country).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'País' })).toHaveCount(0);

    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'País' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Moneda' })).toBeVisible();
    const me = await (await page.request.get('/api/me', { headers: authHeader(await tokenOf(page)) })).json();
    await expect.poll(() => readSecure(page, `list-columns:${me.user.id}:insurers`)).toEqual(['country']);

    await page.getByRole('button', { name: 'Columnas' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'País' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'País' })).toBeVisible();
  });

  test('deletes the selected insurers after confirming', async ({ page }) => {
    const token = await tokenOf(page);
    created.push('E2EBULK1', 'E2EBULK2');
    await createInsurer(page.request, token, { code: 'E2EBULK1', name: 'Masiva Uno' });
    await createInsurer(page.request, token, { code: 'E2EBULK2', name: 'Masiva Dos' });

    await openList(page);
    await search(page, 'E2EBULK');
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Seleccionar Masiva Uno' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Seleccionar Masiva Dos' }).check({ force: true });
    const bulk = page.getByRole('region', { name: 'Acciones sobre la selección' });
    await expect(bulk).toContainText('2 seleccionados');

    await bulk.getByRole('button', { name: 'Eliminar seleccionados' }).click();
    let dialog = page.getByRole('alertdialog', { name: '¿Eliminar los 2 registros seleccionados?' });
    await expect(dialog).toContainText('Se eliminará: Masiva Dos y Masiva Uno. Esta acción no se puede deshacer.');
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    expect(await findInsurer(page.request, token, 'E2EBULK1')).toBeTruthy();

    await bulk.getByRole('button', { name: 'Eliminar seleccionados' }).click();
    dialog = page.getByRole('alertdialog', { name: '¿Eliminar los 2 registros seleccionados?' });
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('2 registros eliminados')).toBeVisible();
    await expect(page.getByText('Ningún registro coincide con «E2EBULK».')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    expect(await findInsurer(page.request, token, 'E2EBULK1')).toBeUndefined();
    expect(await findInsurer(page.request, token, 'E2EBULK2')).toBeUndefined();
  });
});

test.describe('insurer form as administrator', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.email, { to: null });
  });

  test('creates an insurer after showing the form errors next to their fields, with country and currency picked by name', async ({ page }) => {
    created.push('E2E1');
    await openList(page);
    await page.getByRole('link', { name: 'Nueva aseguradora' }).click();
    await expect(page).toHaveURL(/\/app\/aseguradoras\/nueva$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva aseguradora' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Aseguradoras' })).toBeVisible();

    await page.getByRole('button', { name: 'Guardar' }).click();
    for (const label of ['Código', 'Nombre comercial']) await expectFieldError(page, label, `Por favor ingresar ${label}`);
    // Country and currency are chosen, not typed: they ask to choose (issue 28, item 17).
    for (const label of ['País', 'Moneda']) await expectFieldError(page, label, `Seleccione ${label}`);
    await expect(page).toHaveURL(/\/app\/aseguradoras\/nueva$/);

    // Letters are upper-cased for the user, but a space (or any other character) breaks the code's pattern.
    await field(page, 'Código').fill('a b');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectFieldError(page, 'Código', 'Código no tiene un formato válido');

    await field(page, 'Código').fill('e2e1');
    await field(page, 'Nombre comercial').fill('Aseguradora de Pruebas E2E');
    // The pickers show names in the user's language and keep the ISO codes.
    await expect(field(page, 'País').locator('option[value="ES"]')).toHaveText('España (ES)');
    await expect(field(page, 'País').locator('option[value="DE"]')).toHaveText('Alemania (DE)');
    await field(page, 'País').selectOption({ label: 'España (ES)' });
    await field(page, 'Moneda').selectOption({ label: 'euro (EUR)' });
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page.getByText('Registro creado')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    const saved = await findInsurer(page.request, await tokenOf(page), 'E2E1');
    expect(saved).toMatchObject({ name: 'Aseguradora de Pruebas E2E', country: 'ES', currency: 'EUR' });

    await search(page, 'E2E1');
    await expect(rows(page)).toHaveCount(1);
    expect(await column(page, 'País')).toEqual(['España (ES)']);
  });

  test('the pickers follow the language', async ({ page }) => {
    await page.goto('/app/aseguradoras/nueva');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'New insurer' })).toBeVisible();
    await expect(field(page, 'Country').locator('option[value="ES"]')).toHaveText('Spain (ES)');
    await expect(field(page, 'Currency').locator('option[value="JPY"]')).toHaveText('Japanese Yen (JPY)');
  });

  test('a duplicate code shows the server uniqueness error on the code field', async ({ page }) => {
    await page.goto('/app/aseguradoras/nueva');
    await field(page, 'Código').fill('SDS');
    await field(page, 'Nombre comercial').fill('Otra con el mismo código');
    await field(page, 'País').selectOption('CL');
    await field(page, 'Moneda').selectOption('CLP');
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expectFieldError(page, 'Código', 'Ya existe otro registro con este valor de Código');
    await expect(page).toHaveURL(/\/app\/aseguradoras\/nueva$/);
  });

  test('edits an insurer opened from its row, then deletes it from its form', async ({ page }) => {
    const token = await tokenOf(page);
    created.push('E2EED');
    await createInsurer(page.request, token, { code: 'E2EED', name: 'Para editar' });

    await openList(page);
    await search(page, 'E2EED');
    await rows(page).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar aseguradora: Para editar' })).toBeVisible();
    await expect(field(page, 'Código')).toHaveValue('E2EED');
    await expect(field(page, 'País')).toHaveValue('ES');

    await field(page, 'Nombre comercial').fill('Editada en la prueba');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    expect((await findInsurer(page.request, token, 'E2EED'))?.name).toBe('Editada en la prueba');

    await search(page, 'E2EED');
    await rows(page).first().click();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar la aseguradora?' });
    await expect(dialog).toContainText('Se eliminará «Editada en la prueba». Esta acción no se puede deshacer.');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Registro eliminado')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    expect(await findInsurer(page.request, token, 'E2EED')).toBeUndefined();
  });

  test('a stale save offers to reload the other user’s version, or to overwrite it', async ({ page }) => {
    const token = await tokenOf(page);
    created.push('E2ESTALE');
    const insurer = await createInsurer(page.request, token, { code: 'E2ESTALE', name: 'Versión original' });
    const otherSaves = async (name: string) => {
      const current = (await findInsurer(page.request, token, 'E2ESTALE'))!;
      const response = await page.request.put(`/api/insurers/${insurer.id}`, { headers: authHeader(token), data: { ...insurerInput(current), name, version: current.version } });
      expect(response.status(), await response.text()).toBe(200);
    };

    await page.goto(`/app/aseguradoras/editar/${insurer.id}`);
    await expect(field(page, 'Nombre comercial')).toHaveValue('Versión original');
    await otherSaves('Cambiada por otro usuario');
    await field(page, 'Nombre comercial').fill('Mi cambio');
    await page.getByRole('button', { name: 'Guardar' }).click();

    let dialog = page.getByRole('alertdialog', { name: 'Otro usuario modificó este registro' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Recargar la versión actual' }).click();
    await expect(dialog).toBeHidden();
    await expect(field(page, 'Nombre comercial')).toHaveValue('Cambiada por otro usuario');

    // Again, and this time the user's edits win.
    await otherSaves('Cambiada otra vez por otro usuario');
    await field(page, 'Nombre comercial').fill('Mi cambio gana');
    await page.getByRole('button', { name: 'Guardar' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Otro usuario modificó este registro' });
    await dialog.getByRole('button', { name: 'Sobrescribir con mis cambios' }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    const saved = (await findInsurer(page.request, token, 'E2ESTALE'))!;
    expect(saved.name).toBe('Mi cambio gana');
    expect(saved.version).toBe(insurer.version + 3);
  });

  test('leaving with unsaved changes asks first', async ({ page }) => {
    const token = await tokenOf(page);
    created.push('E2ELEAVE');
    const insurer = await createInsurer(page.request, token, { code: 'E2ELEAVE', name: 'Sin guardar' });
    await page.goto(`/app/aseguradoras/editar/${insurer.id}`);
    await expect(field(page, 'Nombre comercial')).toHaveValue('Sin guardar');

    // Unchanged, the form lets the user go.
    await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Aseguradoras' }).click();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    await page.goBack();

    await field(page, 'Nombre comercial').fill('Cambio a medias');
    await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Aseguradoras' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Salir sin guardar?' });
    await expect(dialog).toContainText('Tiene cambios sin guardar.');
    await expect(dialog.getByRole('button', { name: 'Seguir editando' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/editar/${insurer.id}$`));
    await expect(field(page, 'Nombre comercial')).toHaveValue('Cambio a medias');

    // A reload asks the browser's own question.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.dismiss())));
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await expect(field(page, 'Nombre comercial')).toHaveValue('Cambio a medias');

    await sideNav(page).getByRole('link', { name: 'Panel' }).click();
    await page.getByRole('alertdialog', { name: '¿Salir sin guardar?' }).getByRole('button', { name: 'Salir sin guardar' }).click();
    await expect(page).toHaveURL(/\/app\/panel\/default$/);
    expect((await findInsurer(page.request, token, 'E2ELEAVE'))?.name).toBe('Sin guardar');
  });

  test('a record that does not exist is a localized not-found state with a way back', async ({ page }) => {
    await page.goto('/app/aseguradoras/editar/99999');
    await expect(page.getByRole('heading', { level: 1, name: 'Registro no encontrado' })).toBeVisible();
    await expect(page.getByText('El registro que busca no existe o fue eliminado.')).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await page.getByRole('link', { name: 'Volver a Aseguradoras' }).click();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aseguradoras' })).toBeVisible();
  });
});

test.describe('insurers on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list becomes cards that open their record, with nothing scrolling sideways', async ({ page }) => {
    await signIn(page, ADMIN.email, { to: '/app/aseguradoras?sort=code' });
    const cards = page.getByTestId('record-cards').getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(page.locator('table')).toHaveCount(0);
    await expect(cards.first()).toContainText('Código');
    await expect(cards.first()).toContainText('ANDE');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const andes = await findInsurer(page.request, await tokenOf(page), 'ANDE');
    await cards.first().getByRole('link', { name: andes!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/app/aseguradoras/editar/${andes!.id}$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe('insurers right to left', () => {
  test('data keeps its own reading order in cells and inputs', async ({ page }) => {
    await signIn(page, ADMIN.email);
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('preferences') ?? '{}');
      localStorage.setItem('preferences', JSON.stringify({ ...stored, direction: 'rtl' }));
    });
    await openList(page, '?sort=code');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // A date such as "22 nov 2026" must not read "nov 2026 22": its day is drawn left of its year.
    const index = (await page.locator('table thead th').allTextContents()).findIndex((text) => text.startsWith('Actualizada'));
    const cell = rows(page).first().locator(`td:nth-child(${index + 1})`);
    const order = await cell.evaluate((td) => {
      const text = td.querySelector('bdi')!.firstChild!;
      const value = text.textContent!;
      const box = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(text, from);
        range.setEnd(text, to);
        return range.getBoundingClientRect().left;
      };
      const day = value.match(/^\d+/)![0];
      return { value, day: box(0, day.length), year: box(value.length - 4, value.length) };
    });
    expect(order.value).toMatch(/^\d{1,2} \S+ \d{4}$/);
    expect(order.day).toBeLessThan(order.year);

    // The pager's range is a Spanish sentence: "1–20 de 25" drawn left to right, not "de 25 20–1".
    const range = page.locator('p[aria-live="polite"]').filter({ hasText: /^1–20 de \d+$/ });
    await expect(range).toHaveText(/^1–20 de \d+$/);
    const numbers = await range.locator('bdi').filter({ hasText: /^\d+$/ }).evaluateAll((spans) => spans.map((span) => ({ text: span.textContent, left: span.getBoundingClientRect().left })));
    expect(numbers.map((n) => n.text).slice(0, 2)).toEqual(['1', '20']);
    expect(numbers[0].left).toBeLessThan(numbers[1].left);
    expect(numbers[1].left).toBeLessThan(numbers[2].left);

    // An input's value keeps its final period at the end (dir="auto").
    const andes = await findInsurer(page.request, await tokenOf(page), 'ANDE');
    await page.goto(`/app/aseguradoras/editar/${andes!.id}`);
    const legal = field(page, 'Razón social');
    await expect(legal).toHaveAttribute('dir', 'auto');
    expect(await legal.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
  });
});

test.describe('insurers as read-only user', () => {
  test('may read the list but not change it', async ({ page }) => {
    await signIn(page, READ_ONLY.email);
    await openList(page);
    await expect(page.getByText('1–20 de 25')).toBeVisible();
    await expect(rows(page)).toHaveCount(20);

    await expect(page.getByRole('link', { name: 'Nueva aseguradora' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /^Seleccionar/ })).toHaveCount(0);
    await rows(page).first().click();
    await expect(page).toHaveURL(/\/app\/aseguradoras$/);

    const nav = sideNav(page);
    await expect(nav.getByRole('link', { name: 'Aseguradoras' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

    await page.goto('/app/aseguradoras/nueva');
    await expect(page.getByRole('alert').filter({ hasText: 'No tiene permiso para realizar esta acción.' })).toBeVisible();
    await expect(field(page, 'Código')).toHaveCount(0);
  });
});
