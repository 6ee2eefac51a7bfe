import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, signIn, shoot, storePreferences } from './fixtures.ts';
import { activeDoctor, api, insuredPatient, submittedReimbursement } from './reimbursement-support.ts';

const es = JSON.parse(readFileSync('src/i18n/messages/es.json', 'utf8')) as Record<string, string>;
const ja = JSON.parse(readFileSync('src/i18n/messages/ja.json', 'utf8')) as Record<string, string>;

test('a supervisor reassigns a reimbursement to another reviewer from its record; the list shows the new assignee; axe clean in light, dark right-to-left and Japanese at 390 px', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  await signIn(page, 'supervisor@demo.local', { to: `/app/reembolsos/editar/${claim.verificationId}/${claim.id}` });
  await page.getByRole('button', { name: es['reimbursements.assign.open'] }).click();
  const dialog = page.getByRole('dialog', { name: es['reimbursements.assign.title'] });
  await expect(dialog).toBeVisible();

  // Sent without a choice, the field says what is missing.
  await dialog.getByRole('button', { name: es['reimbursements.assign.submit'] }).click();
  await expect(dialog.getByText(es['reimbursements.assign.choose']).last()).toBeVisible();
  const reviewer = dialog.getByLabel(es['reimbursements.assign.reviewer']);
  // The analyst who made it is not offered (they may not approve it).
  await expect(reviewer.locator('option', { hasText: 'Andrés Analista' })).toHaveCount(0);
  await reviewer.selectOption({ index: 1 });
  const chosen = (await reviewer.locator('option:checked').textContent())!.trim();
  await expectNoSeriousViolations(page);
  await shoot(page, 'U/assign-light');
  await dialog.getByRole('button', { name: es['reimbursements.assign.submit'] }).click();
  await expect(dialog).toBeHidden();
  const details = page.getByRole('region', { name: es['reimbursements.review.details'] });
  await expect(details).toContainText(chosen);

  await page.goto(`/app/reembolsos/general?q=${claim.folio}`);
  await expect(page.getByRole('row').filter({ hasText: claim.folio })).toContainText(chosen);

  for (const [name, preferences, size] of [
    ['dark-rtl', { currentTheme: 'dark', direction: 'rtl', locale: 'es' }, { width: 1280, height: 900 }],
    ['ja-390', { currentTheme: 'light', direction: 'ltr', locale: 'ja' }, { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await storePreferences(page, preferences);
    await page.goto(`/app/reembolsos/editar/${claim.verificationId}/${claim.id}`);
    const texts = preferences.locale === 'ja' ? ja : es;
    await page.getByRole('button', { name: texts['reimbursements.assign.open'] }).click();
    await expect(page.getByRole('dialog', { name: texts['reimbursements.assign.title'] })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, `U/assign-${name}`);
  }
});

test('a reviewer who is not a supervisor is not offered to reassign, on the record or its list row; they can only take the claim', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  await signIn(page, 'auditor@demo.local', { to: `/app/reembolsos/editar/${claim.verificationId}/${claim.id}` });
  await expect(page.getByRole('button', { name: es['reimbursements.event.ASSIGN'] })).toBeVisible();
  await expect(page.getByRole('button', { name: es['reimbursements.assign.open'] })).toHaveCount(0);
  // Taken, it is theirs: "Tomar" stays, unavailable, with the statechart's reason (issue 28, item 2).
  await page.getByRole('button', { name: es['reimbursements.event.ASSIGN'] }).click();
  await expect(page.getByRole('region', { name: es['reimbursements.review.details'] })).toContainText('Olga Auditora');
  await expect(page.getByRole('button', { name: es['reimbursements.event.ASSIGN'] })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('blocked-ASSIGN')).toContainText(es['machine.reimbursement.guard.assigneeChanges']);
  // Nor on its row in the list.
  await page.goto(`/app/reembolsos/general?q=${claim.folio}`);
  await expect(page.getByRole('row').filter({ hasText: claim.folio })).toBeVisible();
  await expect(page.getByRole('button', { name: `Reasignar ${claim.folio}` })).toHaveCount(0);
});

test('a supervisor reassigns from the list, keyboard only: the row names the new assignee; a claim changed meanwhile is refused and shown as it is now; axe clean', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const supervisorToken = await apiToken(request, 'supervisor@demo.local');
  const patient = await insuredPatient(request, admin);
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  const { items: reviewers } = (await api(request, supervisorToken, 'get', `/api/reimbursements/${claim.id}/assignees`)) as { items: { id: number; name: string }[] };
  expect(reviewers.length).toBeGreaterThanOrEqual(2);

  await signIn(page, 'supervisor@demo.local', { to: `/app/reembolsos/general?q=${claim.folio}` });
  const row = page.getByRole('row').filter({ hasText: claim.folio });
  const reassign = row.getByRole('button', { name: `Reasignar ${claim.folio}` });
  await expect(reassign).toBeVisible();
  await expectNoSeriousViolations(page);

  // Reached with Tab alone, from the search box.
  await page.getByRole('searchbox').focus();
  for (let i = 0; i < 40 && !(await reassign.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(reassign).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: es['reimbursements.assign.title'] });
  await expect(dialog).toBeVisible();
  const reviewer = dialog.getByLabel(es['reimbursements.assign.reviewer']);
  await expect(reviewer).toBeFocused();
  await expect(reviewer.locator('option', { hasText: 'Andrés Analista' })).toHaveCount(0);
  await reviewer.selectOption({ index: 1 });
  const first = (await reviewer.locator('option:checked').textContent())!.trim();
  await expectNoSeriousViolations(page);

  // Meanwhile another supervisor hands it to someone else: the row's version is old now.
  const other = reviewers.find((user) => user.name !== first)!;
  const current = await api(request, supervisorToken, 'get', `/api/reimbursements/${claim.id}`);
  await api(request, supervisorToken, 'post', `/api/reimbursements/${claim.id}/events`, { type: 'ASSIGN', assigneeId: other.id, version: current.version });
  const submit = dialog.getByRole('button', { name: es['reimbursements.assign.submit'] });
  await submit.focus();
  await page.keyboard.press('Enter');
  // The stale-version dialog, as on every workflow screen; the choice made in the assign dialog stays.
  const stale = page.getByRole('alertdialog', { name: es['conflict.title'] });
  await expect(stale).toContainText(es['conflict.eventBody']);
  // The open dialogs hide the list from assistive technology; the row behind them already shows the claim as it is now.
  await expect(page.getByRole('row', { includeHidden: true }).filter({ hasText: claim.folio })).toContainText(other.name);
  await stale.getByRole('button', { name: es['conflict.seeCurrent'] }).click();
  await expect(stale).toBeHidden();
  await expect(reviewer.locator('option:checked')).toHaveText(first);

  // Sent again, it goes with the fresh version; the row names the chosen reviewer.
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${claim.folio} asignado a ${first}`)).toBeVisible();
  await expect(row).toContainText(first);
  expect((await api(request, supervisorToken, 'get', `/api/reimbursements/${claim.id}`)).assigneeName).toBe(first);
  await shoot(page, 'U/list-reassign-light');
});
