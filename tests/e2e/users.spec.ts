import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiToken, authHeader, signIn, tokenOf } from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { createUser, findUser, getUser, otherSession, uniqueEmail, setChecked } from './user-fixtures.ts';

const PASSWORD = 'users-pass-1';
const rows = (page: Page) => page.locator('table tbody tr');
const rolePicker = (page: Page) => page.getByTestId('role-picker');

async function openList(page: Page, query = '') {
  await page.goto(`/app/usuarios${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await expect(page.locator('table')).toHaveAttribute('aria-busy', 'false');
}

async function expectFieldError(input: Locator, message: string) {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const id = await input.getAttribute('aria-errormessage');
  expect(id, 'the invalid field names its error message').toBeTruthy();
  await expect(input.locator('xpath=ancestor::*[@role="group"][1]').locator(`[id="${id}"]`)).toHaveText(message);
}

async function openEdit(page: Page, id: number, name: string) {
  await page.goto(`/app/usuarios/editar/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Editar usuario: ${name}` })).toBeVisible();
}

test.describe('users as administrator', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.email, { to: null });
  });

  test('searches by name or e-mail and filters by role and status, all kept in the URL', async ({ page }) => {
    await openList(page);
    await expect(rows(page).first()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Olga');
    await expect(page).toHaveURL(/[?&]q=Olga(&|$)/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('auditor@demo.local');
    await expect(rows(page).first()).toContainText('Auditor odontológico');
    await expect(rows(page).first()).toContainText('Activo');

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('tesoreria@demo');
    await expect(page).toHaveURL(/[?&]q=tesoreria%40demo(&|$)/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Tomás Tesorería');

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    // The role filter offers the roles there are, by their translated names (the contract does not enumerate them).
    const token = await tokenOf(page);
    const roleCodes = ((await (await page.request.get('/api/roles', { headers: authHeader(token) })).json()) as { items: { code: string }[] }).items.map((role) => role.code);
    const roleNames: Record<string, string> = {
      administrator: 'Administrador', supervisor: 'Supervisor', verifier: 'Verificador', reimbursement_analyst: 'Analista de reembolsos',
      dental_auditor: 'Auditor odontológico', treasury: 'Tesorería', read_only: 'Consulta',
    };
    const roleFilter = page.getByRole('combobox', { name: 'Rol' });
    await expect(roleFilter.locator('option:not([value=""])')).toHaveCount(roleCodes.length);
    const offered = await roleFilter.locator('option:not([value=""])').evaluateAll((options) => options.map((option) => [(option as HTMLOptionElement).value, option.textContent]));
    expect(offered).toEqual(roleCodes.map((code) => [code, roleNames[code] ?? code]));
    await roleFilter.selectOption({ label: 'Verificador' });
    await expect(page).toHaveURL(/[?&]role=verifier(&|$)/);
    await expect(rows(page).filter({ hasText: 'verificador@demo.local' })).toHaveCount(1);
    await expect(rows(page).filter({ hasNotText: 'Verificador' })).toHaveCount(0);

    // A deactivated verifier of this test's own, found by both filters together.
    const gone = await createUser(page.request, token, { name: 'Vera Desactivada', email: uniqueEmail('vera'), roles: ['verifier'], password: PASSWORD });
    expect((await page.request.post(`/api/users/${gone.id}/deactivate`, { headers: authHeader(token) })).status()).toBe(200);
    await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Desactivado' });
    await expect(page).toHaveURL(/[?&]status=inactive(&|$)/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Rol' })).toHaveValue('verifier');
    await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('inactive');
    await expect(rows(page).filter({ hasText: 'Vera Desactivada' }).locator('[data-status]')).toHaveText('Desactivado');
    await expect(page.locator('[data-status]:not([data-status="inactive"])')).toHaveCount(0);
    await expect(rows(page).filter({ hasText: 'verificador@demo.local' })).toHaveCount(0);
  });

  test('creates a user with an initial password, who then signs in with their role', async ({ page, browser }) => {
    const email = uniqueEmail('nuevo');
    await openList(page);
    await page.getByRole('link', { name: 'Nuevo usuario' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo usuario' })).toBeVisible();

    // Nothing filled: the contract's rules, next to each field.
    await setChecked(page.getByRole('radio', { name: 'Definir una contraseña inicial' }));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectFieldError(page.getByLabel('Nombre'), 'Por favor ingresar Nombre');
    await expectFieldError(page.getByRole('textbox', { name: 'Contraseña inicial' }), 'Por favor ingresar Contraseña inicial');

    await page.getByLabel('Nombre').fill('Nadia Nueva');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await page.locator('main').getByLabel('Idioma').selectOption({ label: 'Francés' });
    await setChecked(rolePicker(page).getByRole('checkbox', { name: 'Tesorería' }));
    await page.getByRole('textbox', { name: 'Contraseña inicial' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Usuario creado. Ya puede iniciar sesión con la contraseña indicada.')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/usuarios$/);

    const token = await tokenOf(page);
    expect(await findUser(page.request, token, email)).toMatchObject({ name: 'Nadia Nueva', locale: 'fr', roles: ['treasury'], active: true });
    const nadia = await otherSession(browser, email, PASSWORD);
    // The password was given by the administrator: before anything else Nadia chooses her own, and not the same one
    // (issue 28, item 20).
    const choose = nadia.page.getByRole('main');
    await expect(choose.getByRole('heading', { level: 1 })).toHaveText('Elija su contraseña');
    await expect(choose.getByRole('alert')).toHaveText('Antes de continuar, elija su propia contraseña.');
    await expect(nadia.page.getByTestId('side-nav').getByRole('link'), 'nothing else is offered until then').toHaveCount(0);
    await expect(nadia.page.getByRole('link', { name: /Mensajes|Comunicados/ })).toHaveCount(0);
    await expect(nadia.page.getByRole('button', { name: /^Buscar/ })).toHaveCount(0);
    await nadia.page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('ja');
    await expect(choose.getByRole('heading', { level: 1 })).toHaveText('パスワードの設定');
    await expect(choose.getByRole('textbox', { name: '新しいパスワード', exact: true })).toBeVisible();
    await nadia.page.getByRole('banner').getByRole('combobox', { name: '言語' }).selectOption('es');
    await choose.getByLabel('Contraseña que le dieron').fill(PASSWORD);
    await choose.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill(PASSWORD);
    await choose.getByLabel('Repita la contraseña nueva').fill(PASSWORD);
    await choose.getByRole('button', { name: 'Elija su contraseña' }).click();
    await expect(choose.getByText('Elija una contraseña distinta de la que le dieron')).toBeVisible();
    await expectNoSeriousViolations(nadia.page);
    await choose.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill(`${PASSWORD}-suya`);
    await choose.getByLabel('Repita la contraseña nueva').fill(`${PASSWORD}-suya`);
    await choose.getByRole('button', { name: 'Elija su contraseña' }).click();
    await expect(choose.getByRole('heading', { level: 1 })).not.toHaveText('Elija su contraseña');
    expect((await findUser(page.request, token, email))?.mustChangeCredentials).toBe(false);
    await expect(nadia.page.getByTestId('side-nav').getByRole('link', { name: 'Descargas' })).toBeVisible();
    await expect(nadia.page.getByTestId('side-nav').getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
    await nadia.context.close();
  });

  test('invites a user by e-mail', async ({ page }) => {
    const email = uniqueEmail('invitada');
    await page.goto('/app/usuarios/nuevo');
    await page.getByLabel('Nombre').fill('Inés Invitada');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await page.locator('main').getByLabel('Idioma').selectOption({ label: 'Español' });
    await setChecked(rolePicker(page).getByRole('checkbox', { name: 'Consulta' }));
    await setChecked(page.getByRole('radio', { name: 'Enviar una invitación por correo electrónico' }));
    await expect(page.getByRole('textbox', { name: 'Contraseña inicial' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`Usuario creado. Le enviamos una invitación a ${email}.`)).toBeVisible();
    expect(await findUser(page.request, await tokenOf(page), email)).toMatchObject({ roles: ['read_only'] });
    // Without a password of its own, the account cannot sign in until the invitation is used.
    expect((await page.request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(401);
  });

  test('a stale save offers to reload the version saved meanwhile', async ({ page }) => {
    const token = await tokenOf(page);
    const user = await createUser(page.request, token, { name: 'Versión Original', email: uniqueEmail('stale'), roles: ['verifier'], password: PASSWORD });
    await openEdit(page, user.id, 'Versión Original');

    // A second page of the same administrator saves first.
    const second = await page.context().newPage();
    await openEdit(second, user.id, 'Versión Original');
    await second.getByLabel('Nombre').fill('Cambiada en otra pestaña');
    await second.getByRole('button', { name: 'Guardar' }).click();
    await expect(second.getByText('Cambios guardados')).toBeVisible();
    await second.close();

    await page.getByLabel('Nombre').fill('Mi cambio');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Otro usuario modificó este registro' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Recargar la versión actual' }).click();
    await expect(page.getByLabel('Nombre')).toHaveValue('Cambiada en otra pestaña');
    await page.getByLabel('Nombre').fill('Mi cambio sobre la versión actual');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    expect((await getUser(page.request, token, user.id)).name).toBe('Mi cambio sobre la versión actual');
  });

  test('deactivating ends the user’s open session at once; reactivating lets them back', async ({ page, browser }) => {
    const token = await tokenOf(page);
    const email = uniqueEmail('baja');
    const user = await createUser(page.request, token, { name: 'Benito Baja', email, roles: ['read_only'], password: PASSWORD });
    const victim = await otherSession(browser, email, PASSWORD);

    await openEdit(page, user.id, 'Benito Baja');
    await page.getByRole('button', { name: 'Desactivar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Desactivar a Benito Baja?' });
    await expect(dialog).toContainText('sus sesiones abiertas terminan en este mismo momento');
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('Usuario desactivado: sus sesiones terminaron.')).toBeVisible();
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'inactive');

    // The deactivated user's page meets the session-expired dialog on its very next request.
    await victim.page.goto('/app/perfil');
    await expect(victim.page.getByRole('alertdialog', { name: 'Su sesión ha caducado' })).toBeVisible();
    await victim.context.close();

    // The account's actions bumped its version; the form still saves without a conflict.
    await page.getByRole('button', { name: 'Reactivar' }).click();
    await page.getByRole('alertdialog', { name: '¿Reactivar a Benito Baja?' }).getByRole('button', { name: 'Reactivar' }).click();
    await expect(page.getByText('Usuario reactivado.')).toBeVisible();
    await page.getByLabel('Nombre').fill('Benito de Vuelta');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    expect(await getUser(page.request, token, user.id)).toMatchObject({ name: 'Benito de Vuelta', active: true });
    expect((await page.request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  });

  test('unlocks an account locked by failed sign-ins', async ({ page }) => {
    const token = await tokenOf(page);
    const email = uniqueEmail('bloqueo');
    const user = await createUser(page.request, token, { name: 'Lola Bloqueada', email, roles: ['read_only'], password: PASSWORD });
    for (let i = 0; i < 5; i++) await page.request.post('/api/login', { data: { email, password: 'wrong-password' } });
    expect((await getUser(page.request, token, user.id)).locked).toBe(true);

    await openList(page, '?status=locked');
    await expect(rows(page).filter({ hasText: email })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: email }).locator('[data-status]')).toHaveText('Bloqueado');
    await rows(page).filter({ hasText: email }).click();
    await expect(page.getByText(/Bloqueada por intentos fallidos hasta/)).toBeVisible();
    await page.getByRole('button', { name: 'Desbloquear' }).click();
    await expect(page.getByText('Cuenta desbloqueada.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desbloquear' })).toHaveCount(0);
    expect((await page.request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  });

  test('an administrator cannot take away their own administrator role: said next to the roles', async ({ page }) => {
    const token = await tokenOf(page);
    const me = (await (await page.request.get('/api/me', { headers: authHeader(token) })).json()).user;
    await openEdit(page, me.id, ADMIN.name);
    await setChecked(rolePicker(page).getByRole('checkbox', { name: 'Administrador' }), false);
    await setChecked(rolePicker(page).getByRole('checkbox', { name: 'Supervisor' }));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(rolePicker(page).getByRole('alert')).toHaveText('No puede quitarse su propio rol de administrador');
    expect((await getUser(page.request, token, me.id)).roles).toEqual(['administrator']);

    // Deactivating oneself is refused too, in words.
    await page.getByRole('button', { name: 'Desactivar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('No puede desactivar su propia cuenta.')).toBeVisible();
  });

  test('list and form are accessible, in right-to-left and in Japanese too', async ({ page }) => {
    await openList(page);
    await expectNoSeriousViolations(page);
    await page.goto('/app/usuarios/nuevo');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Por favor ingresar Nombre')).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/app/perfil');
    await page.getByLabel('Dirección del texto').selectOption({ label: 'Derecha a izquierda' });
    await openList(page, '?q=auditor');
    // Data keeps its own direction: the e-mail reads left to right inside a right-to-left page.
    const emailCell = rows(page).first().locator('td').nth(1);
    await expect(emailCell).toHaveText('auditor@demo.local');
    expect(await emailCell.locator('bdi').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await expectNoSeriousViolations(page);

    await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('ja');
    await expect(page.getByRole('heading', { level: 1, name: 'ユーザー' })).toBeVisible();
    await expect(rows(page).first()).toContainText('歯科監査担当');
    await expect(rows(page).first()).toContainText('有効');
  });
});

test('without users:read the area is not offered', async ({ page }) => {
  const token = await apiToken(page.request);
  const email = uniqueEmail('sinpermiso');
  await createUser(page.request, token, { name: 'Sin Permiso', email, roles: ['verifier'], password: PASSWORD });
  await signIn(page, email, { password: PASSWORD, to: '/app/usuarios' });
  await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText('No tiene permiso para realizar esta acción.');
});
