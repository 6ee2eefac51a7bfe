import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, shoot, signIn, storePreferences } from './fixtures.ts';
import { activeDoctor, api, daysAgo, insuredPatient, submitWithDocuments } from './reimbursement-support.ts';

const catalogs = Object.fromEntries(['es', 'en', 'ja'].map((lang) => [lang, JSON.parse(readFileSync(`src/i18n/messages/${lang}.json`, 'utf8')) as Record<string, string>]));
const es = catalogs.es!;
const en = catalogs.en!;

// Issue 28 item 5: the dental auditor's medical review is recorded with a result, findings and the lines it changes,
// confirmed before it is sent, and shown on the record (and, tested through the API, in the liquidation PDF).

/** A claim with a crown (a major procedure, always sampled for the auditor, R12) and a cleaning, in review. */
async function sampledClaim(request: APIRequestContext, lastName: string) {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const patient = await insuredPatient(request, admin, 'Nora', lastName);
  const pending = await api(request, admin, 'post', '/api/verifications', { patientId: patient.id, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: daysAgo(2) });
  const started = await api(request, admin, 'post', `/api/verifications/${pending.id}/events`, { type: 'START', version: pending.version });
  await api(request, admin, 'post', `/api/verifications/${pending.id}/events`, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-MR-${lastName}`, version: started.version });
  const draft = await api(request, analyst, 'post', '/api/reimbursements', {
    verificationId: pending.id,
    doctorId: await activeDoctor(request, admin),
    invoiceNumber: `F-${Date.now().toString(36)}`,
    invoiceDate: daysAgo(1),
    lines: [
      { procedureCode: 'D2740', tooth: '21', serviceDate: daysAgo(1), chargedCents: 60_000 },
      { procedureCode: 'D1110', serviceDate: daysAgo(1), chargedCents: 9_000 },
    ],
  });
  const submitted = await submitWithDocuments(request, analyst, draft);
  expect(submitted.state).toBe('inReview');
  expect(submitted.medicalReview.reasons).toContain('majorProcedure');
  return `/app/reembolsos/editar/${pending.id}/${draft.id}`;
}

/** The record again in another language or look, once its review, history and liquidation are on screen (for the screenshots). */
const useLanguage = async (page: Page, locale: string, look: Record<string, string> = {}) => {
  await storePreferences(page, { locale, ...look });
  await page.reload();
  await expect(page.getByTestId('payable-total')).toBeVisible();
  await expect(page.getByTestId('history-timeline').getByRole('listitem').first()).toBeVisible();
};

test('the auditor reduces a line with findings and a reason, confirms, and reads the review on the record (Spanish)', async ({ page, request }) => {
  const record = await sampledClaim(request, 'Reducción');
  await signIn(page, 'auditor@demo.local', { to: record });
  await page.getByTestId('workflow-actions').getByRole('button', { name: es['reimbursements.event.COMPLETE_MEDICAL_REVIEW'], exact: true }).click();
  const form = page.getByTestId('medical-review');
  await form.getByText(es['reimbursements.medical.result.REDUCE'], { exact: true }).click();
  // Nothing is sent without findings and a reduced line: both are said where the auditor types.
  await form.getByRole('button', { name: es['reimbursements.medical.next'] }).click();
  await expect(form.getByText(es['form.required'].replace('{label}', es['reimbursements.medical.findings']))).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText(es['reimbursements.medical.needsReduction']);
  await form.getByLabel(es['reimbursements.medical.findings']).fill('La radiografía muestra una restauración amplia: se cubre una incrustación, no una corona.');
  await form.getByLabel(es['reimbursements.medical.attachment']).selectOption({ index: 1 });
  const crown = form.getByRole('listitem', { name: es['reimbursements.approval.line'].replace('{n}', '1').replace('{code}', 'D2740') });
  await crown.getByText(es['reimbursements.approval.decision.REDUCE'], { exact: true }).click();
  await crown.getByLabel(es['reimbursements.approval.amount'].replace('{currency}', 'EUR')).fill('150,00');
  await crown.getByLabel(es['reimbursements.review.reductionReason']).selectOption({ index: 1 });
  await expectNoSeriousViolations(page);
  await shoot(page, 'medical-review-dialog-es');
  await form.getByRole('button', { name: es['reimbursements.medical.next'] }).click();

  // The confirmation says what will be recorded; going back keeps what was typed.
  const confirm = page.getByTestId('medical-review-confirm');
  await expect(confirm.getByRole('heading', { name: es['reimbursements.medical.confirmTitle'] })).toBeVisible();
  await expect(confirm.getByTestId('review-changes')).toContainText(/Reducida a 150,00/);
  await confirm.getByRole('button', { name: es['reimbursements.medical.back'] }).click();
  await expect(form.getByLabel(es['reimbursements.medical.findings'])).toHaveValue(/restauración amplia/);
  await form.getByRole('button', { name: es['reimbursements.medical.next'] }).click();
  await confirm.getByRole('button', { name: es['reimbursements.medical.confirm'] }).click();
  await expect(confirm).toBeHidden();

  const panel = page.getByRole('region', { name: es['reimbursements.medical.title'] });
  await expect(panel).toContainText(es['reimbursements.medical.result.REDUCE']);
  await expect(panel).toContainText('se cubre una incrustación');
  await expect(panel).toContainText(/Reducida a 150,00/);
  await expect(panel).toContainText('.pdf');
  await expect(page.getByTestId('history-timeline')).toContainText(es['reimbursements.event.COMPLETE_MEDICAL_REVIEW']);
  // Item 6: the reduced line reads "Reducida", with its reason and what the review cut; the cleaning stays "Aprobada".
  const lines = page.getByTestId('lines');
  const reduced = lines.locator('tr[data-decision="REDUCED"]');
  await expect(reduced).toContainText('D2740');
  await expect(reduced).toContainText(es['reimbursements.lineStatus.REDUCED']);
  await expect(reduced).toContainText(/01 · /);
  await expect(reduced.getByTestId('review-cut')).toContainText(/Recortado por la revisión: 125,00/);
  await expect(lines.locator('tr[data-decision="APPROVED"]')).toContainText('D1110');
  await expect(page.getByRole('region', { name: es['reimbursements.review.preview'] }).locator('tr', { hasText: 'D2740' })).toContainText(es['reimbursements.lineStatus.REDUCED']);
  await expectNoSeriousViolations(page);
  await shoot(page, 'medical-review-record-light', { fullPage: true });
  await useLanguage(page, 'es', { currentTheme: 'dark' });
  await expect(panel).toBeVisible();
  await shoot(page, 'medical-review-record-dark', { fullPage: true });
  await useLanguage(page, 'es', { currentTheme: 'light', direction: 'rtl' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shoot(page, 'medical-review-record-rtl', { fullPage: true });
  await useLanguage(page, 'ja', { direction: 'ltr' });
  await expect(page.getByRole('region', { name: catalogs.ja!['reimbursements.medical.title'] })).toBeVisible();
  await shoot(page, 'medical-review-record-ja', { fullPage: true });
  await useLanguage(page, 'es');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeVisible();
  await shoot(page, 'medical-review-record-390', { fullPage: true });
});

test('in English: the auditor agrees without findings, after a confirmation, and the approver may then approve', async ({ page, request }) => {
  const record = await sampledClaim(request, 'Acuerdo');
  await signIn(page, 'auditor@demo.local', { to: record });
  await useLanguage(page, 'en');
  await page.getByTestId('workflow-actions').getByRole('button', { name: en['reimbursements.event.COMPLETE_MEDICAL_REVIEW'], exact: true }).click();
  const form = page.getByTestId('medical-review');
  await expect(form.getByText(en['reimbursements.medical.result.AGREE'], { exact: true })).toBeVisible();
  await form.getByRole('button', { name: en['reimbursements.medical.next'] }).click();
  const confirm = page.getByTestId('medical-review-confirm');
  await expect(confirm).toContainText(en['reimbursements.medical.agreeSummary']);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'medical-review-confirm-390-en');
  await confirm.getByRole('button', { name: en['reimbursements.medical.confirm'] }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('region', { name: en['reimbursements.medical.title'] })).toContainText(en['reimbursements.medical.result.AGREE']);
  await expect(page.getByTestId('workflow-actions').getByRole('button', { name: en['reimbursements.event.APPROVE'], exact: true })).toBeVisible();
  await useLanguage(page, 'es');
});

test('a paid claim\'s header says what was paid and when, not "A pagar" (Spanish and English)', async ({ page, request }) => {
  const admin = await apiToken(request);
  const [paid] = (await api(request, admin, 'get', '/api/reimbursements?state=paid&kind=GENERAL')).items as { id: number; verificationId: number }[];
  const claim = await api(request, admin, 'get', `/api/reimbursements/${paid!.id}`);
  await signIn(page, 'supervisor@demo.local', { to: `/app/reembolsos/editar/${claim.verificationId}/${claim.id}` });
  const header = page.getByTestId('payable-total');
  const day = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${claim.paidOn}T00:00:00Z`));
  await expect(header).toHaveText(new RegExp(`^${es['reimbursements.review.paidTotal']}: .+ · ${day('es')}$`));
  await expect(header).not.toContainText(es['reimbursements.liquidation.payable']);
  await useLanguage(page, 'en');
  await expect(header).toHaveText(new RegExp(`^${en['reimbursements.review.paidTotal']}: .+ · ${day('en')}$`));
  await useLanguage(page, 'es');
});
