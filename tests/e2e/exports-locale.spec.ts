import fs from 'node:fs';
import { parseCsv } from '../support/csv.ts';
import { ADMIN, apiToken, authHeader, expect, signIn, test } from './fixtures.ts';
import { catalogs } from './looks.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// Issue 28, item 10: the export form names the filters as the list does ("Orden: Nombre comercial (descendente)",
// not "sort: -name"), and the CSV opens in the requester's spreadsheet: her separator, her language's labels.

type Insurer = { code: string; name: string; active: boolean };

for (const [locale, separator] of [['es', ';'], ['fr', ';'], ['en', ',']] as const) {
  const t = catalogs[locale];
  test(`the export form names filters by their labels and the CSV reads as the screen (${locale})`, async ({ page }) => {
    await page.route('**/api/events**', (route) => route.fulfill({ status: 204 }));
    const token = await apiToken(page.request);
    const listed = await page.request.get('/api/insurers', { params: { q: 'a', sort: '-name', pageSize: 100 }, headers: authHeader(token) });
    const insurers = (await listed.json()).items as Insurer[];
    expect(insurers.length).toBeGreaterThan(1);
    await signIn(page, ADMIN.email);
    // Chosen in the header, as a user does: the header saves it to her profile, where the export reads it.
    if (locale !== 'es') await page.getByRole('combobox', { name: catalogs.es['header.language'] }).selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect.poll(async () => (await (await page.request.get('/api/me', { headers: authHeader(token) })).json()).user.locale).toBe(locale);
    await page.goto('/app/aseguradoras?q=a&sort=-name');
    await page.getByRole('link', { name: t['list.export'] }).click();
    await expect(page.getByRole('heading', { name: t['area.downloads.new'], level: 1 })).toBeVisible();
    const filters = page.getByTestId('export-filters');
    const sortLabel = t['downloads.filters.descending']!.replace('{field}', t['insurers.field.name']!);
    await expect(filters).toContainText(t['downloads.filters.item']!.replace('{name}', t['downloads.filters.sort']!).replace('{value}', sortLabel));
    await expect(filters).not.toContainText('-name');
    await page.getByText(t['downloads.format.csv']!).click();
    await page.getByRole('button', { name: t['downloads.submit'] }).click();
    const row = page.getByTestId('downloads-table').getByRole('row').nth(1);
    await expect(row.getByTestId('download-state')).toHaveText(t['downloads.state.completed']!, { timeout: hangLimit(30_000) });
    const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: new RegExp(`^${t['downloads.download']!.replace('{name}', '')}`) }).click()]);
    const bytes = fs.readFileSync((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(bytes.toString('utf8'), separator);
    const active = csv[0]!.indexOf(t['insurers.field.active']!);
    expect(active, 'the list shows its "active" column and the file has it under its heading').toBeGreaterThan(-1);
    expect(csv.slice(1).map((cells) => [cells[0], cells[active]])).toEqual(insurers.map((i) => [i.name, t[`insurers.active.${i.active}`]]));
  });
}
