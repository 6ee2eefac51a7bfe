import { test, expect, signIn } from './fixtures.ts';

// Issue 26 in the browser: treasury builds a payment run from the demo's approved claims, a second person approves
// it after a confirmation showing the totals, treasury writes and downloads the bank file, marks it sent and
// uploads the bank's pain.002 with one rejection; the run ends partly rejected and names the returned claim.

const TREASURY = 'tesoreria@demo.local';
const SUPERVISOR = 'supervisor@demo.local';

/** The bank's answer to `xml`: every transfer settled but the first, closed account (AC04). */
function statusReport(xml: string): { report: string; rejected: string } {
  const msgId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)![1]!;
  const groups = [...xml.matchAll(/<PmtInfId>([^<]+)<\/PmtInfId>([\s\S]*?)<\/PmtInf>/g)];
  const rejected = /<EndToEndId>([^<]+)<\/EndToEndId>/.exec(xml)![1]!;
  const body = groups
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
    `<GrpHdr><MsgId>BANCO-E2E-1</MsgId><CreDtTm>2026-11-25T09:00:00</CreDtTm></GrpHdr>` +
    `<OrgnlGrpInfAndSts><OrgnlMsgId>${msgId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>${body}</CstmrPmtStsRpt></Document>`;
  return { report, rejected };
}

test('treasury → second approver → file downloaded → bank report uploaded, in Spanish', async ({ page }) => {
  await signIn(page, TREASURY, { to: '/app/pagos/nueva' });
  await expect(page.getByRole('heading', { name: 'Nueva remesa de pago' })).toBeVisible();
  const boxes = page.getByRole('checkbox', { name: /^Incluir REE-/ });
  await expect(boxes.first()).toBeVisible();
  const count = await boxes.count();
  // The box is drawn over Chakra's hidden input: the click goes to what the user sees.
  for (let n = 0; n < count; n++) await boxes.nth(n).check({ force: true });
  await page.getByRole('button', { name: 'Crear remesa' }).click();
  await expect(page).toHaveURL(/\/app\/pagos\/\d+$/);
  const runUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('run-state')).toHaveText('Borrador');
  await page.getByRole('button', { name: 'Presentar' }).click();
  await expect(page.getByTestId('run-state')).toHaveText('Presentada');
  // Treasury does not approve its own run: the action is not offered.
  await expect(page.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);

  await signIn(page, SUPERVISOR, { to: runUrl });
  await page.getByRole('button', { name: 'Aprobar' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByTestId('run-confirm')).toContainText(/\d+ pagos?:/);
  await confirm.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByTestId('run-state')).toHaveText('Aprobada');

  await signIn(page, TREASURY, { to: runUrl });
  await page.getByRole('button', { name: 'Generar archivo' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Generar archivo' }).click();
  await expect(page.getByTestId('run-state')).toHaveText('Archivo generado');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar archivo' }).click();
  const download = await downloading;
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const xml = Buffer.concat(chunks).toString('utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(download.suggestedFilename()).toMatch(/^PAG-\d{4}-\d{6}\.xml$/);

  await page.getByRole('button', { name: 'Marcar enviada' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Marcar enviada' }).click();
  await expect(page.getByTestId('run-state')).toHaveText('Enviada al banco');

  const { report, rejected } = statusReport(xml);
  await page.getByLabel('Informe de estado del banco').setInputFiles({ name: 'pain002.xml', mimeType: 'application/xml', buffer: Buffer.from(report) });
  await page.getByRole('button', { name: 'Cargar informe' }).click();
  await expect(page.getByText(`Pago devuelto: ${rejected} — AC04 Cuenta cerrada`)).toBeVisible();
  await expect(page.getByTestId('run-state')).toHaveText('Pagada con devoluciones');
  await expect(page.getByTestId(`item-${rejected}`)).toContainText('Devuelto');
});
