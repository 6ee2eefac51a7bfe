import { readFileSync } from 'node:fs';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, authHeader, expect, signIn, test, shoot, storePreferences } from './fixtures.ts';
import { sweepOpener } from './looks.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// The list toolbars of Notas, Mensajes, Comunicados and Descargas (search, state filter, sort select where there
// are no column headers) in each look a user may have: light, dark, right-to-left, Japanese and a 390 px phone.
// Each is axe-checked and photographed for a person to look at (`shoot`, with SHOTS_DIR set).

const catalogs = {
  es: JSON.parse(readFileSync('src/i18n/messages/es.json', 'utf8')) as Record<string, string>,
  ja: JSON.parse(readFileSync('src/i18n/messages/ja.json', 'utf8')) as Record<string, string>,
};

const SCREENS = [
  { name: 'notes', path: '/app/notas', sortSelect: 'always' },
  { name: 'messages', path: '/app/mensajes', sortSelect: 'always' },
  // Column headers sort on a wide screen; the shared ListShell's cards offer no sort on a phone (not built yet).
  { name: 'announcements', path: '/app/comunicados', sortSelect: 'never' },
  { name: 'downloads', path: '/app/descargas', sortSelect: 'phone' },
] as const;

const LOOKS = [
  { name: 'light', preferences: { currentTheme: 'light', direction: 'ltr', locale: 'es' }, size: { width: 1280, height: 800 } },
  { name: 'dark', preferences: { currentTheme: 'dark', direction: 'ltr', locale: 'es' }, size: { width: 1280, height: 800 } },
  { name: 'rtl', preferences: { currentTheme: 'light', direction: 'rtl', locale: 'es' }, size: { width: 1280, height: 800 } },
  { name: 'ja', preferences: { currentTheme: 'light', direction: 'ltr', locale: 'ja' }, size: { width: 1280, height: 800 } },
  { name: '390', preferences: { currentTheme: 'light', direction: 'ltr', locale: 'es' }, size: { width: 390, height: 844 } },
] as const;

test('the toolbars of Notas, Mensajes, Comunicados and Descargas in light, dark, RTL, Japanese and at 390 px: sort and filter controls named in the reader’s language, axe clean', async ({ page, request }) => {
  test.setTimeout(hangLimit(240_000));
  // Something in each list, so the toolbar sits above rows as it does for a user.
  const admin = await apiToken(request);
  const supervisorId = (await (await request.get('/api/me', { headers: authHeader(await apiToken(request, 'supervisor@demo.local')) })).json()).user.id as number;
  expect((await request.post('/api/conversations', { headers: authHeader(admin), data: { subject: 'Cierre de mes', participantIds: [supervisorId], body: 'Revisemos los pagos.' } })).status()).toBe(201);
  const [patient] = (await (await request.get('/api/patients?pageSize=1', { headers: authHeader(admin) })).json()).items as { id: number }[];
  expect((await request.post('/api/notes', { headers: authHeader(admin), data: { entityType: 'patient', entityId: patient.id, text: 'Llamar el lunes por la cobertura.' } })).status()).toBe(201);
  const exported = await request.post('/api/downloads', { headers: authHeader(admin), data: { list: 'insurers', format: 'csv', filters: {}, columns: [{ field: 'name', label: 'Nombre' }] } });
  expect(exported.status()).toBe(202);

  const start = { path: SCREENS[0].path, look: LOOKS[0] as (typeof LOOKS)[number] };
  await signIn(page, 'admin@demo.local', { to: start.path, preferences: start.look.preferences });
  const open = sweepOpener(page, start);
  for (const look of LOOKS) {
    await page.setViewportSize(look.size);
    await storePreferences(page, look.preferences);
    const texts = catalogs[look.preferences.locale];
    const phone = look.size.width < 500;
    for (const screen of SCREENS) {
      await open(screen.path, look);
      await expect(page.locator('html')).toHaveAttribute('dir', look.preferences.direction);
      await expect(page.locator('html')).toHaveAttribute('lang', look.preferences.locale);
      const where = `${look.name} ${screen.name}`;
      const sort = page.getByRole('combobox', { name: texts['list.sort'], exact: true });
      const expected = screen.sortSelect === 'always' || (screen.sortSelect === 'phone' && phone);
      if (expected) await expect(sort, where).toBeVisible();
      else if (!phone) await expect(page.getByRole('columnheader').first(), where).toBeVisible();
      // Every toolbar is a named search landmark.
      await expect(page.getByRole('search'), where).toBeVisible();
      if (screen.name === 'downloads') await expect(page.getByRole('combobox', { name: texts['downloads.filter.state'] }), where).toBeVisible();
      await expectNoSeriousViolations(page);
      await shoot(page, `C/${screen.name}-${look.name}`);
    }
  }
});
