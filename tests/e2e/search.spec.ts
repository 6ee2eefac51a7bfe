import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, signIn } from './fixtures.ts';

type Hit = { id: number; title: string; link: string; matched: string };
type Group = { kind: string; items: Hit[] };

const box = (page: Page) => page.getByRole('searchbox', { name: 'Buscar en el panel' });

/** What the API finds for a text, for the test to know which record the screen should offer. */
async function firstHit(page: Page, q: string, kind: string): Promise<Hit> {
  const token = await apiToken(page.request);
  const response = await page.request.get('/api/search', { params: { q }, headers: authHeader(token) });
  expect(response.status()).toBe(200);
  const group = ((await response.json()).groups as Group[]).find((g) => g.kind === kind);
  expect(group, `the API finds a ${kind} for ${q}`).toBeTruthy();
  return group!.items[0];
}

test.describe('Búsqueda', () => {
  test('Ctrl+K opens it; a patient is found by document and opened with the keyboard; axe finds nothing serious', async ({ page }) => {
    // A seeded holder-patient carries the policyholder's document (research 2.4).
    const patient = await firstHit(page, '40000000X', 'patient');
    expect(patient.matched).toBe('document');

    await signIn(page, ADMIN.email);
    await page.keyboard.press('Control+k');
    await expect(page).toHaveURL(/\/app\/busqueda$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Búsqueda' })).toBeVisible();
    await expect(box(page)).toBeFocused();

    await box(page).fill('40000000x');
    await expect(page).toHaveURL(/\/app\/busqueda\?q=40000000x$/);
    const patients = page.getByRole('region', { name: /^Pacientes/ });
    await expect(patients.getByRole('link').first()).toContainText(patient.title);
    await expect(patients.getByRole('link').first()).toContainText('Coincide: documento');
    // The holder is also a policyholder with the same document: both kinds are listed, each under its heading.
    await expect(page.getByRole('heading', { level: 2, name: /^Titulares/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /resultados?$/ })).toBeVisible();
    await expectNoSeriousViolations(page);

    // Down from the box to the first result, down to the next, up twice back to the box, down and Enter.
    await page.keyboard.press('ArrowDown');
    await expect(patients.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(patients.getByRole('link').first()).not.toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(box(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/app${patient.link}$`));

    // Back returns to the results with the text kept in the URL and the box.
    await page.goBack();
    await expect(box(page)).toHaveValue('40000000x');
  });

  test('"/" and the header button open it; a reimbursement is found by folio and opened with Enter', async ({ page }) => {
    const token = await apiToken(page.request);
    const list = await page.request.get('/api/reimbursements', { params: { pageSize: 1 }, headers: authHeader(token) });
    const [reimbursement] = (await list.json()).items as { id: number; folio: string; verificationId: number }[];

    await signIn(page, ADMIN.email);
    await page.getByRole('button', { name: 'Buscar (Ctrl+K o /)' }).click();
    await expect(page).toHaveURL(/\/app\/busqueda$/);
    await page.goto('/app/panel/default');
    await expect(page.getByRole('button', { name: /^Menú de / })).toBeVisible();
    await page.keyboard.press('/');
    await expect(box(page)).toBeFocused();
    await page.keyboard.type(reimbursement.folio.toLowerCase());

    const region = page.getByRole('region', { name: /^Reembolsos/ });
    await expect(region.getByRole('link')).toHaveCount(1);
    await expect(region.getByRole('link')).toContainText(reimbursement.folio);
    await expect(region.getByRole('link')).toContainText('Coincide: folio');
    await expect(page.getByRole('region', { name: /^Pacientes/ })).toHaveCount(0);
    await expectNoSeriousViolations(page);

    await page.keyboard.press('ArrowDown');
    await expect(region.getByRole('link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/app/reembolsos/editar/${reimbursement.verificationId}/${reimbursement.id}$`));
  });

  test('says when nothing matches, and the menu entry Búsqueda opens it', async ({ page }) => {
    await signIn(page, ADMIN.email);
    await page.getByTestId('side-nav').getByRole('link', { name: 'Búsqueda' }).click();
    await expect(page).toHaveURL(/\/app\/busqueda$/);
    await box(page).fill('zzqx-nadie');
    await expect(page.getByText('Nada coincide con «zzqx-nadie».')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
