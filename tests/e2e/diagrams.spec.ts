import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, READ_ONLY, apiToken, authHeader, sideNav, signIn } from './fixtures.ts';

test.describe('state diagrams for analysts', () => {
  test('shows a machine, explains a state in the user language, and draws a record path', async ({ page, request }) => {
    await signIn(page, ADMIN.email);
    await sideNav(page).getByRole('link', { name: 'Diagramas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Diagramas de estados' })).toBeVisible();

    await page.getByLabel('Diagrama').selectOption('reimbursement');
    const inReview = page.locator('[data-state-id="reimbursement.inReview"]');
    await expect(inReview).toBeVisible();
    await inReview.focus();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('state-details');
    await expect(details.getByRole('heading', { name: 'En revisión' })).toBeVisible();
    await expect(details).toContainText('Quien creó el reembolso no puede aprobarlo');
    await expect(page).toHaveURL(/state=reimbursement\.inReview/);

    // The paid demo reimbursement's history, drawn through the diagram.
    const token = await apiToken(request);
    const paid = await request.get('/api/reimbursements', { params: { state: 'paid', kind: 'GENERAL' }, headers: authHeader(token) });
    const [record] = (await paid.json()).items as { id: number }[];
    await page.getByLabel('Número interno del registro').fill(String(record.id));
    await page.getByRole('button', { name: 'Mostrar recorrido' }).click();
    const steps = page.getByTestId('record-path').getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.last()).toHaveText('PAY: Aprobado → Pagado');
    await expect(page.locator('.diagram .on-path-edge').first()).toBeAttached();

    // Switching language translates the state's texts too (the catalogs' entries).
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByTestId('state-details').getByRole('heading', { name: 'In review' })).toBeVisible();
    await expect(page.getByTestId('state-details')).toContainText('The reimbursement’s creator cannot approve it');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await expect(page.getByTestId('state-details').getByRole('heading', { name: '審査中' })).toBeVisible();
    await expect(page.getByTestId('state-details')).toContainText('払い戻しを作成した人はそれを承認できません');
    await expect(inReview).toHaveAttribute('aria-label', '審査中');

    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`).join(', ')}`)).toEqual([]);
  });

  test("highlights the session machine's live state", async ({ page }) => {
    await signIn(page, ADMIN.email);
    await page.goto('/app/diagramas?machine=app');
    await expect(page.getByTestId('live-state')).toHaveText('Estado actual de su sesión: Con sesión › Activa');
    await expect(page.locator('[data-state-id="app.authenticated.active"]')).toHaveClass(/is-live/);
    await expect(page.locator('[data-state-id="app.anonymous"]')).not.toHaveClass(/is-live/);
  });

  test('is hidden from users without the diagrams permission', async ({ page }) => {
    await signIn(page, READ_ONLY.email);
    await expect(sideNav(page).getByRole('link', { name: 'Diagramas' })).toHaveCount(0);
    await page.goto('/app/diagramas');
    await expect(page.getByRole('alert')).toHaveText('No tiene permiso para realizar esta acción.');
  });
});
