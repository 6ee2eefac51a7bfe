import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '../support/csv.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, expect, signIn, test } from './fixtures.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// An export of a filtered list, from the list's own "Exportar" to the file on disk, as CSV and as XLSX:
// the file holds exactly the rows the list shows for the same search, filter and sort.

interface Insurer {
  code: string;
  name: string;
}

async function exportFromList(page: Page, format: 'CSV (texto)' | 'Excel (XLSX)') {
  await page.goto('/app/aseguradoras?q=a&sort=-name');
  await expect(page.getByRole('heading', { name: 'Aseguradoras', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Exportar' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva descarga', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Lista')).toHaveValue('insurers');
  await expect(page.getByTestId('export-filters')).toContainText('a');
  await page.getByText(format).click();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Generar exportación' }).click();
  await expect(page.getByText('Exportación en cola: aparecerá aquí cuando esté lista.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Descargas', level: 1 })).toBeVisible();
  const row = page.getByTestId('downloads-table').getByRole('row').nth(1);
  await expect(row.getByTestId('download-state')).toHaveText('Completada', { timeout: hangLimit(30_000) });
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Descargar / }).click()]);
  return fs.readFileSync((await file.path())!);
}

test('a filtered list exported as CSV and as XLSX holds exactly what the list shows', async ({ page, request }) => {
  // The live-message stream stays open for a whole visit, so the page would never go network-idle for axe;
  // these screens do not use it (a 204 tells EventSource not to reconnect).
  await page.route('**/api/events**', (route) => route.fulfill({ status: 204 }));
  const token = await apiToken(request);
  const listed = await request.get('/api/insurers', { params: { q: 'a', sort: '-name', pageSize: 100 }, headers: authHeader(token) });
  const expected = ((await listed.json()).items as Insurer[]).map((i) => [i.name, i.code]);
  expect(expected.length).toBeGreaterThan(1);

  await signIn(page, ADMIN.email);
  const csv = parseCsv((await exportFromList(page, 'CSV (texto)')).toString('utf8'), ';');
  // The columns on screen, with their headings as the list shows them: the name and the code come first.
  expect(csv[0]!.slice(0, 2)).toEqual(['Nombre comercial', 'Código']);
  expect(csv.slice(1).map((row) => row.slice(0, 2))).toEqual(expected);
  await expectNoSeriousViolations(page);

  const workbook = new ExcelJS.Workbook();
  const bytes = await exportFromList(page, 'Excel (XLSX)');
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const rows = workbook.worksheets[0]!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1, 3));
  expect(rows).toEqual([['Nombre comercial', 'Código'], ...expected]);
});

test('"Exportar" carries what the screen narrows its list by: the policy of its patients, the worklist\'s group and date range; Comunicados exports too', async ({ page, request }) => {
  await page.route('**/api/events**', (route) => route.fulfill({ status: 204 }));
  const token = await apiToken(request);
  const { items } = await (await request.get('/api/patients', { params: { pageSize: 1 }, headers: authHeader(token) })).json();
  const policyId = String((items as { policyId: number }[])[0]!.policyId);
  await signIn(page, ADMIN.email, { to: null });
  const exporting = async (path: string) => {
    await page.goto(path);
    await page.getByRole('link', { name: 'Exportar' }).click();
    await expect(page.getByRole('heading', { name: 'Nueva descarga', level: 1 })).toBeVisible();
    return JSON.parse(new URL(page.url()).searchParams.get('filters')!) as Record<string, string>;
  };

  // A policy's patients export as that policy's, not every patient.
  expect(await exporting(`/app/pacientes/${policyId}`)).toMatchObject({ policyId });
  await expect(page.getByLabel('Lista')).toHaveValue('patients');
  await expect(page.getByTestId('export-filters')).toContainText(`Póliza (id. interno): ${policyId}`);

  expect(await exporting('/app/verificaciones/nuevas?from=2026-01-01&to=2026-12-31')).toMatchObject({ group: 'open', from: '2026-01-01', to: '2026-12-31' });
  await expect(page.getByTestId('export-filters')).toContainText('Lista: Nuevas (abiertas)');
  await expect(page.getByTestId('export-filters')).toContainText('Atención desde: 1 ene 2026');
  expect(await exporting('/app/reembolsos/general?from=2026-02-01')).toMatchObject({ from: '2026-02-01' });
  await expect(page.getByTestId('export-filters')).toContainText('Creado desde: 1 feb 2026');
  // Comunicados exports too, its search and sort with it.
  expect(await exporting('/app/comunicados?q=arancel')).toMatchObject({ q: 'arancel' });
  await expect(page.getByLabel('Lista')).toHaveValue('announcements');
});

interface Job {
  id: number;
  state: string;
  fileName: string | null;
}

async function exportNow(request: APIRequestContext, token: string, list: 'insurers' | 'users') {
  const queued = await request.post('/api/downloads', { headers: authHeader(token), data: { list, format: 'csv', filters: {}, columns: [{ field: 'name', label: 'Nombre' }] } });
  expect(queued.status()).toBe(202);
  return ((await queued.json()) as Job).id;
}

async function completed(request: APIRequestContext, token: string, sort: string, page: number) {
  const answer = await request.get('/api/downloads', { params: { state: 'completed', sort, page, pageSize: 10 }, headers: authHeader(token) });
  return ((await answer.json()) as { items: Job[] }).items.map((job) => `Descargar ${job.fileName}`);
}

test('Descargas keeps its state filter, sort and page in the address: a reload shows the same jobs in the same order', async ({ page, request }) => {
  await page.route('**/api/events**', (route) => route.fulfill({ status: 204 }));
  const token = await apiToken(request);
  // Enough finished jobs for a second page of ten; the newest is a users export, so newest-first and by-list differ.
  const total = async () => ((await (await request.get('/api/downloads', { params: { state: 'completed', pageSize: 1 }, headers: authHeader(token) })).json()) as { total: number }).total;
  const missing = Math.max(1, 11 - (await total()));
  // A user has at most 5 exports queued or running, so each is left to finish before the next is asked for.
  const finished = (id: number) =>
    expect(async () => expect(((await (await request.get(`/api/downloads/${id}`, { headers: authHeader(token) })).json()) as Job).state).toBe('completed')).toPass({ timeout: hangLimit(60_000) });
  for (let i = 0; i < missing; i++) await finished(await exportNow(request, token, 'insurers'));
  await finished(await exportNow(request, token, 'users'));

  await signIn(page, ADMIN.email, { to: '/app/descargas?pageSize=10' });
  const table = page.getByTestId('downloads-table');
  const shown = () => table.getByRole('button', { name: /^Descargar / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Completada' });
  await expect(page).toHaveURL(/[?&]state=completed(&|$)/);
  await expect(table.getByTestId('download-state').first()).toHaveText('Completada');
  await expect.poll(shown).toEqual(await completed(request, token, '-createdAt', 1));
  expect((await shown())[0]).toMatch(/^Descargar .*users/i);

  await table.getByRole('button', { name: /^Lista/ }).click();
  await expect(page).toHaveURL(/[?&]sort=list(&|$)/);
  const byList = await completed(request, token, 'list', 1);
  expect(byList).not.toEqual(await completed(request, token, '-createdAt', 1));
  await expect.poll(shown).toEqual(byList);

  await page.getByRole('button', { name: 'Página siguiente' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  const second = await completed(request, token, 'list', 2);
  await expect.poll(shown).toEqual(second);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('completed');
  await expect(table.getByRole('columnheader', { name: /^Lista/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(shown).toEqual(second);
  for (const state of await table.getByTestId('download-state').allTextContents()) expect(state).toBe('Completada');
  await expectNoSeriousViolations(page);
});

test.describe('downloads on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the jobs are cards with their state, size and file, and nothing scrolls sideways', async ({ page, request }) => {
    await page.route('**/api/events**', (route) => route.fulfill({ status: 204 }));
    const token = await apiToken(request);
    const queued = await request.post('/api/downloads', {
      headers: authHeader(token),
      data: { list: 'insurers', format: 'csv', filters: { sort: 'code' }, columns: [{ field: 'code', label: 'Código' }, { field: 'name', label: 'Nombre' }] },
    });
    expect(queued.status()).toBe(202);
    const job = (await queued.json()) as { id: number };
    await expect(async () => expect((await (await request.get(`/api/downloads/${job.id}`, { headers: authHeader(token) })).json()).state).toBe('completed')).toPass({ timeout: hangLimit(30_000) });

    await signIn(page, ADMIN.email, { to: '/app/descargas' });
    await expect(page.getByRole('heading', { name: 'Descargas', level: 1 })).toBeVisible();
    const cards = page.getByTestId('record-cards').getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
    const card = cards.first();
    await expect(card).toContainText(/Aseguradoras\s*CSV/);
    for (const label of ['Estado', 'Avance', 'Tamaño', 'Pedida', 'Vence', 'Archivo']) await expect(card).toContainText(label);
    await expect(card.getByTestId('download-state')).toHaveText('Completada');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    const [file] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /^Descargar / }).click()]);
    // Cards have no headers to sort by: the select does it, and the address keeps it.
    await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Completada' });
    await page.getByRole('combobox', { name: 'Orden' }).selectOption({ label: 'Más antiguas primero' });
    await expect(page).toHaveURL(/[?&]sort=createdAt(&|$)/);
    const [oldest] = await completed(request, token, 'createdAt', 1);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Orden' })).toHaveValue('createdAt');
    await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('completed');
    await expect(cards.first().getByRole('button', { name: /^Descargar / })).toHaveAccessibleName(oldest!);
    const csv = parseCsv(fs.readFileSync((await file.path())!).toString('utf8'), ';');
    expect(csv[0]!.slice(0, 2)).toEqual(['Código', 'Nombre']);
  });
});
