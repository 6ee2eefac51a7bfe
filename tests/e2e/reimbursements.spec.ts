import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, authHeader, PASSWORD, savedDraft, signIn, tokenOf, shoot, type Preferences, storePreferences } from './fixtures.ts';
import { sweepOpener } from './looks.ts';
import { activeDoctor, api, daysAgo, dropFile, insuredPatient, pdfFile, pdfText, pickTooth, pngFile, submittedReimbursement, submitWithDocuments, typeLine, verifiedVerification } from './reimbursement-support.ts';
import { createUser, uniqueEmail } from './user-fixtures.ts';
import { dateField, expectDate, fillDate, tabAndTypeDate } from './date-input.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

const es = JSON.parse(readFileSync('src/i18n/messages/es.json', 'utf8')) as Record<string, string>;

// The reimbursement screens against a real server: the lists and their queues, the guided creation from a verified
// verification (generated path P4 of tests/paths/reimbursement-flow/transitions: invoice → lines → saving → documents
// → preview → submitting → submitted, through the UI), the record screen's review, and who sees which button.

test('the lists: queues and the insurer in the URL, the verifications ready for a claim; axe on each', async ({ page }) => {
  await signIn(page, 'analista@demo.local', { to: '/app/reembolsos/general' });
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
  // The dashboard's "deadlines ending this week" tile links here: its filter reads from the address like the others.
  await page.goto('/app/reembolsos/general?state=needsDocuments&cureEnding=thisWeek');
  await expect(page.getByRole('combobox', { name: 'Plazo para documentos' })).toHaveValue('thisWeek');
  await expect(page.getByRole('combobox', { name: 'Cola' })).toHaveValue('needsDocuments');

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
  await signIn(page, 'analista@demo.local', { to: '/app/reembolsos/nueva' });
  await page.getByRole('row', { name: new RegExp(verification.folio) }).click();
  await expect(page).toHaveURL(new RegExp(`/reembolsos/nuevo/${verification.id}$`));
  await expect(page.getByRole('heading', { name: 'Factura', level: 2 })).toBeVisible();
  await expectNoSeriousViolations(page);

  const next = page.getByRole('button', { name: 'Continuar' });
  await expect(next).toBeDisabled();
  await expect(page.getByText('La factura tiene doctor, número y una fecha que no es futura.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Doctor' }).selectOption({ index: 1 });
  await page.getByLabel('Número de factura').fill('F-E2E-0001');
  await fillDate(dateField(page, 'Fecha de factura'), daysAgo(2));
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
  await typeLine(page, 3, { code: 'D2391', tooth: '16', surfaces: ['M', 'O'], amount: '150' });
  await expect(page.locator('[data-line="3"]').getByLabel('Pieza')).toHaveValue('16');
  await expectNoSeriousViolations(page);

  // What was typed is kept for this user and verification: a reload comes back to it.
  const analyst = await apiToken(request, 'analista@demo.local');
  await expect
    .poll(async () => JSON.stringify(await savedDraft(request, analyst, 'reimbursement-new', verification.id)))
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
  await expect.poll(async () => (await request.get(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(analyst) })).status()).toBe(204);
});

test.setTimeout(hangLimit(180_000));

test('review: another analyst approves, treasury pays; a user without the permission never sees its button and the API refuses it', async ({ page, request, browser }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  expect(claim.state).toBe('inReview');
  const record = `/app/reembolsos/editar/${claim.verificationId}/${claim.id}`;

  // Its creator may not approve it: the button is there, unavailable, with the reason.
  await signIn(page, 'analista@demo.local', { to: record });
  await expect(page.getByRole('button', { name: 'Aprobar' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('blocked-APPROVE')).toContainText('Quien creó el reembolso no puede aprobarlo');
  await expectNoSeriousViolations(page);

  // The automatic check liquidated it: its summary downloads as a PDF in the reader's language, naming the claim.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: es['reimbursements.liquidationPdf'] }).click()]);
  expect(pdf.suggestedFilename()).toBe(`liquidacion-${claim.folio}.pdf`);
  const bytes = readFileSync(await pdf.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await pdfText(bytes)).toContain(`Liquidación del reembolso ${claim.folio}`);

  // A claim whose folio falls in R12's 5 % sample waits for the dental auditor first (which claim does depends on
  // how many the run made before it).
  const auditor = await apiToken(request, 'auditor@demo.local');
  const asAuditor = await api(request, auditor, 'get', `/api/reimbursements/${claim.id}`);
  if (asAuditor.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) await api(request, auditor, 'post', `/api/reimbursements/${claim.id}/events`, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE', version: asAuditor.version });

  const second = await createUser(request, admin, { name: 'Segunda Analista', email: uniqueEmail('analista2'), roles: ['reimbursement_analyst'], password: 'demo1234' });
  const other = await (await browser.newContext()).newPage();
  await signIn(other, second.email, { to: record });
  await other.getByRole('button', { name: 'Aprobar' }).click();
  await expect(other.getByRole('dialog').getByTestId('lines')).toBeVisible();
  await other.getByRole('dialog').getByRole('button', { name: 'Aprobar' }).click();
  await expect(other.locator('[data-reimbursement-state]')).toHaveText('Aprobado');
  await expect(other.getByTestId('workflow-actions')).toHaveCount(0);
  await other.context().close();

  // Treasury pays with the payment reference, which the record then shows, as its history does the payment.
  const treasury = await (await browser.newContext()).newPage();
  await signIn(treasury, 'tesoreria@demo.local', { to: record });
  await treasury.getByRole('button', { name: 'Registrar el pago' }).click();
  await treasury.getByRole('alertdialog').getByLabel('Referencia del pago').fill('TRF-2026-0001');
  // Paid by hand, outside a payment run, is the exception: without its reason the dialog refuses in place.
  await treasury.getByRole('alertdialog').getByRole('button', { name: 'Registrar el pago' }).click();
  await expect(treasury.getByRole('alertdialog').getByText('Por favor ingresar Motivo del pago fuera de remesa')).toBeVisible();
  await treasury.getByRole('alertdialog').getByLabel('Motivo del pago fuera de remesa').fill('Paciente sin cuenta para remesas: transferencia única');
  await treasury.getByRole('alertdialog').getByRole('button', { name: 'Registrar el pago' }).click();
  await expect(treasury.locator('[data-reimbursement-state]')).toHaveText('Pagado');
  await expect(treasury.getByRole('region', { name: 'Datos del reembolso' })).toContainText('TRF-2026-0001');
  await expect(treasury.getByTestId('history-timeline')).toContainText('Registrar el pago → Pagado');
  await expect(treasury.getByTestId('history-timeline')).toContainText('Paciente sin cuenta para remesas: transferencia única');
  await expectNoSeriousViolations(treasury);
  await treasury.context().close();

  // The read-only user sees the record and no action at all; the API refuses the event anyway.
  const readOnly = await (await browser.newContext()).newPage();
  const fresh = await api(request, admin, 'get', `/api/reimbursements/${claim.id}`);
  await signIn(readOnly, 'consulta@demo.local', { to: record });
  await expect(readOnly.getByText('No hay acciones disponibles para usted en este estado.')).toBeVisible();
  await expect(readOnly.getByRole('button', { name: /Aprobar|Rechazar|Registrar el pago|Anular/ })).toHaveCount(0);
  const refused = await request.post(`/api/reimbursements/${claim.id}/events`, { headers: authHeader(await apiToken(request, 'consulta@demo.local')), data: { type: 'CANCEL', reason: 'x', version: fresh.version } });
  expect(refused.status()).toBe(403);
  await readOnly.context().close();
});

interface FlowPath {
  id: string;
  scenario: string;
  steps: { event: { type: string; changes?: { doctorId?: number; invoiceNumber?: string; invoiceDate?: string } }; state: string }[];
}
interface FlowScenario {
  name: string;
  input: { today: string; draft: { invoice: { invoiceDate: string; payee: string }; lines: { key: string; procedureCode: string; requiresTooth: boolean; tooth?: string; surfaces?: string; quantity: number; chargedCents: number }[] } };
}

/** States the screen passes through while the server answers: read from the next step's outcome instead. */
const TRANSIENT = new Set(['saving', 'submitting', 'preview.loading']);

/** Moves the focus forward with Tab only, until `target` has it (a keyboard user's way to a control). */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('generated paths P3 and P4 of the creation flow, replayed through the screens from their restored draft', async ({ page, request }) => {
  const generated = JSON.parse(readFileSync('tests/paths/reimbursement-flow/transitions/paths.json', 'utf8')) as { paths: FlowPath[]; scenarios: FlowScenario[] };
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const doctorId = await activeDoctor(request, admin);
  await signIn(page, 'analista@demo.local');
  for (const id of ['P3', 'P4']) {
    const path = generated.paths.find((p) => p.id === id)!;
    const scenario = generated.scenarios.find((s) => s.name === path.scenario)!;
    expect(scenario.name).toBe('restored');
    // The scenario's draft, kept for this user and a fresh verification, its dates moved to this week.
    const patient = await insuredPatient(request, admin);
    const verification = await verifiedVerification(request, patient.id);
    const { invoice, lines } = scenario.input.draft;
    const draft = {
      invoice: { ...invoice, doctorId, invoiceNumber: `F-PATH-${id}-${verification.id}`, invoiceDate: daysAgo(2) },
      lines: lines.map((line) => ({ ...line, serviceDate: daysAgo(2) })),
    };
    const kept = await request.put(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(analyst), data: { snapshot: { draft, idempotencyKey: crypto.randomUUID() } } });
    expect(kept.status(), await kept.text()).toBeLessThan(300);

    await page.goto(`/app/reembolsos/nuevo/${verification.id}`);
    const flow = page.getByTestId('reimbursement-flow');
    await expect(flow).toHaveAttribute('data-state', 'invoice');
    await expect(page.getByLabel(es['reimbursements.invoice.number'])).toHaveValue(draft.invoice.invoiceNumber);
    for (const [index, { event, state }] of path.steps.entries()) {
      // A failure of the engine's preview is the network's: the next request for it is dropped.
      if (path.steps[index + 1]?.event.type === 'xstate.error.actor.previewLiquidation') {
        await page.route('**/api/reimbursements/*/liquidation', (route) => route.abort('internetdisconnected'), { times: 1 });
      }
      if (event.type === 'NEXT') {
        await flow.getByRole('button', { name: new RegExp(`^(${es['reimbursements.create.next']}|${es['reimbursements.create.saveAndContinue']})$`) }).click();
      } else if (event.type === 'BACK') {
        await flow.getByRole('button', { name: es['common.back'], exact: true }).click();
      } else if (event.type === 'RETRY') {
        await flow.getByRole('button', { name: es['common.retry'] }).click();
      } else if (event.type === 'EDIT_INVOICE') {
        const changes = event.changes ?? {};
        if (changes.doctorId !== undefined) await flow.getByRole('combobox', { name: es['reimbursements.invoice.doctor'] }).selectOption(String(doctorId));
        if (changes.invoiceNumber !== undefined) await flow.getByLabel(es['reimbursements.invoice.number']).fill(draft.invoice.invoiceNumber);
        // The path's dates are relative to its fixture's today: one after it is a future invoice, refused.
        if (changes.invoiceDate !== undefined) await fillDate(dateField(flow, es['reimbursements.invoice.date']), changes.invoiceDate > scenario.input.today ? daysAgo(-3) : daysAgo(2));
      } else if (event.type === 'xstate.done.actor.saveDraft') {
        await expect(flow.getByRole('heading', { name: es['reimbursements.documents.requiredTitle'] })).toBeVisible();
      } else if (event.type === 'xstate.done.actor.previewLiquidation') {
        await expect(page.getByTestId('liquidation')).toContainText(`${lines[0].procedureCode} · ${lines[0].tooth} · ${lines[0].surfaces}`);
      } else if (event.type === 'xstate.error.actor.previewLiquidation') {
        await expect(flow.getByRole('alert')).toBeVisible();
        await expectNoSeriousViolations(page);
      } else {
        throw new Error(`No screen action for ${event.type}`);
      }
      if (TRANSIENT.has(state)) continue;
      await expect(flow).toHaveAttribute('data-state', state);
    }
    // P4 ends retrying the preview: this time the engine answers.
    if (id === 'P4') await expect(page.getByTestId('liquidation')).toBeVisible();
  }
});

test('keyboard only: a claim from its verification to its submission (to needs-documents: none attached), and the record screen with its notes', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const verification = await verifiedVerification(request, patient.id);
  await request.delete(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(analyst) });
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/nuevo/${verification.id}` });
  const flow = page.getByTestId('reimbursement-flow');
  await expect(flow).toHaveAttribute('data-state', 'invoice');

  // Invoice: the doctor with the arrow key, the number, the date typed.
  const doctor = flow.getByRole('combobox', { name: es['reimbursements.invoice.doctor'] });
  await tabTo(page, doctor);
  await page.keyboard.press('ArrowDown');
  await expect(doctor).not.toHaveValue('');
  await tabTo(page, flow.getByLabel(es['reimbursements.invoice.number']));
  await page.keyboard.type('F-KEY-0001');
  const date = dateField(flow, es['reimbursements.invoice.date']);
  await tabAndTypeDate(page, date, daysAgo(2));
  await expectDate(date, daysAgo(2));
  await tabTo(page, flow.getByRole('button', { name: es['reimbursements.create.next'] }));
  await page.keyboard.press('Enter');
  await expect(flow).toHaveAttribute('data-state', 'lines');

  // One line: the add button, the code, the amount; Enter in it would add the next line, so Tab goes on.
  await tabTo(page, flow.getByRole('button', { name: es['reimbursements.lines.add'] }));
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-line="1"]').getByLabel('Código')).toBeFocused();
  await page.keyboard.type('D0120');
  await tabTo(page, page.locator('[data-line="1"]').getByLabel(/^Importe/));
  await page.keyboard.type('60');
  await tabTo(page, flow.getByRole('button', { name: es['reimbursements.create.saveAndContinue'] }));
  await page.keyboard.press('Enter');
  await expect(flow).toHaveAttribute('data-state', 'documents');

  // No document yet: the preview, then the submission, which the automatic check sends to needs-documents.
  await tabTo(page, flow.getByRole('button', { name: es['reimbursements.create.next'] }));
  await page.keyboard.press('Enter');
  await expect(flow).toHaveAttribute('data-state', 'preview.ready');
  const submit = flow.getByRole('button', { name: es['reimbursements.create.submit'] });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/reembolsos/editar/${verification.id}/\\d+$`));
  await expect(page.locator('[data-reimbursement-state]')).toHaveText(es['machine.reimbursement.state.needsDocuments']);
  // Held for documents before the check liquidated it: there is no summary to download yet.
  await expect(page.getByRole('button', { name: es['reimbursements.liquidationPdf'] })).toHaveCount(0);

  // The record screen: a note written and added from the keyboard.
  const notes = page.getByTestId('notes-panel');
  await tabTo(page, notes.getByLabel(es['notes.newLabel']));
  await page.keyboard.type('Revisar la radiografía con el auditor.');
  await tabTo(page, notes.getByRole('button', { name: es['notes.add'] }));
  await page.keyboard.press('Enter');
  await expect(notes).toContainText('Revisar la radiografía con el auditor.');
  await expectNoSeriousViolations(page);
});

test('"Exportar" on each reimbursement list opens the export of that kind\'s list', async ({ page }) => {
  await signIn(page, 'admin@demo.local', { to: null });
  for (const [path, list] of [
    ['/app/reembolsos/general', 'reimbursements-general'],
    ['/app/reembolsos/ortodoncia', 'reimbursements-orthodontic'],
  ]) {
    await page.goto(path);
    const exporting = page.getByRole('link', { name: es['list.export'] });
    await expect(exporting).toBeVisible();
    const href = new URL((await exporting.getAttribute('href'))!, 'http://x');
    expect(href.pathname).toMatch(/\/descargas\/nuevo$/);
    expect(href.searchParams.get('list')).toBe(list);
  }
});

test('the engine liquidates the lines as they are typed, before and after the first save, without saving them', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const verification = await verifiedVerification(request, patient.id);
  await request.delete(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(analyst) });
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/nuevo/${verification.id}` });
  const flow = page.getByTestId('reimbursement-flow');
  await flow.getByRole('combobox', { name: es['reimbursements.invoice.doctor'] }).selectOption({ index: 1 });
  await flow.getByLabel(es['reimbursements.invoice.number']).fill(`F-LIVE-${verification.id}`);
  await fillDate(dateField(flow, es['reimbursements.invoice.date']), daysAgo(2));
  await flow.getByRole('button', { name: es['reimbursements.create.next'] }).click();
  const live = page.getByTestId('live-preview');
  await expect(live).toContainText(es['reimbursements.create.livePreviewEmpty']);
  await flow.getByRole('button', { name: es['reimbursements.lines.add'] }).click();
  await typeLine(page, 1, { code: 'D0120', amount: '60' });
  // Before the first save: the engine's figures for the typed line (an exam at 100 %), and still no record.
  await expect(live.getByRole('row')).toHaveCount(2);
  await expect(live).toContainText('D0120');
  await expect(live.getByRole('row').nth(1)).toContainText('60,00');
  expect((await api(request, analyst, 'get', `/api/reimbursements?q=F-LIVE-${verification.id}&pageSize=10`)).total).toBe(0);
  await expectNoSeriousViolations(page);
  await shoot(page, 'U/unsaved-preview-light', { fullPage: true });
  await flow.getByRole('button', { name: es['reimbursements.create.saveAndContinue'] }).click();
  await expect(flow).toHaveAttribute('data-state', 'documents');
  await flow.getByRole('button', { name: es['common.back'], exact: true }).click();
  await expect(flow).toHaveAttribute('data-state', 'lines');
  await expect(live.getByRole('row')).toHaveCount(2);
  await expect(live).toContainText('D0120');

  // A second line typed: the engine's figures follow it; the saved draft still holds one line.
  await flow.getByRole('button', { name: es['reimbursements.lines.add'] }).click();
  await typeLine(page, 2, { code: 'D1110', amount: '90' });
  await expect(live.getByRole('row')).toHaveCount(3);
  await expect(live).toContainText('D1110');
  await expectNoSeriousViolations(page);
  const saved = await api(request, analyst, 'get', `/api/reimbursements?q=F-LIVE-${verification.id}&pageSize=10`);
  const draft = await api(request, analyst, 'get', `/api/reimbursements/${saved.items[0].id}`);
  expect(draft.lines).toHaveLength(1);
});

/** A fresh verified patient's creation draft kept on the analyst's server copy: its invoice and one filling (D2391) without its tooth. */
async function keptFillingDraft(request: APIRequestContext, invoicePrefix: string, requiresTooth: boolean) {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const doctorId = await activeDoctor(request, admin);
  const patient = await insuredPatient(request, admin);
  const verification = await verifiedVerification(request, patient.id);
  const draft = {
    invoice: { doctorId, invoiceNumber: `${invoicePrefix}-${verification.id}`, invoiceDate: daysAgo(2), payee: 'HOLDER' },
    lines: [{ key: 'l1', procedureCode: 'D2391', requiresTooth, tooth: '', surfaces: '', serviceDate: daysAgo(2), quantity: 1, chargedCents: 9_000 }],
  };
  const kept = await request.put(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(analyst), data: { snapshot: { draft, idempotencyKey: crypto.randomUUID() } } });
  expect(kept.status(), await kept.text()).toBeLessThan(300);
  return { analyst, verification };
}

test('a code that names a tooth asks for it, however late the catalog arrives and whatever it said when the draft was kept', async ({ page, request }) => {
  // A filling (D2391 names a tooth in the catalog) kept as if its code had been typed before the catalog arrived.
  const { analyst, verification } = await keptFillingDraft(request, 'F-TOOTH', false);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/settings\/procedures(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest(/\/api\/settings\/procedures(\?|$)/);
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/nuevo/${verification.id}` });
  await asked;
  // Until the catalog is here the flow waits: nothing can be typed that would skip its tooth.
  await expect(page.getByRole('status').filter({ hasText: es['common.loading'] })).toBeVisible();
  const flow = page.getByTestId('reimbursement-flow');
  await expect(flow).toHaveCount(0);
  release();
  await expect(flow).toHaveAttribute('data-state', 'invoice');
  await flow.getByRole('button', { name: es['reimbursements.create.next'] }).click();
  const row = page.locator('[data-line="1"]');
  await expect(row).toContainText(es['reimbursements.lines.toothRequired']);
  const save = flow.getByRole('button', { name: es['reimbursements.create.saveAndContinue'] });
  await expect(save).toBeDisabled();
  await pickTooth(page, row, '16', { chart: /Odontograma/, group: es['reimbursements.lines.toothChartTitle'], field: es['reimbursements.lines.tooth'] });
  await save.click();
  await expect(flow).toHaveAttribute('data-state', 'documents');
  const saved = await api(request, analyst, 'get', `/api/reimbursements?q=F-TOOTH-${verification.id}&pageSize=10`);
  const record = await api(request, analyst, 'get', `/api/reimbursements/${saved.items[0].id}`);
  expect(record.lines.map((line: { procedureCode: string; tooth: string | null }) => [line.procedureCode, line.tooth])).toEqual([['D2391', '16']]);
});

test('the open tooth chart keeps its place by its button when the page shifts or scrolls beneath it, and the tooth pressed is the one picked', async ({ page, request }) => {
  const { verification } = await keptFillingDraft(request, 'F-SHIFT', true);
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/nuevo/${verification.id}` });
  const flow = page.getByTestId('reimbursement-flow');
  await flow.getByRole('button', { name: es['reimbursements.create.next'] }).click();
  const row = page.locator('[data-line="1"]');
  const opener = row.getByRole('button', { name: /Odontograma/ });
  const chart = page.getByRole('group', { name: es['reimbursements.lines.toothChartTitle'] });
  const tooth = row.getByRole('textbox', { name: es['reimbursements.lines.tooth'], exact: true });
  const openChart = async () => {
    await opener.click();
    await expect(chart).toBeInViewport({ ratio: 1 });
    await chart.evaluate((group) => Promise.all(group.closest('[data-part="content"]')!.getAnimations().map((animation) => animation.finished)));
  };
  const twoFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const placement = () => chart.evaluate((group) => group.closest('[data-part="content"]')!.getAttribute('data-placement'));

  await openChart();
  const before = await chart.boundingBox();
  // Something arrives above the line while the chart is open (as a line's preview does): its button moves down.
  const openerBefore = await opener.boundingBox();
  await flow.evaluate((element) => element.prepend(Object.assign(document.createElement('div'), { style: 'height: 60px' })));
  await expect.poll(async () => (await opener.boundingBox())!.y).toBeGreaterThan(openerBefore!.y + 30);
  await twoFrames();
  expect(await chart.boundingBox(), 'the chart where the pointer found it').toEqual(before);
  await chart.getByRole('button', { name: '16', exact: true }).click();
  await expect(tooth).toHaveValue('16');

  // The page scrolls by itself while the chart is open (as when the browser brings a tooth into view) until the room
  // below the button is smaller than the chart: the chart goes with its button, on the same side.
  await flow.evaluate((element) => {
    element.prepend(Object.assign(document.createElement('div'), { style: 'height: 600px' }));
    element.append(Object.assign(document.createElement('div'), { style: 'height: 1200px' }));
  });
  await opener.evaluate((button) => scrollBy(0, button.getBoundingClientRect().top - 150));
  await openChart();
  expect(await placement()).toBe('bottom-start');
  const [chartBox, openerBox] = [(await chart.boundingBox())!, (await opener.boundingBox())!];
  const room = page.viewportSize()!.height - (openerBox.y + openerBox.height);
  expect(room - chartBox.height, 'the room below the button at first').toBeGreaterThan(0);
  await page.evaluate((by) => scrollBy(0, -by), room - chartBox.height / 2);
  await expect.poll(async () => (await opener.boundingBox())!.y).toBeGreaterThan(openerBox.y + chartBox.height / 4);
  await twoFrames();
  const [chartAfter, openerAfter] = [(await chart.boundingBox())!, (await opener.boundingBox())!];
  expect({ side: await placement(), below: chartAfter.y - openerAfter.y, across: chartAfter.x - openerAfter.x }, 'the chart beside its button as it opened').toEqual({
    side: 'bottom-start',
    below: chartBox.y - openerBox.y,
    across: chartBox.x - openerBox.x,
  });
  await chart.getByRole('button', { name: '21', exact: true }).click();
  await expect(tooth).toHaveValue('21');
});

test('the lists, the record with its approval by line, and a plan screen in light, dark right-to-left and Japanese at 390 px: axe clean', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  // Sampled for the dental review, the auditor closes it first, so the approval can be shown.
  const auditor = await apiToken(request, 'auditor@demo.local');
  const asAuditor = await api(request, auditor, 'get', `/api/reimbursements/${claim.id}`);
  if (asAuditor.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) await api(request, auditor, 'post', `/api/reimbursements/${claim.id}/events`, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE', version: asAuditor.version });
  const plans = await api(request, admin, 'get', '/api/orthodontic-plans?pageSize=1');
  const variants: [string, Preferences, { width: number; height: number }][] = [
    ['light', { currentTheme: 'light', direction: 'ltr', locale: 'es' }, { width: 1280, height: 900 }],
    ['dark-rtl', { currentTheme: 'dark', direction: 'rtl', locale: 'es' }, { width: 1280, height: 900 }],
    ['ja-390', { currentTheme: 'light', direction: 'ltr', locale: 'ja' }, { width: 390, height: 844 }],
  ];
  const list = '/app/reembolsos/general?assigned=unassigned';
  await signIn(page, 'supervisor@demo.local', { to: list, preferences: variants[0]![1] });
  // Each variant's list by its address; the record and the plan in the page already loaded after the first.
  const open = sweepOpener(page, { path: list, look: variants[0]![0] });
  for (const [name, preferences, size] of variants) {
    await page.setViewportSize(size);
    await storePreferences(page, preferences);
    await open(list, name);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('main [data-reimbursement-state]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, `U/${name}-list`, { fullPage: true });

    await open(`/app/reembolsos/editar/${claim.verificationId}/${claim.id}`, name);
    await expect(page.getByTestId('notes-panel')).toBeVisible();
    await expect(page.getByTestId('history-timeline')).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, `U/${name}-record`, { fullPage: true });
    const approve = page.getByTestId('workflow-actions').getByRole('button', { name: /^(Aprobar|承認)$/ });
    await expect(approve).not.toHaveAttribute('aria-disabled', 'true');
    await approve.click();
    const dialog = page.getByTestId('approval');
    await dialog.getByRole('listitem').first().getByText(/^(Reducir|減額)$/).click();
    await dialog.getByRole('listitem').nth(1).getByText(/^(Rechazar|却下)$/).click();
    await dialog.getByRole('button', { name: /^(Aprobar|承認)$/ }).click();
    // The rejected line's reason is chosen from a list: it asks to choose (issue 28, item 17).
    await expect(dialog.getByText(/Seleccione |を選択してください/).first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, `U/${name}-approval`);
    await page.keyboard.press('Escape');

    if (plans.items.length) {
      await open(`/app/reembolsos/planes/${plans.items[0].id}`, name);
      await expect(page.getByTestId('notes-panel')).toBeVisible();
      await expectNoSeriousViolations(page);
      await shoot(page, `U/${name}-plan`, { fullPage: true });
    }
  }
});

const ja = JSON.parse(readFileSync('src/i18n/messages/ja.json', 'utf8')) as Record<string, string>;

type PreviewVariant = readonly [name: string, preferences: { currentTheme: string; direction: string; locale: string }, size: { width: number; height: number }];

/** The live preview of a claim being typed in `variant`'s look: the analyst signs in to it when `first`. */
async function unsavedPreviewIn(page: Page, request: APIRequestContext, [name, preferences, size]: PreviewVariant, first: boolean) {
  const admin = await apiToken(request);
  const texts = preferences.locale === 'ja' ? ja : es;
  const patient = await insuredPatient(request, admin);
  const verification = await verifiedVerification(request, patient.id);
  await page.setViewportSize(size);
  const path = `/app/reembolsos/nuevo/${verification.id}`;
  if (first) await signIn(page, 'analista@demo.local', { to: path, preferences });
  else {
    await storePreferences(page, preferences);
    await page.goto(path);
  }
  const flow = page.getByTestId('reimbursement-flow');
  await flow.getByRole('combobox', { name: texts['reimbursements.invoice.doctor'] }).selectOption({ index: 1 });
  await flow.getByLabel(texts['reimbursements.invoice.number']).fill(`F-LIVE-${verification.id}`);
  await fillDate(dateField(flow, texts['reimbursements.invoice.date']), daysAgo(2));
  await flow.getByRole('button', { name: texts['reimbursements.create.next'] }).click();
  await flow.getByRole('button', { name: texts['reimbursements.lines.add'] }).click();
  await typeLine(page, 1, { code: 'D0120', amount: '60' });
  await flow.getByRole('button', { name: texts['reimbursements.lines.add'] }).click();
  await typeLine(page, 2, { code: 'D2330', tooth: '11', surfaces: ['M'], amount: '150' });
  const live = page.getByTestId('live-preview');
  await expect(live).toContainText('D2330');
  await expect(live).toContainText('D0120');
  await expectNoSeriousViolations(page);
  await shoot(page, `U/unsaved-preview-${name}`, { fullPage: true });
}

test('the unsaved live preview reads and passes axe in dark, Japanese and at 390 px', async ({ page, request }) => {
  const variants = [
    ['dark', { currentTheme: 'dark', direction: 'ltr', locale: 'es' }, { width: 1280, height: 900 }],
    ['ja', { currentTheme: 'light', direction: 'ltr', locale: 'ja' }, { width: 1280, height: 900 }],
    ['390', { currentTheme: 'light', direction: 'ltr', locale: 'es' }, { width: 390, height: 844 }],
  ] as const;
  for (const [index, variant] of variants.entries()) await unsavedPreviewIn(page, request, variant, index === 0);
});

test('the unsaved live preview right to left', async ({ page, request }) => {
  await unsavedPreviewIn(page, request, ['rtl', { currentTheme: 'light', direction: 'rtl', locale: 'es' }, { width: 1280, height: 900 }], true);
});

test('review: the analyst asks for documents and the cure period shows; an image sent then previews as an image', async ({ page, request }) => {
  const admin = await apiToken(request);
  const patient = await insuredPatient(request, admin, 'Nuria', 'Campos');
  const claim = await submittedReimbursement(request, admin, patient.id, await activeDoctor(request, admin));
  expect(claim.state).toBe('inReview');
  const { insurerId } = await api(request, admin, 'get', `/api/reimbursements/${claim.id}`);
  const { cureDays } = await api(request, admin, 'get', `/api/insurers/${insurerId}`);
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/editar/${claim.verificationId}/${claim.id}` });
  await page.getByTestId('workflow-actions').getByRole('button', { name: es['reimbursements.event.REQUEST_DOCUMENTS'], exact: true }).click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText(es['reimbursements.eventHelp.REQUEST_DOCUMENTS'].replace('{days}', String(cureDays)));
  await ask.getByText(es['settings.documentType.XRAY_FINAL'], { exact: true }).click();
  await ask.getByRole('button', { name: es['reimbursements.event.REQUEST_DOCUMENTS'], exact: true }).click();
  await expect(page.locator('[data-reimbursement-state]')).toHaveText(es['machine.reimbursement.state.needsDocuments']);

  // The record says until when, and what was asked for.
  const { cureDeadline } = await api(request, admin, 'get', `/api/reimbursements/${claim.id}`);
  const until = await page.evaluate((date) => new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(new Date(`${date}T00:00:00`)), cureDeadline as string);
  const details = page.getByRole('region', { name: es['reimbursements.review.details'] });
  await expect(details).toContainText(es['reimbursements.review.cureDeadline']);
  await expect(details).toContainText(until);
  await expect(details).toContainText(es['reimbursements.review.requestedDocuments']);
  await expect(details).toContainText(es['settings.documentType.XRAY_FINAL']);

  await page.getByRole('combobox', { name: es['reimbursements.documents.type'] }).selectOption('XRAY_FINAL');
  await dropFile(page, pngFile('radiografia-final.png'));
  await page.getByRole('button', { name: es['reimbursements.documents.view'].replace('{name}', 'radiografia-final.png') }).click();
  const image = page.getByRole('dialog').getByRole('img', { name: `${es['settings.documentType.XRAY_FINAL']} · radiografia-final.png` });
  await expect(image).toBeVisible();
  // Drawn from the file itself: the 24 × 24 pixels sent.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await expectNoSeriousViolations(page);
  await shoot(page, 'D/es-record-image-preview');
});

test('review above the approval threshold: the auditor is not offered approval and reads why, rejects with a reason, and opens the claim\'s path in Diagramas', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin, 'Marta', 'Rivas');
  // A crown above 300.00 is paid on a granted pre-authorisation (R14), and what it pays reaches the 1 000.00 threshold (R13).
  const pending = await api(request, admin, 'post', '/api/verifications', { patientId: patient.id, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: daysAgo(2) });
  const started = await api(request, admin, 'post', `/api/verifications/${pending.id}/events`, { type: 'START', version: pending.version });
  await api(request, admin, 'post', `/api/verifications/${pending.id}/events`, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-CORONA-1', version: started.version });
  const draft = await api(request, analyst, 'post', '/api/reimbursements', {
    verificationId: pending.id,
    doctorId: await activeDoctor(request, admin),
    invoiceNumber: `F-${Date.now().toString(36)}`,
    invoiceDate: daysAgo(1),
    lines: [{ procedureCode: 'D2740', tooth: '21', serviceDate: daysAgo(1), chargedCents: 400000 }],
  });
  const submitted = await submitWithDocuments(request, analyst, draft);
  expect(submitted.state).toBe('inReview');
  // A major procedure is reviewed by the dental auditor first (R12); then only approving above the threshold is left in the way.
  const auditor = await apiToken(request, 'auditor@demo.local');
  await api(request, auditor, 'post', `/api/reimbursements/${draft.id}/events`, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE', version: submitted.version });

  await signIn(page, 'auditor@demo.local', { to: `/app/reembolsos/editar/${pending.id}/${draft.id}` });
  const actions = page.getByTestId('workflow-actions');
  await expect(actions.getByRole('button', { name: es['reimbursements.event.APPROVE'], exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('blocked-APPROVE')).toContainText(es['machine.reimbursement.guard.withinApprovalAuthority']);
  await expectNoSeriousViolations(page);

  await actions.getByRole('button', { name: es['reimbursements.event.REJECT'], exact: true }).click();
  const reject = page.getByRole('alertdialog');
  await reject.getByRole('button', { name: es['reimbursements.event.REJECT'], exact: true }).click();
  await expect(reject.getByText(es['form.requiredChoice'].replace('{label}', es['reimbursements.review.reasonCode']))).toBeVisible();
  const code = reject.getByLabel(es['reimbursements.review.reasonCode']);
  await code.selectOption({ index: 1 });
  const reason = (await code.locator('option:checked').textContent())!;
  await reject.getByLabel(es['reimbursements.review.explanation']).fill('El informe clínico no justifica la corona.');
  await reject.getByRole('button', { name: es['reimbursements.event.REJECT'], exact: true }).click();
  await expect(page.locator('[data-reimbursement-state]')).toHaveText(es['machine.reimbursement.state.rejected']);
  await expect(page.getByRole('region', { name: es['reimbursements.review.details'] })).toContainText(reason);
  await expect(page.getByTestId('history-timeline')).toContainText('El informe clínico no justifica la corona.');

  // The claim's own path, drawn on its diagram.
  await page.getByRole('link', { name: es['reimbursements.review.diagram'] }).click();
  await expect(page).toHaveURL(new RegExp(`/app/diagramas\\?machine=reimbursement&record=${draft.id}$`));
  await expect(page.getByTestId('record-path-panel')).toContainText(es['diagrams.historyOf'].replace('{record}', draft.folio));
  await expect(page.getByTestId('record-path').getByRole('listitem').last()).toContainText(`→ ${es['machine.reimbursement.state.rejected']}`);
  await expect(page.locator('.diagram .on-path-edge').first()).toBeAttached();
});

test('a creation draft survives a session expiry: signed in again, what was typed is still there and kept on the server', async ({ page, request }) => {
  const patient = await insuredPatient(request, await apiToken(request), 'Elena', 'Prieto');
  const verification = await verifiedVerification(request, patient.id);
  const analyst = await apiToken(request, 'analista@demo.local');
  const kept = async () => (await savedDraft(request, analyst, 'reimbursement-new', verification.id))?.draft?.invoice?.invoiceNumber;
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/nuevo/${verification.id}` });
  const number = page.getByTestId('reimbursement-flow').getByLabel(es['reimbursements.invoice.number']);
  await number.fill('F-SES-1');
  await expect.poll(kept).toBe('F-SES-1');

  // The session ends elsewhere (revoked) while the analyst types on: keeping the draft meets the 401.
  expect((await request.post('/api/logout', { headers: authHeader(await tokenOf(page)) })).status()).toBe(204);
  await number.fill('F-SES-1-BIS');
  const dialog = page.getByRole('alertdialog', { name: es['auth.sessionExpired.title'] });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(es['auth.password']).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(dialog).toBeHidden();

  await expect(number).toHaveValue('F-SES-1-BIS');
  // The write waiting since the 401 goes through once signed in again, and a reload restores it.
  await expect.poll(kept, { timeout: hangLimit(15_000) }).toBe('F-SES-1-BIS');
  await page.reload();
  await expect(number).toHaveValue('F-SES-1-BIS');
});

test('leaving the creation flow while what was typed is not on the server yet asks first; once kept, it does not', async ({ page, request }) => {
  const patient = await insuredPatient(request, await apiToken(request), 'Irma', 'Solís');
  const verification = await verifiedVerification(request, patient.id);
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/nuevo/${verification.id}` });
  const number = page.getByTestId('reimbursement-flow').getByLabel(es['reimbursements.invoice.number']);
  // The server cannot take the draft for now: the keystrokes stay in the page only.
  await page.route('**/api/drafts/**', (route) => (route.request().method() === 'PUT' ? route.abort() : route.fallback()));
  await number.fill('F-SALIR-1');
  const breadcrumbs = page.getByRole('navigation', { name: es['nav.breadcrumbs'] }).getByRole('link').first();
  await breadcrumbs.click();
  const leave = page.getByRole('alertdialog');
  await expect(leave).toContainText(es['leave.title']);
  await leave.getByRole('button', { name: es['leave.stay'] }).click();
  await expect(number).toHaveValue('F-SALIR-1');
  // The server takes it again (the draft is retried): nothing is lost by leaving, so nothing is asked.
  await page.unroute('**/api/drafts/**');
  const analyst = await apiToken(request, 'analista@demo.local');
  await expect.poll(async () => (await request.get(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(analyst) }).then((r) => r.json()).catch(() => null))?.snapshot?.draft?.invoice?.invoiceNumber, { timeout: hangLimit(15_000) }).toBe('F-SALIR-1');
  await breadcrumbs.click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(new RegExp(`/reembolsos/nuevo/${verification.id}$`));
});
