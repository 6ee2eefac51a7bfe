import { expect, type Page } from '@playwright/test';
import { apiToken, authHeader, signIn, test } from './fixtures.ts';
import { catalogs } from './looks.ts';

// Issue 28, item 9: a name typed without its accents or in other capitals finds the patient, in Búsqueda and in a
// list's search, whatever the panel's language. Before migration 043, "mateo rodriguez" found nobody.

/** A seeded patient whose name carries accents, as Búsqueda titles it (found through the API by the accented surname). */
async function accentedPatient(page: Page): Promise<{ id: number; title: string }> {
  const token = await apiToken(page.request);
  const response = await page.request.get('/api/search', { params: { q: 'Rodríguez', limit: '20' }, headers: authHeader(token) });
  expect(response.status()).toBe(200);
  const patients = ((await response.json()).groups as { kind: string; items: { id: number; title: string }[] }[]).find((g) => g.kind === 'patient');
  const hit = patients?.items.find((i) => i.title.includes('Rodríguez'));
  expect(hit, 'a seeded patient named with accents').toBeTruthy();
  return hit!;
}

const unaccented = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

for (const locale of ['es', 'fr'] as const) {
  const t = catalogs[locale];
  test(`Búsqueda and the patients list find an accented name typed without accents (${locale})`, async ({ page }) => {
    const patient = await accentedPatient(page);
    await signIn(page, 'admin@demo.local', { to: '/app/busqueda', preferences: { locale } });
    const typed = unaccented(patient.title).toLowerCase();
    await page.getByRole('searchbox', { name: t['search.label'] }).fill(typed);
    const found = page.getByRole('region', { name: new RegExp(`^${t['search.kind.patient']}`) }).getByRole('link', { name: new RegExp(patient.title) });
    await expect(found.first()).toBeVisible();

    await page.goto('/app/pacientes');
    await page.getByRole('searchbox', { name: t['common.search'] }).fill(unaccented(patient.title).toUpperCase());
    await expect(page.locator('table tbody tr[data-index]').filter({ hasText: patient.title }).first()).toBeVisible();
  });
}
