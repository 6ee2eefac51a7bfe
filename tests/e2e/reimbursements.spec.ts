import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, authHeader, signIn } from './fixtures.ts';
import { activeDoctor, api, daysAgo, dropFile, insuredPatient, pdfFile, pngFile, submittedReimbursement, typeLine, verifiedVerification } from './reimbursement-support.ts';
import { createUser, uniqueEmail } from './user-fixtures.ts';

// The reimbursement screens against a real server: the lists and their queues, the guided creation from a verified
// verification (generated path P4 of tests/paths/reimbursement-flow/transitions: invoice → lines → saving → documents
// → preview → submitting → submitted, through the UI), the record screen's review, and who sees which button.

test('the lists: queues and the insurer in the URL, the verifications ready for a claim; axe on each', async ({ page }) => {
  await signIn(page, 'analista@demo.local');
  await page.goto('/app/reembolsos/general');
  await expect(page.getByRole('heading', { name: 'Reembolsos generales', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('combobox', { name: 'Cola' }).selectOption({ label: 'Aprobados por pagar' });
  await expect(page).toHaveURL(/state=approved%2CpartiallyApproved/);
  const states = page.getByRole('row').locator('[data-reimbursement-state]');
  await expect(states.first()).toBeVisible();
  // The previous page stays on screen while the filtered one loads: wait for the filtered rows.
  await expect.poll(async () => (await states.allTextContents()).every((state) => ['Aprobado', 'Aprobado parcialmente'].includes(state))).toBe(true);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Cola' })).toHaveValue('approved,partiallyApproved');

  await page.goto('/app/reembolsos/ortodoncia');
  await expect(page.getByRole('heading', { name: 'Reembolsos de ortodoncia', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/app/reembolsos/nueva');
  await expect(page.getByRole('heading', { name: 'Nuevos reembolsos', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(/quedan? \d+ días?|vence hoy/);
  await expectNoSeriousViolations(page);
});

test('creation flow: invoice, lines typed from the keyboard with the tooth chart, documents chosen and dropped, the preview, one submission; the draft survives a reload', async ({ page, request }) => {
  const token = await apiToken(request);
  const patient = await insuredPatient(request, token);
  const verification = await verifiedVerification(request, patient.id);
  await signIn(page, 'analista@demo.local');
  await page.goto('/app/reembolsos/nueva');
  await page.getByRole('row', { name: new RegExp(verification.folio) }).click();
  await expect(page).toHaveURL(new RegExp(`/reembolsos/nuevo/${verification.id}$`));
  await expect(page.getByRole('heading', { name: 'Factura', level: 2 })).toBeVisible();
  await expectNoSeriousViolations(page);

  const next = page.getByRole('button', { name: 'Continuar' });
  await expect(next).toBeDisabled();
  await expect(page.getByText('La factura tiene doctor, número y una fecha que no es futura.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Doctor' }).selectOption({ index: 1 });
  await page.getByLabel('Número de factura').fill('F-E2E-0001');
  await page.getByLabel('Fecha de factura').fill(daysAgo(2));
  await next.click();

  await page.getByRole('button', { name: 'Añadir prestación' }).click();
  await expect(page.locator('[data-line="1"]').getByLabel('Código')).toBeFocused();
  await typeLine(page, 1, { code: 'D0120', amount: '60' });
  await expect(page.locator('[data-line="1"]')).toContainText('Evaluación oral periódica');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-line="2"]').getByLabel('Código')).toBeFocused();
  await typeLine(page, 2, { code: 'D1110', amount: '90' });
  await page.keyboard.press('Enter');
  await typeLine(page, 3, { code: 'D2391', amount: '150' });
  // A code that names a tooth holds the flow until the tooth is there.
  await expect(page.getByRole('button', { name: 'Guardar borrador y continuar' })).toBeDisabled();
  await expect(page.locator('[data-line="3"]')).toContainText('Este código requiere pieza.');
  await typeLine(page, 3, { code: 'D2391', tooth: '16', surfaces: ['Mesial', 'Oclusal'], amount: '150' });
  await expect(page.locator('[data-line="3"]').getByLabel('Pieza')).toHaveValue('16');
  await expectNoSeriousViolations(page);

  // What was typed is kept for this user and verification: a reload comes back to it.
  const analyst = await apiToken(request, 'analista@demo.local');
  await expect
    .poll(async () => JSON.stringify(await (await request.get(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(analyst) })).json()))
    .toContain('"surfaces":"MO"');
  await page.reload();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.locator('[data-line="3"]').getByLabel('Código')).toHaveValue('D2391');
  await expect(page.locator('[data-line="3"]').getByRole('button', { name: 'Oclusal' })).toHaveAttribute('aria-pressed', 'true');

  const created = page.waitForResponse((response) => response.url().endsWith('/api/reimbursements') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Guardar borrador y continuar' }).click();
  const creation = await created;
  expect(creation.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const id = (await creation.json()).id as number;
  await expect(page.getByRole('heading', { name: 'Documentos', level: 2 })).toBeVisible();
  const required = page.getByRole('list', { name: 'Documentos exigidos por los códigos' });
  await expect(required).toContainText('Falta: Factura');

  await page.getByRole('combobox', { name: 'Tipo de documento' }).selectOption('INVOICE');
  await page.getByLabel('Elegir archivos').setInputFiles(pdfFile('factura.pdf'));
  await expect(required).toContainText('Adjunto: Factura');
  const missing = await api(request, token, 'get', `/api/reimbursements/${id}`);
  for (const type of missing.missingDocuments as string[]) {
    await page.getByRole('combobox', { name: 'Tipo de documento' }).selectOption(type);
    await dropFile(page, pngFile(`${type}.png`));
    await expect(required).not.toContainText(/Falta: /, { timeout: 15_000 }).catch(() => undefined);
  }
  await expect(required).not.toContainText('Falta:');
  await expect(page.getByRole('list', { name: 'Documentos adjuntos' }).getByRole('listitem')).toHaveCount(1 + (missing.missingDocuments as string[]).length);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Ver factura.pdf' }).click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Continuar' }).click();
  const liquidation = page.getByTestId('liquidation');
  await expect(liquidation.getByRole('row')).toHaveCount(4);
  await expect(liquidation).toContainText('D2391 · 16 · MO');
  await expect(page.getByTestId('liquidation-totals')).toContainText('Reclamado');
  await expectNoSeriousViolations(page);
  const submit = page.getByRole('button', { name: 'Presentar reembolso' });
  await expect(submit).toBeEnabled();
  await submit.dblclick();
  await expect(page).toHaveURL(new RegExp(`/reembolsos/editar/${verification.id}/${id}$`));
  await expect(page.locator('[data-reimbursement-state]')).toHaveText('En revisión');

  // One record for the verification, whatever the clicks; the draft is gone once submitted.
  const mine = await api(request, token, 'get', `/api/reimbursements?q=F-E2E-0001&pageSize=100`);
  expect((mine.items as { verificationId: number }[]).filter((r) => r.verificationId === verification.id)).toHaveLength(1);
  await expect.poll(async () => (await request.get(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(analyst) })).status()).toBe(404);
});

test.setTimeout(180_000);

test('review: another analyst approves, treasury pays; a user without the permission never sees its button and the API refuses it', async ({ page, request, browser }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  expect(claim.state).toBe('inReview');
  const record = `/app/reembolsos/editar/${claim.verificationId}/${claim.id}`;

  // Its creator may not approve it: the button is there, unavailable, with the reason.
  await signIn(page, 'analista@demo.local');
  await page.goto(record);
  await expect(page.getByRole('button', { name: 'Aprobar' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('blocked-APPROVE')).toContainText('Quien creó el reembolso no puede aprobarlo');
  await expectNoSeriousViolations(page);

  const second = await createUser(request, admin, { name: 'Segunda Analista', email: uniqueEmail('analista2'), roles: ['reimbursement_analyst'], password: 'demo1234' });
  const other = await (await browser.newContext()).newPage();
  await signIn(other, second.email);
  await other.goto(record);
  await other.getByRole('button', { name: 'Aprobar' }).click();
  await expect(other.getByRole('dialog').getByTestId('lines')).toBeVisible();
  await other.getByRole('dialog').getByRole('button', { name: 'Aprobar' }).click();
  await expect(other.locator('[data-reimbursement-state]')).toHaveText('Aprobado');
  await expect(other.getByTestId('workflow-actions')).toHaveCount(0);
  await other.context().close();

  // Treasury pays with the payment reference, which the record then shows, as its history does the payment.
  const treasury = await (await browser.newContext()).newPage();
  await signIn(treasury, 'tesoreria@demo.local');
  await treasury.goto(record);
  await treasury.getByRole('button', { name: 'Registrar el pago' }).click();
  await treasury.getByRole('alertdialog').getByLabel('Referencia del pago').fill('TRF-2026-0001');
  await treasury.getByRole('alertdialog').getByRole('button', { name: 'Registrar el pago' }).click();
  await expect(treasury.locator('[data-reimbursement-state]')).toHaveText('Pagado');
  await expect(treasury.getByRole('region', { name: 'Datos del reembolso' })).toContainText('TRF-2026-0001');
  await expect(treasury.getByTestId('history-timeline')).toContainText('Registrar el pago → Pagado');
  await expectNoSeriousViolations(treasury);
  await treasury.context().close();

  // The read-only user sees the record and no action at all; the API refuses the event anyway.
  const readOnly = await (await browser.newContext()).newPage();
  await signIn(readOnly, 'consulta@demo.local');
  const fresh = await api(request, admin, 'get', `/api/reimbursements/${claim.id}`);
  await readOnly.goto(record);
  await expect(readOnly.getByText('No hay acciones disponibles para usted en este estado.')).toBeVisible();
  await expect(readOnly.getByRole('button', { name: /Aprobar|Rechazar|Registrar el pago|Anular/ })).toHaveCount(0);
  const refused = await request.post(`/api/reimbursements/${claim.id}/events`, { headers: authHeader(await apiToken(request, 'consulta@demo.local')), data: { type: 'CANCEL', reason: 'x', version: fresh.version } });
  expect(refused.status()).toBe(403);
  await readOnly.context().close();
});
