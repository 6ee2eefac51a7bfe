import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, authHeader, signIn, storePreferences } from './fixtures.ts';
import { catalogs, LOOKS, sweepOpener, type Look } from './looks.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// Issues 8 and 9's "every route is a working screen": each route of the master data (doctors, policyholders,
// patients, search, settings) and of the guided workflow (verifications, reimbursements, orthodontic plans) opened
// on seeded records, titled in the reader's language, with no catalog id or message placeholder shown instead of a
// text, no server error, and axe clean. Every route in all five looks (145 axe runs) took about eleven minutes on
// the shared two-core machine; so each route is opened in at least two looks, and the routes of an area are spread
// so that together they are seen in every look (61 runs, about four minutes). Each route is loaded by its address
// once; its other looks reach it in the loaded page (sweepOpener).

// A catalog id of these areas (or of the shared texts they use) shown as it is means a text is missing from the
// reader's catalog; a placeholder in braces means a message was formatted without its value.
const RAW_ID =
  /\b(?:doctors|policyholders|policies|patients|search|settings|verifications|reimbursements|orthodonticPlans|area|nav|list|table|form|common|pagination|conflict|workflow|machine|reason|code|error)\.[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*\b/;
const PLACEHOLDER = /\{[A-Za-z_]+\}/;

interface Route {
  path: string;
  titleId: string;
  /** The title's values (the route's path parameters). */
  values?: Record<string, string | number>;
}

/** The looks each route of an area is opened in: at least two each, all five over the area. */
function spread(routes: Route[]): [Route, Look][] {
  const each = Math.max(2, Math.ceil(LOOKS.length / routes.length));
  return routes.flatMap((route, i) => Array.from({ length: each }, (_, m) => [route, LOOKS[(i * each + m) % LOOKS.length]] as [Route, Look]));
}

async function first<T>(request: APIRequestContext, token: string, path: string, fits: (item: T) => boolean = () => true): Promise<T> {
  const response = await request.get(path, { headers: authHeader(token) });
  expect(response.status(), `GET ${path}`).toBe(200);
  const found = ((await response.json()).items as T[]).find(fits);
  expect(found, `a seeded record from ${path}`).toBeTruthy();
  return found!;
}

async function sweep(page: Page, areas: Route[][]) {
  const serverErrors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url()}`);
  });
  // Grouped by look, so the preferences change five times rather than on every screen.
  const visits = areas.flatMap(spread);
  const start = { path: visits.find(([, look]) => look === LOOKS[0])![0].path, look: LOOKS[0] as Look };
  await signIn(page, 'admin@demo.local', { to: start.path, preferences: start.look });
  const open = sweepOpener(page, start);
  for (const look of LOOKS) {
    await storePreferences(page, look);
    const texts = catalogs[look.locale];
    for (const [route] of visits.filter(([, l]) => l === look)) {
      const where = `${look.locale} ${look.currentTheme} ${look.direction} ${route.path}`;
      await open(route.path, look);
      const title = String(new IntlMessageFormat(texts[route.titleId], look.locale).format(route.values));
      await expect(page, where).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
      await expect(page.locator('html'), where).toHaveAttribute('lang', look.locale);
      await expect(page.locator('html'), where).toHaveAttribute('dir', look.direction);
      await expect(page.locator('html'), where).toHaveClass(new RegExp(`\\b${look.currentTheme}\\b`));
      // The screen's content, not the shell's skeleton or a loading spinner.
      await expect(page.locator('main [aria-busy="true"]'), where).toHaveCount(0);
      await expect(page.locator('main h1'), where).toBeVisible();
      const shown = await page.locator('main').innerText();
      expect(shown, where).not.toMatch(RAW_ID);
      expect(shown, where).not.toMatch(PLACEHOLDER);
      await expectNoSeriousViolations(page);
    }
  }
  expect(serverErrors).toEqual([]);
}

test('every route of issue 8 (doctors, policyholders, patients, search, settings) opens in the five looks, titled in the reader’s language, axe clean, without a server error', async ({ page, request }) => {
  test.setTimeout(hangLimit(480_000));
  const admin = await apiToken(request);
  const doctor = await first<{ id: number }>(request, admin, '/api/doctors?pageSize=1');
  const holder = await first<{ id: number }>(request, admin, '/api/policyholders?pageSize=1');
  const patient = await first<{ id: number; policyId: number; lastName: string }>(request, admin, '/api/patients?state=ACTIVE&pageSize=1');
  await sweep(page, [
    [
      { path: '/app/doctores', titleId: 'area.doctors.list' },
      { path: '/app/doctores/nuevo', titleId: 'area.doctors.new' },
      { path: `/app/doctores/editar/${doctor.id}`, titleId: 'area.doctors.edit' },
    ],
    [
      { path: '/app/titulares', titleId: 'area.policyholders.list' },
      { path: '/app/titulares/nuevo', titleId: 'area.policyholders.new' },
      { path: `/app/titulares/editar/${holder.id}`, titleId: 'area.policyholders.edit' },
    ],
    [
      { path: '/app/pacientes', titleId: 'area.patients.list' },
      { path: `/app/pacientes/${patient.policyId}`, titleId: 'area.patients.byPolicy', values: { id: patient.policyId } },
      { path: '/app/pacientes/nuevo', titleId: 'area.patients.new' },
      { path: `/app/pacientes/nuevo/${patient.policyId}`, titleId: 'area.patients.newForPolicy', values: { poliza_id: patient.policyId } },
      { path: `/app/pacientes/editar/${patient.id}`, titleId: 'area.patients.edit' },
      { path: `/app/pacientes/ver/${patient.id}`, titleId: 'area.patients.view' },
    ],
    // With a text, so the results grouped by kind are on screen too.
    [{ path: `/app/busqueda?q=${encodeURIComponent(patient.lastName)}`, titleId: 'area.search' }],
    ['procedimientos', 'motivos', 'documentos', 'valores'].map((tab) => ({ path: `/app/configuraciones?catalogo=${tab}`, titleId: 'area.settings' })),
  ]);
});

test('every route of issue 9 (verifications, reimbursements, orthodontic plans) opens in the five looks, titled in the reader’s language, axe clean, without a server error', async ({ page, request }) => {
  test.setTimeout(hangLimit(480_000));
  const admin = await apiToken(request);
  const open = await first<{ id: number }>(request, admin, '/api/verifications?group=open&pageSize=1');
  const ready = await first<{ id: number; category: string }>(request, admin, '/api/verifications?state=verified&pageSize=100', (v) => v.category === 'GENERAL');
  const claim = await first<{ id: number; verificationId: number }>(request, admin, '/api/reimbursements?kind=GENERAL&state=inReview&pageSize=1');
  const plan = await first<{ id: number }>(request, admin, '/api/orthodontic-plans?state=active&pageSize=1');
  // A proposed plan's preauthorization is still verified: the proposal screen shows its whole form.
  const proposed = await first<{ preauthorizationId: number }>(request, admin, '/api/orthodontic-plans?state=proposed&pageSize=1');
  await sweep(page, [
    [
      { path: '/app/verificaciones/nuevas', titleId: 'area.verifications.new' },
      { path: '/app/verificaciones/existentes', titleId: 'area.verifications.existing' },
      { path: '/app/verificaciones/nueva', titleId: 'area.verifications.form' },
      { path: `/app/verificaciones/editar/${open.id}`, titleId: 'area.verifications.edit' },
    ],
    [
      { path: '/app/reembolsos/nueva', titleId: 'area.reimbursements.new' },
      { path: '/app/reembolsos/general', titleId: 'area.reimbursements.general' },
      { path: '/app/reembolsos/ortodoncia', titleId: 'area.reimbursements.orthodontic' },
      { path: `/app/reembolsos/nuevo/${ready.id}`, titleId: 'area.reimbursements.form' },
      { path: `/app/reembolsos/editar/${claim.verificationId}/${claim.id}`, titleId: 'area.reimbursements.edit' },
    ],
    [
      { path: '/app/reembolsos/planes', titleId: 'area.orthodonticPlans.list' },
      { path: `/app/reembolsos/planes/nuevo/${proposed.preauthorizationId}`, titleId: 'area.orthodonticPlans.new' },
      { path: `/app/reembolsos/planes/${plan.id}`, titleId: 'area.orthodonticPlans.view', values: { id: plan.id } },
    ],
  ]);
});
