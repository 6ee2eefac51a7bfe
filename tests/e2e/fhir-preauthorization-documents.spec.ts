import { ADMIN, apiToken, expect, shootLooks, signIn, test } from './fixtures.ts';
import { api, insuredPatient, pdfFile } from './reimbursement-support.ts';

/**
 * Issue 27: the treatment plan a practice sends with its pre-authorisation (Claim.supportingInfo) is on the
 * verification's page for the verifier. Everything but the page is made through the API (client, token, claim):
 * the subject is the screen.
 */
test('a pre-authorisation’s files sent through FHIR are listed on its verification', async ({ page, request }) => {
  const admin = await apiToken(request);
  const patient = await insuredPatient(request, admin, 'Fhir', 'Preautorizada');
  const insurers = (await api(request, admin, 'get', '/api/insurers?pageSize=100')).items as { id: number; currency: string; active: boolean }[];
  const insurer = insurers.find((i) => i.currency === 'EUR' && i.active)!;
  const doctors = (await api(request, admin, 'get', '/api/doctors?state=ACTIVE&pageSize=1')).items as { id: number }[];
  const made = await api(request, admin, 'post', '/api/integration-clients', { name: `Clínica Preautorización ${Date.now()}`, scopes: ['system/Claim.c'], insurerIds: [insurer.id], doctorIds: [doctors[0]!.id] });
  const token = await request.post('/fhir/R4/auth/token', { form: { grant_type: 'client_credentials', client_id: made.client.clientId, client_secret: made.clientSecret } });
  const today = new Date().toLocaleDateString('en-CA');
  const sent = await request.post('/fhir/R4/Claim', {
    headers: { authorization: `Bearer ${(await token.json()).access_token}`, 'content-type': 'application/fhir+json' },
    data: JSON.stringify({
      resourceType: 'Claim',
      identifier: [{ system: 'urn:e2e:preauth', value: `${made.client.clientId}-1` }],
      status: 'active',
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] },
      use: 'preauthorization',
      patient: { reference: `Patient/${patient.id}` },
      created: today,
      provider: { reference: `Practitioner/${doctors[0]!.id}` },
      insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${patient.id}` } }],
      supportingInfo: [
        { sequence: 1, category: { coding: [{ code: 'attachment' }] }, code: { coding: [{ system: 'urn:dental-backoffice:document-type', code: 'TREATMENT_PLAN' }] }, valueAttachment: { contentType: 'application/pdf', title: 'plan-36.pdf', data: pdfFile('plan-36.pdf').buffer.toString('base64') } },
      ],
      item: [{ sequence: 1, productOrService: { coding: [{ system: 'http://www.ada.org/cdt', code: 'D2750' }] }, servicedDate: today, bodySite: { coding: [{ code: '36' }] }, net: { value: 900, currency: 'EUR' } }],
    }),
  });
  const answer = await sent.json();
  expect(sent.status(), JSON.stringify(answer)).toBe(201);

  await signIn(page, ADMIN.email, { to: `/app/verificaciones/editar/${String(answer.id).slice(3)}` });
  const documents = page.getByRole('region', { name: 'Documentos enviados por la consulta' });
  await expect(documents.getByRole('listitem')).toContainText(['plan-36.pdf']);

  await shootLooks(page, 'verification-documents', async () => {
    await page.reload();
    await expect(page.locator('#documents-heading')).toBeVisible();
  });
});
