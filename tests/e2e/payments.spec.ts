import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import { expectNoSeriousViolations } from './axe.ts';
import { test, expect, apiToken, authHeader, shoot, signIn, watchServerErrors } from './fixtures.ts';

// Issue 26 in the browser: treasury builds a payment run from the approved claims, a second person approves it after
// a confirmation showing the totals, treasury writes and downloads the bank file, marks it sent and uploads the
// bank's pain.002. In Spanish one transfer is returned (AC04, closed account); the returned claim's account is
// corrected and the claim is paid by the next run, walked in Japanese.

type Catalog = Record<string, string>;
const TREASURY = 'tesoreria@demo.local';
const SUPERVISOR = 'supervisor@demo.local';

/** The bank's answer to `xml`: every transfer settled, the first returned (AC04) when `rejectFirst`. */
function statusReport(xml: string, rejectFirst: boolean, msgId: string): { report: string; rejected: string | null } {
  const original = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)![1]!;
  const rejected = rejectFirst ? /<EndToEndId>([^<]+)<\/EndToEndId>/.exec(xml)![1]! : null;
  const body = [...xml.matchAll(/<PmtInfId>([^<]+)<\/PmtInfId>([\s\S]*?)<\/PmtInf>/g)]
    .map(([, id, rest]) => {
      const txs = [...rest!.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)]
        .map(([, e2e]) =>
          e2e === rejected
            ? `<TxInfAndSts><OrgnlEndToEndId>${e2e}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Cuenta cerrada</AddtlInf></StsRsnInf></TxInfAndSts>`
            : `<TxInfAndSts><OrgnlEndToEndId>${e2e}</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts>`,
        )
        .join('');
      return `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${id}</OrgnlPmtInfId>${txs}</OrgnlPmtInfAndSts>`;
    })
    .join('');
  const report =
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>` +
    `<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>2026-11-25T09:00:00</CreDtTm></GrpHdr>` +
    `<OrgnlGrpInfAndSts><OrgnlMsgId>${original}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>${body}</CstmrPmtStsRpt></Document>`;
  return { report, rejected };
}

/**
 * Each person in a browser of their own (a language chosen in the header stays in that browser), signed in and,
 * for another language than Spanish, switched to it from the header.
 */
async function signInSpeaking(browser: Browser, opened: BrowserContext[], email: string, to: string, locale: 'es' | 'ja'): Promise<Page> {
  const { baseURL, locale: browserLocale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale: browserLocale, acceptDownloads: true });
  opened.push(context);
  watchServerErrors(context);
  const page = await context.newPage();
  await signIn(page, email, { to });
  if (locale !== 'es') await page.getByRole('combobox', { name: es['header.language'] }).selectOption(locale);
  return page;
}

/** The whole walk in one language (`c` its catalog); answers the claim the bank returned, if any. */
async function walkRun(browser: Browser, opened: BrowserContext[], locale: 'es' | 'ja', c: Catalog, rejectFirst: boolean): Promise<string | null> {
  const state = (name: string) => c[`machine.paymentRun.state.${name}`]!;
  const action = (event: string) => c[`payments.event.${event}.action`]!;
  let page = await signInSpeaking(browser, opened, TREASURY, '/app/pagos/nueva', locale);
  await expect(page.getByRole('heading', { name: c['payments.newTitle'] })).toBeVisible();
  const pick = new RegExp(c['payments.pickClaim']!.replace('{folio}', 'REE-\\d{4}-\\d{6}'));
  const boxes = page.getByRole('checkbox', { name: pick });
  await expect(boxes.first()).toBeVisible();
  // The box is drawn over Chakra's hidden input: the click goes to what the user sees.
  for (let n = 0, count = await boxes.count(); n < count; n++) await boxes.nth(n).check({ force: true });
  await page.getByRole('button', { name: c['payments.create'] }).click();
  await expect(page).toHaveURL(/\/app\/pagos\/\d+$/);
  const runUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('run-state')).toHaveText(state('draft'));
  await page.getByRole('button', { name: action('SUBMIT') }).click();
  await expect(page.getByTestId('run-state')).toHaveText(state('submitted'));
  // Treasury does not approve its own run: the action is not offered.
  await expect(page.getByRole('button', { name: action('APPROVE') })).toHaveCount(0);

  page = await signInSpeaking(browser, opened, SUPERVISOR, runUrl, locale);
  await page.getByRole('button', { name: action('APPROVE') }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByTestId('run-confirm')).toBeVisible();
  await confirm.getByRole('button', { name: action('APPROVE') }).click();
  await expect(page.getByTestId('run-state')).toHaveText(state('approved'));

  page = await signInSpeaking(browser, opened, TREASURY, runUrl, locale);
  await page.getByRole('button', { name: action('GENERATE') }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: action('GENERATE') }).click();
  await expect(page.getByTestId('run-state')).toHaveText(state('generated'));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: c['payments.file.download'] }).click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const xml = Buffer.concat(chunks).toString('utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(download.suggestedFilename()).toMatch(/^PAG-\d{4}-\d{6}\.xml$/);
  // Accounts are masked; one is shown in full on request (the server audits it) and is the one the file pays.
  const folio = /<EndToEndId>([^<]+)<\/EndToEndId>/.exec(xml)![1]!;
  await page.getByRole('button', { name: c['payments.revealFor']!.replace('{folio}', folio) }).click();
  await expect(page.getByTestId(`account-${folio}`)).not.toContainText('•');
  const shown = (await page.getByTestId(`account-${folio}`).textContent())!.split(' ')[1]!;
  expect(xml).toContain(shown);

  await page.getByRole('button', { name: action('MARK_SENT') }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: action('MARK_SENT') }).click();
  await expect(page.getByTestId('run-state')).toHaveText(state('sent'));

  const { report, rejected } = statusReport(xml, rejectFirst, `BANCO-E2E-${locale}`);
  await page.getByLabel(c['payments.report.file']!).setInputFiles({ name: 'pain002.xml', mimeType: 'application/xml', buffer: Buffer.from(report) });
  await page.getByRole('button', { name: c['payments.report.upload'] }).click();
  if (rejected) {
    await expect(page.getByText(c['payments.report.returned']!.replace('{folio}', rejected).replace('{reason}', 'AC04 Cuenta cerrada'))).toBeVisible();
    await expect(page.getByTestId('run-state')).toHaveText(state('partiallyRejected'));
    await expect(page.getByTestId(`item-${rejected}`)).toContainText(c['payments.bank.rejected']!);
    // The header counts the returned transfer apart from what the run paid.
    await expect(page.getByTestId('returned-totals')).toContainText(locale === 'es' ? '1 devuelto por el banco: ' : '銀行から返却 1 件：');
  } else {
    await expect(page.getByTestId('run-state')).toHaveText(state('settled'));
  }
  if (locale === 'es') await lookAtRun(page, runUrl);
  return rejected;
}

/** The run's page and the runs' list, checked with axe and pictured as people see them: dark right to left, a 390 px phone. */
async function lookAtRun(page: Page, runUrl: string) {
  await expectNoSeriousViolations(page);
  await page.goto('/app/pagos');
  await expect(page.getByRole('heading', { level: 1, name: es['area.payments.list'] })).toBeVisible();
  await expectNoSeriousViolations(page);
  for (const look of [
    { name: 'dark-rtl', preferences: { currentTheme: 'dark', direction: 'rtl' }, width: 1280 },
    { name: '390', preferences: { currentTheme: 'light', direction: 'ltr' }, width: 390 },
  ]) {
    await page.setViewportSize({ width: look.width, height: 900 });
    await page.evaluate((p) => localStorage.setItem('preferences', JSON.stringify(p)), look.preferences);
    for (const [name, url] of [['runs', '/app/pagos'], ['run', runUrl]] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (name === 'run' && look.width === 390) {
        // On a phone each claim of the run is a card: nothing scrolls sideways.
        await expect(page.getByTestId('run-item-cards').getByRole('listitem').first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      }
      await shoot(page, `payments-${name}-${look.name}`, { fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('preferences', JSON.stringify({ currentTheme: 'light', direction: 'ltr' })));
}

/**
 * The returned claim says so in the list's filter, on its page and in its history; treasury corrects its payee
 * account on the holder's page: the bank's reason shows there, a wrong
 * check digit is refused in Spanish under the field, a valid CBU clears the mark.
 */
async function correctAccount(browser: Browser, opened: BrowserContext[], request: APIRequestContext, folio: string) {
  const token = await apiToken(request, TREASURY);
  const claims = await (await request.get(`/api/reimbursements?q=${folio}&pageSize=5`, { headers: authHeader(token) })).json();
  const claim = claims.items.find((r: { folio: string }) => r.folio === folio);
  const policy = await (await request.get(`/api/policies/${claim.policyId}`, { headers: authHeader(token) })).json();
  // The returned claim is in the general list's "returned payments" filter, and its page and history say why.
  const page = await signInSpeaking(browser, opened, TREASURY, '/app/reembolsos/general?payment=returned', 'es');
  await expect(page.getByText(folio, { exact: true }).first()).toBeVisible();
  await page.goto(`/app/reembolsos/editar/${claim.verificationId}/${claim.id}`);
  await expect(page.getByTestId('returned-payment')).toHaveText(es['reimbursements.returnedPayment'].replace('{reason}', `AC04 ${es['bankReason.AC04']}`));
  await expect(page.getByTestId('history-timeline')).toContainText(es['reimbursements.event.PAYMENT_RETURNED']);
  await expect(page.getByTestId('history-timeline')).toContainText('AC04 Cuenta cerrada');
  // Treasury does not pay blind (issue 28 item 7): the pay dialog says how much, to whom and to which account, masked;
  // the documents treasury may not read are said to be hidden, not absent.
  await expect(page.getByText(es['reimbursements.documents.notVisible'])).toBeVisible();
  await page.getByRole('button', { name: es['reimbursements.event.PAY'] }).click();
  const summary = page.getByRole('alertdialog').getByTestId('pay-summary');
  await expect(summary).toContainText(es['payments.payee.HOLDER']);
  await expect(summary).toContainText(claim.currency);
  await expect(summary.getByTestId('pay-summary-account')).toContainText('•');
  await shoot(page, 'claim-pay-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await shoot(page, 'claim-returned-payment', { fullPage: true });
  await page.goto(`/app/titulares/editar/${policy.policyholderId}`);
  const panel = page.getByTestId('payee-account');
  await expect(panel.getByTestId('payee-account-correction')).toContainText('AC04 Cuenta cerrada');
  await shoot(page, 'payee-account-correction');
  await panel.getByRole('button', { name: es['payeeAccount.edit'] }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(es['payeeAccount.field.scheme']).selectOption('CBU');
  const number = dialog.getByLabel(es['payeeAccount.field.number.CBU']);
  await number.fill('2850590940090418135202');
  await dialog.getByRole('button', { name: es['payeeAccount.save'] }).click();
  await expect(dialog.getByText(es['payeeAccount.checkDigit'])).toBeVisible();
  await shoot(page, 'payee-account-dialog-error');
  await number.fill('2850590940090418135201');
  await dialog.getByRole('button', { name: es['payeeAccount.save'] }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('payee-account-correction')).toHaveCount(0);
  await expect(panel.getByTestId('payee-account-number')).toHaveText('••••••••5201');
  await panel.getByRole('button', { name: es['payments.reveal'] }).click();
  // The CBU's first three digits are its bank code, shown beside the number.
  await expect(panel.getByTestId('payee-account-number')).toHaveText(/^2850590940090418135201\b/);
}

test('treasury → second approver → file downloaded → report with a return; the returned claim, corrected, is paid by the next run in Japanese', async ({ browser, request }) => {
  const opened: BrowserContext[] = [];
  try {
    const returned = await walkRun(browser, opened, 'es', es, true);
    expect(returned).not.toBeNull();
    await correctAccount(browser, opened, request, returned!);
    await walkRun(browser, opened, 'ja', ja, false);
  } finally {
    for (const context of opened) await context.close();
  }
});
