import { readFileSync } from 'node:fs';
import { test, expect, apiToken, signIn, shoot, sideNav } from './fixtures.ts';
import { activeDoctor, api, daysAgo, insuredPatient } from './reimbursement-support.ts';

// Issue 28 items 1 and 4: the verifier is told where her verified verification went, the analysts' menu counts
// what waits for them, the claim starts with the verification's doctor, and a patient's page opens a verification.

const VERIFIER = 'verificador@demo.local';
const ANALYST = 'analista@demo.local';
const es = JSON.parse(readFileSync('src/i18n/messages/es.json', 'utf8')) as Record<string, string>;
const ja = JSON.parse(readFileSync('src/i18n/messages/ja.json', 'utf8')) as Record<string, string>;

/** A verification of a patient of its own naming `doctorId`, verified through the API by the administrator. */
async function verifiedWithDoctor(request: Parameters<typeof apiToken>[0], doctorId: number) {
  const token = await apiToken(request);
  const patient = await insuredPatient(request, token, 'Tomás', 'Quiroga');
  const created = await api(request, token, 'post', '/api/verifications', { patientId: patient.id, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: daysAgo(1), doctorId });
  const started = await api(request, token, 'post', `/api/verifications/${created.id}/events`, { type: 'START', version: created.version });
  const verified = await api(request, token, 'post', `/api/verifications/${created.id}/events`, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', version: started.version });
  expect(verified.state).toBe('verified');
  return { id: verified.id as number, folio: verified.folio as string, patient };
}

test('a verified verification tells the verifier an analyst takes it on; the analyst sees it counted and starts the claim with its doctor', async ({ browser, request }) => {
  const token = await apiToken(request);
  const doctorId = await activeDoctor(request, token);
  const doctor = await api(request, token, 'get', `/api/doctors/${doctorId}`);
  const verification = await verifiedWithDoctor(request, doctorId);

  const verifier = await browser.newPage();
  await signIn(verifier, VERIFIER, { to: `/app/verificaciones/editar/${verification.id}` });
  const handedOn = verifier.getByRole('status').filter({ hasText: 'Lista para reembolso' });
  await expect(handedOn).toContainText('la registrará un analista de reembolsos');
  // She may not enter the reimbursement herself, so she is not offered it.
  await expect(verifier.getByRole('link', { name: es['verifications.continue.action'] })).toHaveCount(0);
  await shoot(verifier, 'C/handoff-verifier');
  await verifier.close();

  const analyst = await browser.newPage();
  await signIn(analyst, ANALYST, { to: '/app/reembolsos/general' });
  const waiting = await api(request, await apiToken(request, ANALYST), 'get', '/api/verifications?state=verified&pageSize=1');
  const entry = sideNav(analyst).getByRole('link', { name: /^Nuevos/ });
  await expect(entry.getByTestId('ready-count')).toHaveText(new RegExp(`^${waiting.total}`));
  await expect(entry).toHaveAccessibleName(new RegExp(`${waiting.total} verificaci`));
  await shoot(sideNav(analyst), 'C/handoff-analyst-menu');

  await analyst.goto(`/app/reembolsos/nuevo/${verification.id}`);
  const chosen = analyst.getByRole('combobox', { name: es['reimbursements.invoice.doctor'] });
  await expect(chosen).toHaveValue(String(doctorId));
  await expect(chosen.locator('option:checked')).toContainText(doctor.lastNames);
  await analyst.close();
});

test('a patient’s page opens a new verification with that patient chosen (Japanese)', async ({ page, request }) => {
  const token = await apiToken(request);
  const patient = await insuredPatient(request, token, 'Irene', 'Balmaceda');
  await signIn(page, VERIFIER, { to: `/app/pacientes/ver/${patient.id}` });
  await page.getByRole('combobox', { name: es['header.language'] }).selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.getByRole('link', { name: ja['patients.newVerification'] }).click();
  await expect(page).toHaveURL(/\/app\/verificaciones\/nueva/);
  await expect(page.getByText(ja['verifications.flow.chosen'])).toContainText(patient.name);
  await shoot(page, 'C/handoff-patient-new-verification-ja');
});
