import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, authHeader, expect, signIn, test, watchServerErrors } from './fixtures.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// A file sent in a conversation: chosen in the reply box, shown to the other participant live with its name and
// size, and downloaded by them byte for byte. A file the server would refuse is stopped before it is sent.

const PDF = Buffer.from(textPdf(['Presupuesto de ortodoncia', 'Total 1.250.000']));

async function person(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  watchServerErrors(context);
  const page = await context.newPage();
  await page.goto('/log-in');
  await signIn(page, email);
  return page;
}

test('a participant sends a file; the other sees it live with its name and size and downloads it', async ({ browser, request }) => {
  // Two signed-in browsers and three uploads on a machine that may be busy.
  test.setTimeout(hangLimit(120_000));
  const supervisorToken = await apiToken(request, 'supervisor@demo.local');
  const analystId = (await (await request.get('/api/me', { headers: authHeader(await apiToken(request, 'analista@demo.local')) })).json()).user.id as number;
  const subject = `Presupuesto ${Date.now().toString(36)}`;
  const created = await request.post('/api/conversations', { headers: authHeader(supervisorToken), data: { subject, participantIds: [analystId], body: 'Te paso el presupuesto.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const supervisor = await person(browser, 'supervisor@demo.local');
  const analyst = await person(browser, 'analista@demo.local');
  await analyst.goto(`/app/mensajes/${id}`);
  await expect(analyst.getByTestId('message')).toHaveText([/presupuesto/]);

  await supervisor.goto(`/app/mensajes/${id}`);
  const input = supervisor.locator('input[type=file]');
  // A file the server would refuse is stopped here, with the reason, and cannot be sent.
  await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(supervisor.getByText('Solo se pueden adjuntar archivos PDF, JPG o PNG.')).toBeVisible();
  await expect(supervisor.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await supervisor.getByRole('button', { name: 'Quitar el archivo notas.txt' }).click();
  await expect(supervisor.getByTestId('chosen-file')).toHaveCount(0);

  await input.setInputFiles({ name: 'presupuesto-ortodoncia.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(supervisor.getByTestId('chosen-file')).toContainText('presupuesto-ortodoncia.pdf');
  await supervisor.getByLabel('Responder').fill('Adjunto el presupuesto firmado.');
  await supervisor.getByRole('button', { name: 'Enviar' }).click();
  // The server opens the PDF with every page before it stores it: give a busy machine time.
  await expect(supervisor.getByTestId('chosen-file')).toHaveCount(0, { timeout: hangLimit(30_000) });
  const sent = supervisor.getByTestId('message').last();
  await expect(sent).toContainText('Adjunto el presupuesto firmado.');
  await expect(sent.getByTestId('message-file')).toHaveText(/presupuesto-ortodoncia\.pdf\s*<1 kB/);
  await expectNoSeriousViolations(supervisor);

  // The analyst's open conversation gets it without a reload; the download is the same file.
  const file = analyst.getByRole('button', { name: 'Descargar presupuesto-ortodoncia.pdf (<1 kB)' });
  await expect(file).toBeVisible({ timeout: hangLimit(30_000) });
  await expect(analyst.getByTestId('message')).toHaveText([/presupuesto/, /Adjunto el presupuesto firmado/]);
  const [download] = await Promise.all([analyst.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename()).toBe('presupuesto-ortodoncia.pdf');
  expect(fs.readFileSync((await download.path())!)).toEqual(PDF);
  await expectNoSeriousViolations(analyst);

  // A file alone, without text, is a message too; chosen and sent with the keyboard.
  const attach = analyst.getByRole('button', { name: 'Adjuntar archivo' });
  await expect(attach).toBeEnabled();
  const [chooser] = await Promise.all([analyst.waitForEvent('filechooser'), attach.press('Enter')]);
  await chooser.setFiles({ name: 'recibo.pdf', mimeType: 'application/pdf', buffer: PDF });
  await analyst.getByRole('button', { name: 'Enviar' }).click();
  await expect(supervisor.getByRole('button', { name: 'Descargar recibo.pdf (<1 kB)' })).toBeVisible({ timeout: hangLimit(30_000) });
  await supervisor.context().close();
  await analyst.context().close();
});

test('several files go in one message: chosen together or one after another, one removed, the rest arrive live in order', async ({ browser, request }) => {
  test.setTimeout(hangLimit(120_000));
  const supervisorToken = await apiToken(request, 'supervisor@demo.local');
  const analystId = (await (await request.get('/api/me', { headers: authHeader(await apiToken(request, 'analista@demo.local')) })).json()).user.id as number;
  const created = await request.post('/api/conversations', {
    headers: authHeader(supervisorToken),
    data: { subject: `Varios archivos ${Date.now().toString(36)}`, participantIds: [analystId], body: 'Van los papeles.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });

  const supervisor = await person(browser, 'supervisor@demo.local');
  const analyst = await person(browser, 'analista@demo.local');
  await analyst.goto(`/app/mensajes/${id}`);
  await expect(analyst.getByTestId('message')).toHaveText([/papeles/]);
  await supervisor.goto(`/app/mensajes/${id}`);
  const input = supervisor.locator('input[type=file]');

  // More than ten files are stopped before sending, with the reason.
  await input.setInputFiles(Array.from({ length: 11 }, (_, i) => pdf(`hoja-${i + 1}.pdf`)));
  await expect(supervisor.getByTestId('chosen-file')).toHaveCount(11);
  await expect(supervisor.getByText('Un mensaje lleva como máximo 10 archivos: quite alguno.')).toBeVisible();
  await expect(supervisor.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  for (let i = 1; i <= 11; i++) await supervisor.getByRole('button', { name: `Quitar el archivo hoja-${i}.pdf` }).click();
  await expect(supervisor.getByTestId('chosen-file')).toHaveCount(0);

  // Two chosen at once, a third added after, the middle one removed: two go, in the order chosen.
  await input.setInputFiles([pdf('factura.pdf'), pdf('borrador.pdf')]);
  await input.setInputFiles([pdf('receta.pdf')]);
  await expect(supervisor.getByRole('list', { name: '3 archivos que se enviarán' }).getByTestId('chosen-file')).toHaveText([/factura\.pdf/, /borrador\.pdf/, /receta\.pdf/]);
  await supervisor.getByRole('button', { name: 'Quitar el archivo borrador.pdf' }).click();
  await expect(supervisor.getByTestId('chosen-file')).toHaveText([/factura\.pdf/, /receta\.pdf/]);
  await expectNoSeriousViolations(supervisor);
  await supervisor.getByRole('button', { name: 'Enviar' }).click();
  await expect(supervisor.getByTestId('chosen-file')).toHaveCount(0, { timeout: hangLimit(30_000) });
  await expect(supervisor.getByTestId('message').last().getByTestId('message-file')).toHaveText([/factura\.pdf/, /receta\.pdf/]);

  // The analyst gets the one message with both files without a reload, and each downloads as itself.
  const files = analyst.getByTestId('message').last().getByTestId('message-file');
  await expect(files).toHaveText([/factura\.pdf/, /receta\.pdf/], { timeout: hangLimit(30_000) });
  await expect(analyst.getByTestId('message')).toHaveCount(2);
  const [download] = await Promise.all([analyst.waitForEvent('download'), analyst.getByRole('button', { name: 'Descargar receta.pdf (<1 kB)' }).click()]);
  expect(download.suggestedFilename()).toBe('receta.pdf');
  expect(fs.readFileSync((await download.path())!)).toEqual(PDF);
  await expectNoSeriousViolations(analyst);
  await supervisor.context().close();
  await analyst.context().close();
});
