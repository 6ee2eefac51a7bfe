import { ADMIN, expect, shoot, signIn, test } from './fixtures.ts';
import { clientToken, createClientInPanel } from './integration-support.ts';

/**
 * Issue 27: an administrator creates an integration client in Usuarios → Integraciones (its secret shown once), the
 * client gets a token with it and sends a FHIR claim, which appears in Reembolsos; the screen lists the client's calls
 * and errors; revoking it stops its token at once.
 */
test('an administrator creates a FHIR client whose claim reaches Reembolsos, sees its calls, and revokes it', async ({ page }) => {
  await signIn(page, ADMIN.email, { to: '/app/usuarios' });
  const admin = { authorization: `Bearer ${await adminToken(page)}` };
  // Patients the client will claim for, and their insurer, which the administrator binds the client to.
  const listed = (await (await page.request.get('/api/patients?state=ACTIVE&pageSize=50', { headers: admin })).json()).items as { id: number; insurerName: string }[];
  const insurerName = listed[0]!.insurerName;
  const candidates = listed.filter((p) => p.insurerName === insurerName);
  await page.getByTestId('integrations-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integraciones (FHIR)' })).toBeVisible();
  const name = `Clínica E2E ${Date.now()}`;
  const { clientId, secret } = await createClientInPanel(page, { name, scopes: ['system/Claim.c', 'system/ClaimResponse.r'], insurerName });
  // Shown once: the list shows the client, never its secret.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(clientId);
  await expect(page.getByText(secret)).toHaveCount(0);

  // The practice's software: a token with the secret, then a claim for a patient of the bound insurer and doctor.
  const accessToken = await clientToken(page, clientId, secret);
  const bound = await page.request.get('/api/integration-clients', { headers: admin });
  const client = ((await bound.json()).items as { clientId: string; doctorIds: number[] }[]).find((c) => c.clientId === clientId)!;
  const today = new Date().toISOString().slice(0, 10);
  const claimFor = (patientId: number) => ({
    resourceType: 'Claim',
    identifier: [{ system: 'urn:e2e:claims', value: `${clientId}-${patientId}` }],
    status: 'active',
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] },
    use: 'claim',
    patient: { reference: `Patient/${patientId}` },
    created: today,
    provider: { reference: `Practitioner/${client.doctorIds[0]}` },
    insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${patientId}` } }],
    item: [{ sequence: 1, productOrService: { coding: [{ code: 'D0120' }] }, servicedDate: today, net: { value: 50 } }],
  });
  // A patient whose coverage backs a claim today (one with a verification still open in the panel is skipped).
  let sent;
  for (const candidate of candidates) {
    sent = await page.request.post('/fhir/R4/Claim', { data: JSON.stringify(claimFor(candidate.id)), headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/fhir+json' } });
    if (sent.status() === 201) break;
  }
  const response = await sent!.json();
  expect(sent!.status(), JSON.stringify(response)).toBe(201);
  expect(response).toMatchObject({ resourceType: 'ClaimResponse', outcome: 'queued' });
  const folio = response.identifier[0].value as string;

  // It is a reimbursement draft in the panel.
  await page.goto(`/app/reembolsos/general?q=${encodeURIComponent(folio)}`);
  await expect(page.getByRole('row').filter({ hasText: folio })).toBeVisible();

  // Its calls, an error included, on the integrations screen.
  await page.request.get('/fhir/R4/ClaimResponse/abc', { headers: { authorization: `Bearer ${accessToken}` } });
  await page.goto('/app/usuarios/integraciones');
  const clientRow = page.getByRole('row').filter({ hasText: name });
  await clientRow.getByRole('button', { name: 'Llamadas' }).click();
  await expect(page.getByTestId('integration-recent-calls')).toContainText('POST /fhir/R4/Claim');
  await expect(page.getByTestId('integration-recent-errors')).toContainText('/fhir/R4/ClaimResponse/abc');
  await shoot(page, 'integrations-calls');

  // Revoked: its token is refused on the next call.
  await clientRow.getByRole('button', { name: 'Revocar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revocar' }).click();
  await expect(clientRow).toContainText('Revocado');
  const after = await page.request.get(`/fhir/R4/ClaimResponse/${response.id}`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(after.status()).toBe(401);

  // Usuarios lists it among the service accounts, revoked, beside the staff who sign in.
  await page.goto('/app/usuarios');
  const service = page.getByRole('region', { name: 'Cuentas de servicio' }).getByRole('listitem').filter({ hasText: name });
  await expect(service).toContainText(clientId);
  await expect(service).toContainText('Revocado');
});

/** The administrator's API token, as the signed-in page stores it. */
async function adminToken(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('auth_token') ?? '');
}
