import type { APIRequestContext } from '@playwright/test';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import { test, expect, apiToken, shootLooks, signIn } from './fixtures.ts';
import { activeDoctor, api, daysAgo, insuredPatient, submittedReimbursement } from './reimbursement-support.ts';

// Issue 26: the new run's selection is the server's, with its filters in the URL, the whole selection's totals and
// the claims a run would refuse, each with why. The claim is made here through the API: a new holder with no bank
// account on file, so it starts excluded and enters the selection once treasury saves the account.

/** An approved claim of a new holder (no payee account yet); the auditor reviews it first when R12 sampled it. */
async function approvedClaimOfNewHolder(request: APIRequestContext) {
  const [admin, analyst, auditor] = [await apiToken(request), await apiToken(request, 'analista@demo.local'), await apiToken(request, 'auditor@demo.local')];
  const patient = await insuredPatient(request, admin, 'Selma', 'Remesa');
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  let seen = await api(request, auditor, 'get', `/api/reimbursements/${claim.id}`);
  if (seen.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) seen = await api(request, auditor, 'post', `/api/reimbursements/${claim.id}/events`, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE', version: seen.version });
  const approved = await api(request, auditor, 'post', `/api/reimbursements/${claim.id}/events`, { type: 'APPROVE', version: seen.version });
  expect(approved.state).toMatch(/^(approved|partiallyApproved)$/);
  const policy = await api(request, admin, 'get', `/api/policies/${patient.policyId}`);
  return { folio: claim.folio as string, holderId: policy.policyholderId as number };
}

test('the new run lists the server’s selection from the URL’s filters, with its totals and the excluded claims’ reasons', async ({ page, request }) => {
  const { folio, holderId } = await approvedClaimOfNewHolder(request);
  const today = daysAgo(0);
  const url = `/app/pagos/nueva?currency=EUR&payee=HOLDER&from=${today}&to=${today}`;
  await signIn(page, 'tesoreria@demo.local', { to: url });
  await expect(page.getByRole('heading', { name: es['payments.newTitle'] })).toBeVisible();
  // The filters read from the URL are the selects' values.
  await expect(page.getByRole('combobox', { name: es['payments.filter.currency'] })).toHaveValue('EUR');
  await expect(page.getByRole('combobox', { name: es['payments.filter.payee'] })).toHaveValue('HOLDER');
  const excluded = page.getByTestId(`excluded-${folio}`);
  await expect(excluded).toContainText(es['payeeAccount.missing']);
  await expect(page.getByRole('checkbox', { name: es['payments.pickClaim'].replace('{folio}', folio) })).toHaveCount(0);

  // Pictured with the excluded claim on screen.
  await shootLooks(page, 'payments-new', async () => {
    await page.goto(url);
    await expect(excluded).toBeVisible();
  });

  // With the account saved the claim can enter: it leaves the excluded list and joins the selection and its totals.
  const treasury = await apiToken(request, 'tesoreria@demo.local');
  await api(request, treasury, 'put', '/api/payee-accounts', { ownerType: 'HOLDER', ownerId: holderId, holderName: 'Selma Remesa', scheme: 'IBAN', number: 'ES9121000418450200051332' });
  await page.goto(url);
  await expect(page.getByRole('checkbox', { name: es['payments.pickClaim'].replace('{folio}', folio) })).toHaveCount(1);
  await expect(excluded).toHaveCount(0);
  await expect(page.getByTestId('selection-totals').getByTestId('total-EUR')).toBeVisible();
  // A filter chosen on screen goes to the URL (and back to the first page).
  await page.getByRole('combobox', { name: es['payments.filter.payee'] }).selectOption('PROVIDER');
  await expect(page).toHaveURL(/payee=PROVIDER/);
  await expect(page.getByRole('checkbox', { name: es['payments.pickClaim'].replace('{folio}', folio) })).toHaveCount(0);
});

test('treasury keeps a doctor’s payee account on the doctor’s page, which it reads but cannot save', async ({ page, request }) => {
  const doctorId = await activeDoctor(request, await apiToken(request));
  await signIn(page, 'tesoreria@demo.local', { to: `/app/doctores/editar/${doctorId}` });
  const panel = page.getByTestId('payee-account');
  await expect(panel.getByRole('button', { name: new RegExp(`^(${es['payeeAccount.edit']}|${es['payeeAccount.add']})$`) })).toBeVisible();
  // The doctor's own fields are there to read: disabled, and no Save.
  await expect(page.locator('fieldset[disabled]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: es['common.save'], exact: true })).toHaveCount(0);
  await shootLooks(page, 'doctor-treasury', async () => {
    await page.goto(`/app/doctores/editar/${doctorId}`);
    await expect(panel).toBeVisible();
  });
});
