import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken, authHeader, savedDraft, signIn, sideNav, tokenOf } from './fixtures.ts';
import { api, insuredPatient, verifiedVerification } from './reimbursement-support.ts';

// One server resource, one client cache (issue 23): a doctor renamed in Doctores shows renamed on the claim form it
// was chosen on, in the same tab and without a reload. The claim form once read doctors under keys of its own, kept
// for minutes, so it went on showing the old name.

const doctorChoice = (page: Page) => page.getByRole('combobox', { name: 'Doctor', exact: true });

test('a doctor renamed in Doctores shows renamed on the claim form it was chosen on, without a reload', async ({ page, request }) => {
  const admin = await apiToken(request);
  const licence = `E2E-KEY-${Date.now().toString(36).toUpperCase()}`;
  const doctor = await api(request, admin, 'post', '/api/doctors', { firstNames: 'Marta', lastNames: 'Antes Caché', licenseNumber: licence, licenseJurisdiction: 'AR-C', specialty: 'GENERAL' });
  const patient = await insuredPatient(request, admin);
  const verification = await verifiedVerification(request, patient.id);
  const form = `/app/reembolsos/nuevo/${verification.id}`;

  await signIn(page, ADMIN.email, { to: form });
  // Set once in this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('searchbox', { name: 'Buscar doctor' }).fill(licence);
  await doctorChoice(page).selectOption(String(doctor.id));
  await expect(doctorChoice(page).locator('option:checked')).toHaveText(`Antes Caché, Marta · ${licence}`);
  // The flow keeps the choice on the server (its draft); leaving before it is there would lose it.
  const token = await tokenOf(page);
  await expect.poll(async () => (await savedDraft(request, token, 'reimbursement-new', verification.id))?.draft?.invoice?.doctorId).toBe(doctor.id);

  // Doctores, through the menu: find the doctor, rename it, save.
  await sideNav(page).getByRole('link', { name: 'Doctores' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(licence);
  await page.getByText('Antes Caché, Marta').click();
  await expect(page).toHaveURL(new RegExp(`/app/doctores/editar/${doctor.id}$`));
  await page.getByLabel(/^Apellidos\s*\*?$/).fill('Después Caché');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados')).toBeVisible();

  // Back on the claim form, through the menu and the list of verifications ready for a claim.
  await sideNav(page).getByRole('button', { name: 'Reembolsos' }).click();
  await sideNav(page).getByRole('link', { name: 'Nuevos' }).click();
  await page.getByRole('row', { name: new RegExp(verification.folio) }).click();
  await expect(page).toHaveURL(new RegExp(`${form}$`));
  await expect(doctorChoice(page)).toHaveValue(String(doctor.id));
  await expect(doctorChoice(page).locator('option:checked')).toHaveText(`Después Caché, Marta · ${licence}`);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Nothing of it is left behind: the draft goes, then the doctor (no reimbursement names it).
  await request.delete(`/api/drafts/reimbursement-new/${verification.id}`, { headers: authHeader(token) });
  expect((await request.delete(`/api/doctors/${doctor.id}`, { headers: authHeader(admin) })).status()).toBe(204);
});
