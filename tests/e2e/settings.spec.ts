import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, sideNav, signIn } from './fixtures.ts';

const VERIFIER = 'verificador@demo.local';
const row = (page: Page, key: string) => page.locator(`table tbody tr[data-key="${key}"]`);
const japanese = (page: Page) => page.getByRole('dialog').getByLabel('Texto (日本語)');

/** The reason's texts through the API, to put them back after the test. */
async function reason(page: Page, code: string) {
  const token = await apiToken(page.request);
  const response = await page.request.get('/api/settings/reasons', { headers: authHeader(token) });
  return ((await response.json()).items as { code: string; version: number; texts: Record<string, string> }[]).find((r) => r.code === code)!;
}

test.describe('Configuraciones', () => {
  test('an administrator edits a reason code’s Japanese text, sees the required-field error and the change in the history; axe finds nothing serious', async ({ page }) => {
    const before = await reason(page, '06');
    const text = `重複請求 ${Date.now() % 100000}`;
    await signIn(page, ADMIN.email);
    await sideNav(page).getByRole('link', { name: 'Configuraciones' }).click();
    await expect(page).toHaveURL(/\/app\/configuraciones$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Configuraciones' })).toBeVisible();
    await expect(row(page, 'D2740')).toContainText('Corona de porcelana/cerámica');
    await expectNoSeriousViolations(page);

    await page.getByRole('tab', { name: 'Motivos de rechazo' }).click();
    await expect(page).toHaveURL(/\?catalogo=motivos$/);
    await expect(row(page, '06')).toContainText('Duplicado');
    await expectNoSeriousViolations(page);
    await row(page, '06').getByRole('button', { name: 'Editar 06' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Editar 06 · Duplicado' })).toBeVisible();
    await expect(japanese(page)).toHaveValue(before.texts.ja);

    // A blank language is refused next to its field, and nothing is sent.
    await japanese(page).fill('   ');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Por favor ingresar Texto (日本語)')).toBeVisible();
    await expectNoSeriousViolations(page);

    await japanese(page).fill(text);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    expect((await reason(page, '06')).texts.ja).toBe(text);

    await row(page, '06').getByRole('button', { name: 'Historial de 06' }).click();
    const change = page.getByRole('dialog').getByTestId('setting-change').first();
    await expect(change).toContainText(`Versión ${before.version + 1}`);
    await expect(change).toContainText(ADMIN.name);
    await expect(change).toContainText(`Texto (日本語): ${before.texts.ja} → ${text}`);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a stale edit offers to reload or overwrite', async ({ page }) => {
    await signIn(page, ADMIN.email, { to: '/app/configuraciones?catalogo=motivos' });
    await row(page, '05').getByRole('button', { name: 'Editar 05' }).click();
    // Someone else changes the same reason meanwhile.
    const current = await reason(page, '05');
    const token = await apiToken(page.request);
    const other = await page.request.put('/api/settings/reasons/05', { headers: authHeader(token), data: { version: current.version, texts: { ...current.texts, en: `${current.texts.en}.` } } });
    expect(other.status()).toBe(200);
    await japanese(page).fill('頻度超過（更新）');
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText('Sus cambios no se guardaron porque el registro cambió mientras lo editaba.');
    await page.getByRole('dialog').getByRole('button', { name: 'Sobrescribir con mis cambios' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Overwriting writes the whole form: the other user's English change is replaced by what this form held.
    const saved = await reason(page, '05');
    expect(saved).toMatchObject({ version: current.version + 2, texts: { ja: '頻度超過（更新）', en: current.texts.en } });
  });

  test('a verifier reads every catalog but edits none', async ({ page }) => {
    await signIn(page, VERIFIER);
    await sideNav(page).getByRole('link', { name: 'Configuraciones' }).click();
    await expect(page.getByText('Solo lectura: los cambios los hace un administrador.')).toBeVisible();
    for (const [tab, key] of [['Procedimientos', 'D0120'], ['Motivos de rechazo', '01'], ['Documentos requeridos', 'INVOICE'], ['Valores por defecto', 'coveragePercent.BASIC']] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(row(page, key)).toBeVisible();
      await expect(row(page, key).getByRole('button', { name: /^Historial de / })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);
    }
    await expect(row(page, 'coveragePercent.BASIC')).toContainText('80 %');
    await expect(page.getByRole('button', { name: 'Nuevo código' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});
