import { type Route } from '@playwright/test';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import { test, expect, apiToken, signIn } from './fixtures.ts';
import { activeDoctor, api, daysAgo, insuredPatient, pdfFile, pngFile, verifiedVerification } from './reimbursement-support.ts';

// Issue 28 item 13: several files chosen at once each get a row with its own state — waiting, uploading,
// processing (the server checking it), done, failed with the reason and a retry — and a refused file keeps the others.

test('three files: each row says where it is; the refused one keeps its reason and the others; a retry sends it again', async ({ page, request }) => {
  const admin = await apiToken(request);
  const analyst = await apiToken(request, 'analista@demo.local');
  const verification = await verifiedVerification(request, (await insuredPatient(request, admin, 'Nuria', 'Vidal')).id);
  const serviceDate = daysAgo(1);
  const draft = await api(request, analyst, 'post', '/api/reimbursements', {
    verificationId: verification.id,
    doctorId: await activeDoctor(request, admin),
    invoiceNumber: `F-UP-${Date.now().toString(36)}`,
    invoiceDate: serviceDate,
    lines: [{ procedureCode: 'D0120', serviceDate, chargedCents: 6000 }],
  });

  // The first upload waits until the list was read; the third one's first attempt is cut off (no connection).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let posts = 0;
  await page.route('**/api/attachments', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts === 1) await held;
    if (posts === 3) return route.abort('internetdisconnected');
    return route.continue();
  });
  await signIn(page, 'analista@demo.local', { to: `/app/reembolsos/editar/${verification.id}/${draft.id}` });

  const broken = { name: 'roto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('esto no es un PDF') };
  await page.getByLabel(es['reimbursements.documents.choose']).setInputFiles([pdfFile('factura.pdf'), broken, pngFile('recibo.png')]);
  const rows = page.getByRole('list', { name: es['reimbursements.documents.queue'] }).getByRole('listitem');
  const state = (n: number) => rows.nth(n).getByTestId('upload-state');
  await expect(rows).toHaveCount(3);
  // One at a time: the first is being sent or checked, the other two wait their turn; sizes under 1 KB say so.
  await expect(state(0)).toHaveText(new RegExp(`^(${es['reimbursements.documents.state.processing']}|${es['reimbursements.documents.state.uploading'].replace('{percent}', '.*')})$`));
  await expect(state(1)).toHaveText(es['reimbursements.documents.state.waiting']);
  await expect(state(2)).toHaveText(es['reimbursements.documents.state.waiting']);
  await expect(rows.nth(1)).toContainText('roto.pdf · <1 kB');
  release();

  await expect(state(0)).toHaveText(es['reimbursements.documents.state.done']);
  await expect(state(1)).toHaveText(es['reimbursements.documents.state.failed']);
  await expect(rows.nth(1).getByRole('alert')).toHaveText(es['code.attachment.type']);
  await expect(state(2)).toHaveText(es['reimbursements.documents.state.failed']);
  await expect(rows.nth(2).getByRole('alert')).toHaveText(es['code.network.unreachable']);
  // The accepted file is on the record already; the refused ones are not, and lost nothing of the others.
  const attached = page.getByRole('list', { name: es['reimbursements.documents.attached'] });
  await expect(attached.getByRole('listitem')).toHaveCount(1);

  await rows.nth(2).getByRole('button', { name: es['reimbursements.documents.retry'] }).click();
  await expect(state(2)).toHaveText(es['reimbursements.documents.state.done']);
  await expect(attached.getByRole('listitem')).toHaveCount(2);
  await expect(state(1)).toHaveText(es['reimbursements.documents.state.failed']);
  await rows.nth(1).getByRole('button', { name: es['common.close'] }).click();
  await expect(rows).toHaveCount(2);
});
