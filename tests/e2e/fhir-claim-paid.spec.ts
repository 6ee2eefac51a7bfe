import { hangLimit } from '../../scripts/hang-limit.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, expect, shoot, signIn, test, storePreferences } from './fixtures.ts';
import { clientToken, createClientInPanel } from './integration-support.ts';
import { api, daysAgo, insuredPatient, pdfFile } from './reimbursement-support.ts';
import { createUser, uniqueEmail } from './user-fixtures.ts';

/**
 * Issue 27 end to end: an administrator creates a client; a claim the practice sends with its token (a request of
 * the test's own, as the practice's software would) is in Reembolsos with its origin and the resource as sent; a
 * second person approves it and treasury pays it on the record screen; the client's ExplanationOfBenefit then shows
 * the payment.
 */
test('a FHIR claim is approved and paid in the panel, and its ExplanationOfBenefit shows the payment', async ({ page, request, browser }) => {
  // Three people's steps and the record's source in every look: 59 s alone on a slow machine, past the default 60 s
  // beside another worker. The limit catches a hang, not slowness (scripts/hang-limit.ts).
  test.setTimeout(hangLimit(180_000));
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  // A patient of its own, insured by the first active euro insurer, which the client is bound to.
  const patient = await insuredPatient(request, admin, 'Fhir', 'Pagada');
  const insurers = (await api(request, admin, 'get', '/api/insurers?pageSize=100')).items as { name: string; currency: string; active: boolean }[];
  const insurerName = insurers.find((i) => i.currency === 'EUR' && i.active)!.name;

  await signIn(page, ADMIN.email, { to: '/app/usuarios' });
  const name = `Clínica Pago ${Date.now()}`;
  const { clientId, secret } = await createClientInPanel(page, { name, scopes: ['system/Claim.c', 'system/ExplanationOfBenefit.r'], insurerName });
  const token = await clientToken(page, clientId, secret);
  const clients = (await api(request, admin, 'get', '/api/integration-clients')).items as { clientId: string; doctorIds: number[] }[];
  const doctorId = clients.find((c) => c.clientId === clientId)!.doctorIds[0];

  const serviceDate = daysAgo(1);
  const sent = await page.request.post('/fhir/R4/Claim', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
    data: JSON.stringify({
      resourceType: 'Claim',
      identifier: [{ system: 'urn:e2e:claims', value: `${clientId}-paid` }],
      status: 'active',
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] },
      use: 'claim',
      patient: { reference: `Patient/${patient.id}` },
      created: serviceDate,
      provider: { reference: `Practitioner/${doctorId}` },
      priority: { coding: [{ code: 'normal' }] },
      insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${patient.id}` } }],
      supportingInfo: [
        { sequence: 1, category: { coding: [{ code: 'attachment' }] }, code: { coding: [{ system: 'urn:dental-backoffice:document-type', code: 'INVOICE' }] }, valueAttachment: { contentType: 'application/pdf', title: 'factura.pdf', data: pdfFile('factura.pdf').buffer.toString('base64') } },
      ],
      item: [{ sequence: 1, productOrService: { coding: [{ system: 'http://www.ada.org/cdt', code: 'D0120' }] }, servicedDate: serviceDate, net: { value: 60, currency: 'EUR' } }],
    }),
  });
  const response = await sent.json();
  expect(sent.status(), JSON.stringify(response)).toBe(201);
  const id = Number(response.id);
  const folio = response.identifier[0].value as string;

  // In Reembolsos, saying where it came from; the resource as sent opens on the record.
  await page.goto(`/app/reembolsos/general?q=${encodeURIComponent(folio)}`);
  await expect(page.getByRole('row').filter({ hasText: folio })).toBeVisible();
  const draft = await api(request, analyst, 'get', `/api/reimbursements/${id}`);
  const record = `/app/reembolsos/editar/${draft.verificationId}/${id}`;
  await page.goto(record);
  await expect(page.getByTestId('record-source')).toHaveText(`FHIR: ${name}`);
  await page.getByTestId('record-source-view').click();
  await expect(page.getByTestId('record-source-resource')).toContainText(`"value": "${clientId}-paid"`);
  await shoot(page, 'fhir-record-source');
  await page.getByTestId('record-source-dialog').getByRole('button', { name: 'Cerrar' }).click();

  // The desk completes the documents the invoice sent inline did not cover, and submits it.
  for (const documentType of draft.missingDocuments as string[]) {
    const attached = await request.post('/api/attachments', { headers: { authorization: `Bearer ${analyst}` }, multipart: { ownerType: 'reimbursement', ownerId: String(id), documentType, file: pdfFile(`${documentType}.pdf`) } });
    expect(attached.status(), await attached.text()).toBe(201);
  }
  const submitted = await api(request, analyst, 'post', `/api/reimbursements/${id}/events`, { type: 'SUBMIT', version: (await api(request, analyst, 'get', `/api/reimbursements/${id}`)).version });
  expect(submitted.state).toBe('inReview');
  const auditor = await apiToken(request, 'auditor@demo.local');
  const asAuditor = await api(request, auditor, 'get', `/api/reimbursements/${id}`);
  if (asAuditor.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) await api(request, auditor, 'post', `/api/reimbursements/${id}/events`, { type: 'COMPLETE_MEDICAL_REVIEW', version: asAuditor.version });

  // A second analyst approves on the record screen…
  const second = await createUser(request, admin, { name: 'Analista FHIR', email: uniqueEmail('analista-fhir'), roles: ['reimbursement_analyst'], password: 'demo1234' });
  const other = await (await browser.newContext()).newPage();
  await signIn(other, second.email, { to: record });
  await other.getByRole('button', { name: 'Aprobar' }).click();
  await other.getByRole('dialog').getByRole('button', { name: 'Aprobar' }).click();
  await expect(other.locator('[data-reimbursement-state]')).toHaveText('Aprobado');
  await other.context().close();

  // …and treasury records the payment.
  const treasury = await (await browser.newContext()).newPage();
  await signIn(treasury, 'tesoreria@demo.local', { to: record });
  await treasury.getByRole('button', { name: 'Registrar el pago' }).click();
  await treasury.getByRole('alertdialog').getByLabel('Referencia del pago').fill('TRF-FHIR-E2E');
  await treasury.getByRole('alertdialog').getByLabel('Motivo del pago fuera de remesa').fill('Reembolso urgente del consultorio');
  await treasury.getByRole('alertdialog').getByRole('button', { name: 'Registrar el pago' }).click();
  await expect(treasury.locator('[data-reimbursement-state]')).toHaveText('Pagado');
  await treasury.context().close();

  // The practice reads the explanation of benefit: the payment, its reference and amount.
  const eob = await page.request.get(`/fhir/R4/ExplanationOfBenefit/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(eob.status()).toBe(200);
  const explanation = await eob.json();
  expect(explanation).toMatchObject({ resourceType: 'ExplanationOfBenefit', outcome: 'complete', payment: { identifier: { value: 'TRF-FHIR-E2E' }, amount: { currency: 'EUR' } } });
  expect(explanation.payment.amount.value).toBeGreaterThan(0);

  // The origin and its resource dialog in dark right to left, in Japanese and on a phone: readable, axe clean.
  for (const look of LOOKS) {
    await page.setViewportSize(look.size);
    await storePreferences(page, look.preferences);
    await page.goto(record);
    await expect(page.locator('html')).toHaveAttribute('dir', look.preferences.direction);
    await page.getByTestId('record-source-view').click();
    await expect(page.getByTestId('record-source-resource')).toContainText('"resourceType": "Claim"');
    await expectNoSeriousViolations(page);
    await shoot(page, `fhir-record-source-${look.name}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('record-source-dialog')).toBeHidden();
    await shoot(page, `fhir-record-origin-${look.name}`);
  }
});

const LOOKS = [
  { name: 'dark-rtl', preferences: { currentTheme: 'dark', direction: 'rtl', locale: 'es' }, size: { width: 1280, height: 800 } },
  { name: 'ja', preferences: { currentTheme: 'light', direction: 'ltr', locale: 'ja' }, size: { width: 1280, height: 800 } },
  { name: '390', preferences: { currentTheme: 'light', direction: 'ltr', locale: 'es' }, size: { width: 390, height: 844 } },
] as const;
