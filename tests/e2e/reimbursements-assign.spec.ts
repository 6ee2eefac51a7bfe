import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, signIn } from './fixtures.ts';
import { activeDoctor, insuredPatient, submittedReimbursement } from './reimbursement-support.ts';

const es = JSON.parse(readFileSync('src/i18n/messages/es.json', 'utf8')) as Record<string, string>;
const ja = JSON.parse(readFileSync('src/i18n/messages/ja.json', 'utf8')) as Record<string, string>;

test('a supervisor reassigns a reimbursement to another reviewer from its record; the list shows the new assignee; axe clean in light, dark right-to-left and Japanese at 390 px', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  await signIn(page, 'supervisor@demo.local');
  await page.goto(`/app/reembolsos/editar/${claim.verificationId}/${claim.id}`);
  await page.getByRole('button', { name: es['reimbursements.assign.open'] }).click();
  const dialog = page.getByRole('dialog', { name: es['reimbursements.assign.title'] });
  await expect(dialog).toBeVisible();

  // Sent without a choice, the field says what is missing.
  await dialog.getByRole('button', { name: es['reimbursements.assign.submit'] }).click();
  await expect(dialog.getByText(es['reimbursements.assign.choose']).last()).toBeVisible();
  const reviewer = dialog.getByLabel(es['reimbursements.assign.reviewer']);
  // The analyst who made it is not offered (they may not approve it).
  await expect(reviewer.locator('option', { hasText: 'Analista' })).toHaveCount(0);
  await reviewer.selectOption({ index: 1 });
  const chosen = (await reviewer.locator('option:checked').textContent())!.trim();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: '/tmp/shots/U/assign-light.png' });
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
    await page.evaluate((p) => localStorage.setItem('preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('preferences') ?? '{}'), ...p })), preferences);
    await page.goto(`/app/reembolsos/editar/${claim.verificationId}/${claim.id}`);
    const texts = preferences.locale === 'ja' ? ja : es;
    await page.getByRole('button', { name: texts['reimbursements.assign.open'] }).click();
    await expect(page.getByRole('dialog', { name: texts['reimbursements.assign.title'] })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `/tmp/shots/U/assign-${name}.png` });
  }
});

test('a reviewer who is not a supervisor is not offered to reassign; they can only take the claim', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin);
  const claim = await submittedReimbursement(request, analyst, patient.id, await activeDoctor(request, admin));
  await signIn(page, 'auditor@demo.local');
  await page.goto(`/app/reembolsos/editar/${claim.verificationId}/${claim.id}`);
  await expect(page.getByRole('button', { name: es['reimbursements.event.ASSIGN'] })).toBeVisible();
  await expect(page.getByRole('button', { name: es['reimbursements.assign.open'] })).toHaveCount(0);
});
