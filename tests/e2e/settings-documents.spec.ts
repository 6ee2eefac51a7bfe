import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, signIn, shoot } from './fixtures.ts';

const row = (page: Page, key: string) => page.locator(`table tbody tr[data-key="${key}"]`);

type Requirement = { documentType: string; version: number; general: string; orthodonticInitial: string; orthodonticInstallment: string };

async function requirement(page: Page, documentType: string): Promise<Requirement> {
  const token = await apiToken(page.request);
  const response = await page.request.get('/api/settings/documents', { headers: authHeader(token) });
  return ((await response.json()).items as Requirement[]).find((d) => d.documentType === documentType)!;
}

test.describe('Configuraciones: the documents matrix’s pre-authorisation and prosthesis conditions', () => {
  test('an administrator sees the laboratory breakdown asked for prostheses and sets a pre-authorisation condition on a row; axe finds nothing serious', async ({ page }) => {
    const before = await requirement(page, 'XRAY_INITIAL');
    try {
      await signIn(page, ADMIN.email, { to: '/app/configuraciones?catalogo=documentos' });
      await expect(row(page, 'LAB_BREAKDOWN')).toContainText('Desglose del coste de laboratorio');
      await expect(row(page, 'LAB_BREAKDOWN')).toContainText('Con prótesis (removible o fija)');
      await expect(row(page, 'PRIOR_AUTHORIZATION')).toContainText('Si se paga con una autorización previa que una línea necesita');
      // Research 4.3: the payment receipt of a general claim whose invoice is not marked paid.
      await expect(row(page, 'PAYMENT_RECEIPT')).toContainText('Si la factura no está marcada como pagada');
      await expectNoSeriousViolations(page);
      await shoot(page, 'M/documents-tab', { fullPage: true });

      await row(page, 'XRAY_INITIAL').getByRole('button', { name: /^Editar / }).click();
      const dialog = page.getByRole('dialog');
      const general = dialog.getByRole('combobox', { name: 'General' });
      await expect(general.locator('option')).toHaveText([
        'Siempre',
        'No',
        'Si hay tratamiento básico o mayor',
        'Si otra aseguradora pagó una línea',
        'Si se reembolsa al titular',
        'Si la factura no está marcada como pagada',
        'Con endodoncia, corona o implante',
        'Si se paga con una autorización previa que una línea necesita',
        'Con prótesis (removible o fija)',
      ]);
      await general.selectOption('PREAUTHORIZATION');
      await expectNoSeriousViolations(page);
      await shoot(page, 'M/documents-edit');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(dialog).toBeHidden();
      await expect(row(page, 'XRAY_INITIAL')).toContainText('Si se paga con una autorización previa que una línea necesita');
      expect(await requirement(page, 'XRAY_INITIAL')).toMatchObject({ general: 'PREAUTHORIZATION', version: before.version + 1 });
    } finally {
      // Other browser tests make claims against the seeded matrix: put the row back.
      const now = await requirement(page, 'XRAY_INITIAL');
      const token = await apiToken(page.request);
      const { general, orthodonticInitial, orthodonticInstallment } = before;
      await page.request.put('/api/settings/documents/XRAY_INITIAL', { headers: authHeader(token), data: { general, orthodonticInitial, orthodonticInstallment, version: now.version } });
    }
  });
});
