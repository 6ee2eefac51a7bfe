import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, expect, signIn, test, watchServerErrors } from './fixtures.ts';

// Panel, Notas and Mensajes: two people exchanging messages live in two browsers, notes on a record and on
// /notas, and the dashboard each role starts the day with.

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function person(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  watchServerErrors(context);
  const page = await context.newPage();
  await page.goto('/log-in');
  await signIn(page, email);
  return page;
}

test('two users exchange messages live, with the unread badge and read receipts', async ({ browser }) => {
  const supervisor = await person(browser, 'supervisor@demo.local');
  const analyst = await person(browser, 'analista@demo.local');
  const badge = analyst.getByTestId('messages-badge');
  // The count is known once the attribute is there; before, the badge claims none.
  await expect(badge).toHaveAttribute('data-count', /^\d+$/);
  const before = Number(await badge.getAttribute('data-count'));

  const subject = `Factura ilegible ${unique}`;
  await supervisor.goto('/app/mensajes');
  await expect(supervisor.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  await supervisor.getByRole('button', { name: 'Nueva conversación' }).click();
  const dialog = supervisor.getByRole('dialog', { name: 'Nueva conversación' });
  await dialog.getByLabel('Asunto').fill(subject);
  await dialog.getByLabel('Buscar por nombre').fill('Andrés');
  await dialog.getByText('Andrés Analista', { exact: true }).click();
  await dialog.getByLabel('Mensaje').fill('¿Puedes pedir una copia legible de la factura?');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(supervisor).toHaveURL(/\/app\/mensajes\/\d+$/);
  const conversationUrl = new URL(supervisor.url()).pathname;
  await expect(supervisor.getByTestId('message')).toHaveText([/copia legible/]);
  await expect(supervisor.getByTestId('receipt')).toHaveText('Enviado, aún sin leer');

  // The analyst, on the dashboard, hears of it without reloading: the badge, the dashboard's unread tile (one count,
  // issue 28 item 19) and a notice naming who wrote and on what, without the text, below the header's controls.
  await expect(badge).toHaveAttribute('data-count', String(before + 1));
  await expect(analyst.getByTestId('tile-unreadMessages').getByTestId('tile-count')).toHaveText(String(before + 1));
  const notice = analyst.getByRole('status').filter({ hasText: 'Nuevo mensaje de Sergio Supervisor' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(subject);
  const headerBottom = (await analyst.getByRole('banner').boundingBox())!;
  expect((await notice.boundingBox())!.y, 'the notice leaves the header uncovered').toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
  await expect(analyst.getByText(/copia legible/)).toHaveCount(0);
  await badge.click();
  await expect(analyst).toHaveURL(/\/app\/mensajes$/);
  await analyst.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(analyst).toHaveURL(new RegExp(`${conversationUrl}$`));
  await expect(analyst.getByTestId('message')).toHaveText([/copia legible/]);
  await expect(badge).toHaveAttribute('data-count', String(before));
  await expectNoSeriousViolations(analyst);

  // Reading it shows on the supervisor's screen live; so does the reply.
  await expect(supervisor.getByTestId('receipt')).toHaveText('Leído por Andrés Analista');
  await analyst.getByLabel('Responder').fill('Recibido, la pido hoy.');
  await analyst.getByRole('button', { name: 'Enviar' }).click();
  await expect(supervisor.getByTestId('message')).toHaveText([/copia legible/, /Recibido, la pido hoy/]);
  await expect(analyst.getByTestId('message')).toHaveText([/copia legible/, /Recibido, la pido hoy/]);
  await expectNoSeriousViolations(supervisor);
  await supervisor.context().close();
  await analyst.context().close();
});

test('in Japanese, the notice of a new message names its sender and subject, and the dashboard counts it with the badge', async ({ page, request }) => {
  const supervisor = await apiToken(request, 'supervisor@demo.local');
  const analystId = (await (await request.get('/api/me', { headers: authHeader(await apiToken(request, 'analista@demo.local')) })).json()).user.id as number;
  await signIn(page, 'analista@demo.local', { preferences: { locale: 'ja' } });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const badge = page.getByTestId('messages-badge');
  await expect(badge).toHaveAttribute('data-count', /^\d+$/);
  const before = Number(await badge.getAttribute('data-count'));

  const subject = `判読できない請求書 ${unique}`;
  const sent = await request.post('/api/conversations', { headers: authHeader(supervisor), data: { subject, participantIds: [analystId], body: '本文は通知に出ない' } });
  expect(sent.status()).toBe(201);
  const notice = page.getByRole('status').filter({ hasText: 'Sergio Supervisor さんから新しいメッセージ' });
  await expect(notice).toContainText(subject);
  await expect(page.getByText('本文は通知に出ない')).toHaveCount(0);
  await expect(badge).toHaveAttribute('data-count', String(before + 1));
  await expect(page.getByTestId('tile-unreadMessages').getByTestId('tile-count')).toHaveText(String(before + 1));
});

test('notes on a record: written, pinned, private, corrected, and found on /notas', async ({ page, request }) => {
  const token = await apiToken(request);
  const patients = await (await request.get('/api/patients?pageSize=1', { headers: authHeader(token) })).json();
  const patient = patients.items[0] as { id: number };
  await signIn(page, ADMIN.email, { to: `/app/pacientes/ver/${patient.id}` });
  const panel = page.getByTestId('notes-panel');
  await expect(panel.getByRole('heading', { name: 'Notas' })).toBeVisible();
  const text = `Llamar al titular por la radiografía ${unique}`;
  await panel.getByLabel('Nueva nota').fill(text);
  await panel.getByText('Solo para mí (privada)').click();
  await panel.getByText('Fijar arriba').click();
  await panel.getByRole('button', { name: 'Agregar nota' }).click();
  const note = panel.getByTestId('note').filter({ hasText: unique });
  await expect(note).toContainText('Privada');
  await expect(note).toContainText('Fijada');
  await expect(panel.getByTestId('note').first()).toContainText(unique);
  await expectNoSeriousViolations(page);

  // Inside the 15 minutes the author may correct the text.
  await note.getByRole('button', { name: 'Corregir' }).click();
  await note.getByLabel('Texto de la nota').fill(`${text} (corregida)`);
  await note.getByRole('button', { name: 'Guardar' }).click();
  await expect(note).toContainText('(corregida)');
  await expect(note).toContainText('editada');

  await page.goto('/app/notas?scope=mine');
  await expect(page.getByRole('tab', { name: 'Mías', selected: true })).toBeVisible();
  await page.getByRole('searchbox').fill(unique);
  await page.getByRole('searchbox').press('Enter');
  const found = page.getByTestId('note');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('(corregida)');
  await expectNoSeriousViolations(page);
  await found.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/app/pacientes/ver/${patient.id}$`));
});

test('the doctor, insurer, policyholder and policy screens hold their notes, apart from the record\'s own form', async ({ page, request }) => {
  const token = await apiToken(request);
  const first = async (path: string) => ((await (await request.get(`/api/${path}?pageSize=1`, { headers: authHeader(token) })).json()).items[0] as { id: number }).id;
  await signIn(page, ADMIN.email, { to: null });
  for (const [path, screen] of [
    ['doctors', 'doctores/editar'],
    ['insurers', 'aseguradoras/editar'],
    ['policyholders', 'titulares/editar'],
    ['policies', 'pacientes'],
  ] as const) {
    await page.goto(`/app/${screen}/${await first(path)}`);
    const panel = page.getByTestId('notes-panel');
    await expect(panel.getByRole('heading', { name: 'Notas' })).toBeVisible();
    // The note's form is its own: adding a note neither saves nor submits the record's form around it.
    expect(await panel.evaluate((element) => element.closest('form') === null)).toBe(true);
    const text = `Nota sobre ${path} ${unique}`;
    await panel.getByLabel('Nueva nota').fill(text);
    await panel.getByRole('button', { name: 'Agregar nota' }).click();
    await expect(panel.getByTestId('note').filter({ hasText: text })).toBeVisible();
  }
  await expectNoSeriousViolations(page);
});

test('the dashboard per role: tiles open their filtered lists; supervisors get charts with tables', async ({ browser }) => {
  const verifier = await person(browser, 'verificador@demo.local');
  await verifier.goto('/app/panel/default');
  const mine = verifier.getByTestId('dashboard-section-verifier');
  await expect(mine.getByRole('heading', { name: 'Mis verificaciones' })).toBeVisible();
  await expect(verifier.getByTestId('dashboard-section-supervision')).toHaveCount(0);
  await expectNoSeriousViolations(verifier);
  await mine.getByTestId('tile-myNeedsInfoVerifications').click();
  await expect(verifier).toHaveURL(/\/app\/verificaciones\/nuevas\?assigned=mine&state=needsInfo$/);
  await verifier.context().close();

  const treasury = await person(browser, 'tesoreria@demo.local');
  const toPay = treasury.getByTestId('tile-approvedToPay');
  await expect(toPay).toContainText(/aprobados? por pagar/);
  await treasury.context().close();

  const supervisor = await person(browser, 'supervisor@demo.local');
  await supervisor.goto('/app/dashboard');
  await expect(supervisor.getByRole('heading', { name: 'Volúmenes y tendencias' })).toBeVisible();
  const ageing = supervisor.getByTestId('chart-ageing-verification');
  await expect(ageing.locator('svg.recharts-surface')).toBeVisible();
  await ageing.getByText('Ver como tabla').click();
  const table = ageing.getByRole('table', { name: 'Verificaciones abiertas por estado y antigüedad' });
  await expect(table.getByRole('columnheader', { name: 'Más de 30 días' })).toBeVisible();
  const api = await (await supervisor.request.get('/api/dashboard', { headers: authHeader(await supervisor.evaluate(() => localStorage.getItem('auth_token')!)) })).json();
  const open = api.sections.find((s: { key: string }) => s.key === 'supervision').tiles.find((t: { key: string }) => t.key === 'openVerifications').count;
  const totals = await table.locator('tbody tr td:last-child').allTextContents();
  expect(totals.reduce((sum, cell) => sum + Number(cell.replace(/\D/g, '')), 0)).toBe(open);
  await expectNoSeriousViolations(supervisor);
  await supervisor.context().close();
});

test('Notas and Mensajes: the sort select changes the order a user sees, and a reload keeps it', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = authHeader(token);
  // Earlier tests of this file wrote notes with `unique` too: this one searches for its own word.
  const tag = `orden${unique}`;
  const patient = ((await (await request.get('/api/patients?pageSize=1', { headers })).json()).items as { id: number }[])[0]!;
  for (const word of ['primera', 'segunda']) {
    const made = await request.post('/api/notes', { headers, data: { entityType: 'patient', entityId: patient.id, text: `Orden ${word} ${tag}` } });
    expect(made.status()).toBe(201);
  }
  const analyst = ((await (await request.get('/api/users', { params: { q: 'analista@demo.local' }, headers })).json()).items as { id: number }[])[0]!;
  // "Beta" is written last, so it leads by latest activity and "Alfa" by subject.
  for (const subject of [`Alfa ${tag}`, `Beta ${tag}`]) {
    const made = await request.post('/api/conversations', { headers, data: { subject, participantIds: [analyst.id], body: 'Orden de la lista' } });
    expect(made.status()).toBe(201);
  }

  await signIn(page, ADMIN.email, { to: `/app/notas?q=${tag}` });
  const notes = page.getByTestId('note');
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText('segunda');
  const order = page.getByRole('combobox', { name: 'Orden' });
  await expect(order).toHaveValue('-createdAt');
  await order.selectOption({ label: 'Más antiguas primero' });
  await expect(page).toHaveURL(/[?&]sort=createdAt(&|$)/);
  await expect(notes.first()).toContainText('primera');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Orden' })).toHaveValue('createdAt');
  await expect(notes.first()).toContainText('primera');
  await expect(notes.last()).toContainText('segunda');
  await expectNoSeriousViolations(page);

  await page.goto(`/app/mensajes?q=${tag}`);
  const threads = page.getByTestId('conversation-item');
  await expect(threads).toHaveCount(2);
  await expect(threads.first()).toContainText('Beta');
  await page.getByRole('combobox', { name: 'Orden' }).selectOption({ label: 'Por asunto (A–Z)' });
  await expect(page).toHaveURL(/[?&]sort=subject(&|$)/);
  await expect(threads.first()).toContainText('Alfa');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Orden' })).toHaveValue('subject');
  await expect(threads.first()).toContainText('Alfa');
  await expect(threads.last()).toContainText('Beta');
  await expectNoSeriousViolations(page);
});
