import { expect, test, type Page } from '@playwright/test';
import { ADMIN, READ_ONLY, apiToken, sideNav, signIn } from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { otherSession, roleByCode, setRolePermissions, setChecked } from './user-fixtures.ts';

const grid = (page: Page) => page.getByTestId('permission-grid');
const cell = (page: Page, resource: string, action: string) => grid(page).getByRole('checkbox', { name: `${resource}: ${action}`, exact: true });

async function openRole(page: Page, code: string, name: string) {
  const token = await apiToken(page.request);
  const role = await roleByCode(page.request, token, code);
  await page.goto(`/app/roles/editar/${role.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Editar rol: ${name}` })).toBeVisible();
  return { role, token };
}

test.describe('roles', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.email, { to: null });
  });

  test('the list shows every role by its translated name, kind, users and permissions', async ({ page }) => {
    const token = await apiToken(page.request);
    const auditor = await roleByCode(page.request, token, 'dental_auditor');
    await page.goto('/app/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    const row = page.getByRole('row', { name: 'Auditor odontológico' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Del sistema');
    await expect(row.locator('td').nth(2)).toHaveText(String(auditor.userCount));
    await expect(row.locator('td').nth(3)).toHaveText(String(auditor.permissions.length));
    await expect(page.locator('table tbody tr')).toHaveCount(7);
    // Every role on one page: the list operation has no paging, so no pager either.
    await expect(page.getByRole('combobox', { name: 'Registros por página' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Página siguiente' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Página anterior' })).toHaveCount(0);

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/app/roles/editar/${auditor.id}$`));
    await expect(page.getByText('Rol del sistema: conserva su código y su nombre; solo cambian sus permisos.')).toBeVisible();
    await expect(page.getByText('Los cambios se aplican en la siguiente solicitud de cada usuario con este rol, sin cerrar su sesión.')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });

  test('a permission ticked in the grid reaches the role’s holders on their next request', async ({ page, browser }) => {
    const { role, token } = await openRole(page, 'read_only', 'Consulta');
    const { context, page: holder } = await otherSession(browser, READ_ONLY.email);
    try {
      await expect(sideNav(holder).getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

      await expect(cell(page, 'Usuarios', 'Ver')).not.toBeChecked();
      await expect(cell(page, 'Pacientes', 'Ver')).toBeChecked();
      await setChecked(cell(page, 'Usuarios', 'Ver'));
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Cambios guardados')).toBeVisible();
      expect((await roleByCode(page.request, token, 'read_only')).permissions).toContain('users:read');

      await holder.reload();
      await expect(sideNav(holder).getByRole('link', { name: 'Usuarios' })).toBeVisible();
    } finally {
      await setRolePermissions(page.request, token, 'read_only', role.permissions);
      await context.close();
    }
  });

  test('the grid works with the keyboard alone: arrows, Space, the row and column toggles', async ({ page }) => {
    const { role, token } = await openRole(page, 'treasury', 'Tesorería');
    try {
      // One tab stop into the grid, whatever it holds.
      const first = grid(page).locator('input[tabindex="0"]');
      await expect(first).toHaveCount(1);
      await first.focus();
      await page.keyboard.press('Control+Home');
      await expect(grid(page).getByRole('checkbox', { name: 'Todos', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(grid(page).getByRole('checkbox', { name: 'Ver en todos los recursos' })).toBeFocused();

      // Down to the row of Aseguradoras, then its "all" toggle on the left.
      const rowNames = await grid(page).locator('tbody th').allTextContents();
      for (let i = 0; i <= rowNames.indexOf('Aseguradoras'); i++) await page.keyboard.press('ArrowDown');
      await expect(cell(page, 'Aseguradoras', 'Ver')).toBeFocused();
      await page.keyboard.press('Home');
      const insurersRow = grid(page).getByRole('checkbox', { name: 'Todos los permisos de Aseguradoras' });
      await expect(insurersRow).toBeFocused();
      await page.keyboard.press('Space');
      for (const action of ['Ver', 'Crear', 'Modificar', 'Eliminar']) await expect(cell(page, 'Aseguradoras', action)).toBeChecked();
      await page.keyboard.press('Space');
      for (const action of ['Ver', 'Crear', 'Modificar', 'Eliminar']) await expect(cell(page, 'Aseguradoras', action)).not.toBeChecked();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      await expect(cell(page, 'Aseguradoras', 'Ver')).toBeChecked();

      // Tab leaves the grid for the buttons; Enter on Save saves.
      await page.keyboard.press('Tab');
      await expect(grid(page).locator('input:focus')).toHaveCount(0);
      await page.getByRole('button', { name: 'Guardar' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Cambios guardados')).toBeVisible();
      const saved = await roleByCode(page.request, token, 'treasury');
      expect(saved.permissions).toContain('insurers:read');
      expect(saved.permissions).not.toContain('insurers:create');
    } finally {
      await setRolePermissions(page.request, token, 'treasury', role.permissions);
    }
  });

  test('the administrator role cannot lose the permissions that manage users and roles', async ({ page }) => {
    const { role, token } = await openRole(page, 'administrator', 'Administrador');
    await setChecked(cell(page, 'Roles', 'Modificar'), false);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'El rol de administrador debe conservar estos permisos' })).toContainText('Roles: Modificar');
    expect((await roleByCode(page.request, token, 'administrator')).version).toBe(role.version);
    await expectNoSeriousViolations(page);
  });

  test('a stale save offers to reload the other version', async ({ page }) => {
    const { role, token } = await openRole(page, 'supervisor', 'Supervisor');
    try {
      await setRolePermissions(page.request, token, 'supervisor', [...role.permissions, 'patients:create']);
      await setChecked(cell(page, 'Notas', 'Eliminar'), false);
      await page.getByRole('button', { name: 'Guardar' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Otro usuario modificó este registro' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Recargar la versión actual' }).click();
      await expect(cell(page, 'Pacientes', 'Crear')).toBeChecked();
      await expect(cell(page, 'Notas', 'Eliminar')).toBeChecked();
    } finally {
      await setRolePermissions(page.request, token, 'supervisor', role.permissions);
    }
  });
});

test('the role grid in right-to-left and in Japanese', async ({ page }) => {
  await signIn(page, ADMIN.email, { to: '/app/perfil' });
  await page.getByLabel('Dirección del texto').selectOption({ label: 'Derecha a izquierda' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const { role } = await openRole(page, 'verifier', 'Verificador');
  const resourceHeader = grid(page).locator('thead th').first();
  const allHeader = grid(page).locator('thead th').nth(1);
  // Right to left: the resource names sit at the right, the toggles to their left.
  expect((await resourceHeader.boundingBox())!.x).toBeGreaterThan((await allHeader.boundingBox())!.x);
  await cell(page, 'Pacientes', 'Ver').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(cell(page, 'Pacientes', 'Crear')).toBeFocused();
  await expectNoSeriousViolations(page);

  await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('ja');
  await expect(page.getByRole('heading', { level: 1, name: 'ロールを編集：資格確認担当' })).toBeVisible();
  await expect(grid(page).getByRole('checkbox', { name: '患者：閲覧', exact: true })).toBeChecked();
  expect(role.permissions).toContain('patients:read');
});
