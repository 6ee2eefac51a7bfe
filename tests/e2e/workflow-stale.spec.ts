import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, shoot, signIn } from './fixtures.ts';
import { activeDoctor, api, insuredPatient, pendingVerification, submittedReimbursement } from './reimbursement-support.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

const es = JSON.parse(readFileSync('src/i18n/messages/es.json', 'utf8')) as Record<string, string>;

/**
 * A workflow event sent with a version someone else replaced meanwhile: every screen opens the same stale-version
 * dialog (not a refusal's text), keeps what the user typed, and shows the record as it is now.
 */
test('a stale rejection on a reimbursement opens the stale-version dialog; the explanation typed stays; the record shows who has it now', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const supervisor = await apiToken(request, 'supervisor@demo.local');
  const patient = await insuredPatient(request, admin, 'Elena', 'Pardo');
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  await signIn(page, 'auditor@demo.local', { to: `/app/reembolsos/editar/${claim.verificationId}/${claim.id}` });
  const actions = page.getByTestId('workflow-actions');
  await actions.getByRole('button', { name: es['reimbursements.event.REJECT'], exact: true }).click();
  const reject = page.getByRole('alertdialog', { name: es['reimbursements.event.REJECT'] });
  await reject.getByLabel(es['reimbursements.review.reasonCode']).selectOption({ index: 1 });
  await reject.getByLabel(es['reimbursements.review.explanation']).fill('Falta la radiografía previa.');

  // Meanwhile a supervisor hands the claim to a reviewer: the version on screen is old now.
  const { items: reviewers } = (await api(request, supervisor, 'get', `/api/reimbursements/${claim.id}/assignees`)) as { items: { id: number; name: string }[] };
  const other = reviewers.find((user) => user.name !== 'Olga Auditora')!;
  await api(request, supervisor, 'post', `/api/reimbursements/${claim.id}/events`, { type: 'ASSIGN', assigneeId: other.id, version: claim.version });

  await reject.getByRole('button', { name: es['reimbursements.event.REJECT'], exact: true }).click();
  const stale = page.getByRole('alertdialog', { name: es['conflict.title'] });
  await expect(stale).toContainText(es['conflict.eventBody']);
  await expect(reject.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await shoot(page, 'W/stale-reimbursement');
  await stale.getByRole('button', { name: es['conflict.seeCurrent'] }).click();
  await expect(stale).toBeHidden();
  await expect(reject.getByLabel(es['reimbursements.review.explanation'])).toHaveValue('Falta la radiografía previa.');
  await expect(page.getByRole('region', { name: es['reimbursements.review.details'], includeHidden: true })).toContainText(other.name);
  expect((await api(request, admin, 'get', `/api/reimbursements/${claim.id}`)).state).toBe(claim.state);
});

test('a stale cancellation of a verification opens the stale-version dialog; the reason typed stays; the summary shows who has it now', async ({ page, request }) => {
  const admin = await apiToken(request);
  const patient = await insuredPatient(request, admin, 'Rosa', 'Quiroga');
  const verification = await pendingVerification(request, admin, patient.id);
  await signIn(page, 'supervisor@demo.local', { to: `/app/verificaciones/editar/${verification.id}` });
  await page.getByTestId('workflow-actions').getByRole('button', { name: es['verifications.event.CANCEL'], exact: true }).click();
  const cancel = page.getByRole('alertdialog', { name: es['verifications.cancel.title'].replace('{folio}', verification.folio) });
  await cancel.getByLabel(es['verifications.field.cancelReason']).fill('Pedida dos veces.');

  // Meanwhile the administrator hands it to the verifier.
  const verifier = (await api(request, admin, 'get', '/api/users?q=verificador%40demo.local&pageSize=1')).items[0] as { id: number; name: string };
  await api(request, admin, 'post', `/api/verifications/${verification.id}/events`, { type: 'ASSIGN', assigneeId: verifier.id, version: verification.version });

  await cancel.getByRole('button', { name: es['verifications.event.CANCEL'], exact: true }).click();
  const stale = page.getByRole('alertdialog', { name: es['conflict.title'] });
  await expect(stale).toContainText(es['conflict.eventBody']);
  await stale.getByRole('button', { name: es['conflict.seeCurrent'] }).click();
  await expect(stale).toBeHidden();
  await expect(cancel.getByLabel(es['verifications.field.cancelReason'])).toHaveValue('Pedida dos veces.');
  await expect(page.getByTestId('verification-summary')).toContainText(verifier.name);
  expect((await api(request, admin, 'get', `/api/verifications/${verification.id}`)).state).toBe('pending');
});

test('the next action answers at once after an event, while the history and lists are still being read again', async ({ page, request }) => {
  const verifier = await apiToken(request, 'verificador@demo.local');
  const patient = await insuredPatient(request, await apiToken(request), 'Nora', 'Ibáñez');
  // Her own new verification is hers (issue 28 item 3), so she may start it.
  const created = await pendingVerification(request, verifier, patient.id);
  await signIn(page, 'verificador@demo.local', { to: `/app/verificaciones/editar/${created.id}` });
  const actions = page.getByTestId('workflow-actions');
  await expect(actions.getByRole('button', { name: es['verifications.event.START'], exact: true })).not.toHaveAttribute('aria-disabled', 'true');
  // From now on the panel's rereads of verifications are slow (a busy server): the event's own answer is not. The
  // delay outlasts every wait below, so what they see came from the event's answer.
  await page.route(/\/api\/verifications(\/|\?|$)/, async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, hangLimit(20_000)));
    await route.continue().catch(() => undefined);
  });
  await actions.getByRole('button', { name: es['verifications.event.START'], exact: true }).click();
  await expect(page.locator('[data-state="inProgress"]').first()).toBeVisible();
  await actions.getByRole('button', { name: es['verifications.event.REQUEST_INFO'], exact: true }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible({ timeout: hangLimit(5_000) });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
