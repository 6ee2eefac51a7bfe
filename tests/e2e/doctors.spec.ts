import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, signIn, tokenOf } from './fixtures.ts';
import { dateField, fillDate } from './date-input.ts';

const rows = (page: Page) => page.locator('table tbody tr[data-index]');
// The whole label, with or without the required mark ('Matrícula' is not 'Matrícula verificada el').
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const grid = (page: Page) => page.locator('table');

interface Doctor {
  id: number;
  version: number;
  state: string;
  licenseNumber: string;
  licenseJurisdiction: string;
  otherSpecialties: string[];
  agreements: { insurerName: string; validFrom: string; validTo: string | null }[];
}

async function findDoctor(page: Page, licence: string): Promise<Doctor | undefined> {
  const response = await page.request.get('/api/doctors', { params: { q: licence }, headers: authHeader(await tokenOf(page)) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Doctor[] }).items.find((doctor) => doctor.licenseNumber === licence);
}

/** A verified verification still valid today, the kind a new general reimbursement starts from. */
async function validVerification(page: Page): Promise<number> {
  const response = await page.request.get('/api/verifications', { params: { state: 'verified', pageSize: 100 }, headers: authHeader(await tokenOf(page)) });
  const today = new Date().toISOString().slice(0, 10);
  const items = ((await response.json()) as { items: { id: number; category: string; validUntil: string | null }[] }).items;
  const usable = items.find((v) => v.category === 'GENERAL' && v.validUntil !== null && v.validUntil >= today);
  expect(usable, 'a verified general verification valid today in the demo data').toBeTruthy();
  return usable!.id;
}

// Doctors a test creates are removed afterwards (none is named on a reimbursement, so each can be).
const created: number[] = [];
test.afterEach(async ({ request }) => {
  if (!created.length) return;
  const token = await apiToken(request);
  for (const id of created.splice(0)) expect((await request.delete(`/api/doctors/${id}`, { headers: authHeader(token) })).status()).toBe(204);
});

test.describe('doctors as administrator', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.email, { to: null });
  });

  test('creates a doctor, finds it by licence, suspends it, and a new reimbursement naming it is refused with the rule the panel translates', async ({ page }) => {
    await page.goto('/app/doctores');
    await expect(page.getByRole('heading', { level: 1, name: 'Doctores' })).toBeVisible();
    await page.getByRole('link', { name: 'Nuevo doctor' }).click();
    await expect(page).toHaveURL(/\/app\/doctores\/nuevo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo doctor' })).toBeVisible();

    // Nothing filled: the required fields say so next to themselves.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Por favor ingresar Matrícula', { exact: true })).toBeVisible();
    await expect(page.getByText('Por favor ingresar Nombres', { exact: true })).toBeVisible();

    await field(page, 'Nombres').fill('Lucía');
    await field(page, 'Apellidos').fill('Pruebas Navegador');
    await field(page, 'Tipo de documento').selectOption({ label: 'DNI' });
    await field(page, 'Número de documento').fill('27999111');
    // Licence and jurisdiction are written in capitals for the user.
    await field(page, 'Matrícula').fill('e2e-mp-7001');
    await field(page, 'Jurisdicción').fill('ar-b');
    await field(page, 'Especialidad principal').selectOption({ label: 'Ortodoncia' });
    const others = page.getByTestId('other-specialties');
    // The main specialty is not offered again among the others.
    await expect(others.getByText('Ortodoncia', { exact: true })).toHaveCount(0);
    await others.getByText('Odontopediatría', { exact: true }).click();
    await field(page, 'Nombre del consultorio').fill('Consultorio Norte');
    await page.getByRole('button', { name: 'Añadir convenio' }).click();
    const agreement = page.getByTestId('agreement-row');
    await expect(agreement).toHaveCount(1);
    await agreement.getByLabel('Aseguradora').selectOption({ index: 1 });
    const insurerName = (await agreement.getByLabel('Aseguradora').locator('option:checked').textContent())!;
    await fillDate(dateField(agreement, 'Desde'), '2026-01-01');
    // Running until the end of next year, so the list shows it whatever day the test runs.
    const until = `${new Date().getFullYear() + 1}-12-31`;
    await fillDate(dateField(agreement, 'Hasta'), until);
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page.getByText('Registro creado')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/doctores$/);
    const saved = await findDoctor(page, 'E2E-MP-7001');
    expect(saved).toMatchObject({ licenseJurisdiction: 'AR-B', state: 'ACTIVE', otherSpecialties: ['PEDIATRIC'] });
    expect(saved!.agreements).toEqual([expect.objectContaining({ insurerName, validFrom: '2026-01-01', validTo: until })]);
    created.push(saved!.id);

    // Found by its licence from the search box, which the URL keeps.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('E2E-MP-7001');
    await expect(page).toHaveURL(/[?&]q=E2E-MP-7001(&|$)/);
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Pruebas Navegador, Lucía');
    await expect(rows(page).first()).toContainText('Ortodoncia (Odontopediatría)');
    await expect(rows(page).first()).toContainText(insurerName);
    await rows(page).first().getByText('Pruebas Navegador, Lucía').click();
    await expect(page).toHaveURL(new RegExp(`/app/doctores/editar/${saved!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Editar doctor: Pruebas Navegador, Lucía' })).toBeVisible();

    // Suspending asks why; without a reason it says so and changes nothing.
    await page.getByRole('button', { name: 'Suspender' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Suspender a Pruebas Navegador, Lucía?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Suspender' }).click();
    await expect(dialog.getByText('Por favor ingresar Motivo de la suspensión')).toBeVisible();
    await dialog.getByLabel('Motivo de la suspensión').fill('Matrícula en revisión por el colegio');
    await dialog.getByRole('button', { name: 'Suspender' }).click();
    await expect(page.getByText('Doctor suspendido')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('doctor-state-note')).toContainText('Motivo: Matrícula en revisión por el colegio');
    await expect(page.getByRole('button', { name: 'Reactivar' })).toBeVisible();

    // The list's state filter, from the URL, finds it suspended.
    await page.goto('/app/doctores?state=SUSPENDED&q=E2E-MP-7001');
    await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('SUSPENDED');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Suspendido');

    // The reimbursement screens are another area's; the server refuses the doctor with a rule code the catalogs translate.
    const refused = await page.request.post('/api/reimbursements', {
      headers: authHeader(await tokenOf(page)),
      data: { verificationId: await validVerification(page), doctorId: saved!.id, lines: [{ procedureCode: 'D0120', serviceDate: new Date().toISOString().slice(0, 10), chargedCents: 6000 }] },
    });
    expect(refused.status()).toBe(422);
    const problem = await refused.json();
    expect(problem).toMatchObject({ code: 'reimbursement.doctorSuspended', errors: [{ path: 'body/doctorId', keyword: 'doctorSuspended' }] });
    expect((es as Record<string, string>)[`code.${problem.code}`]).toBe('El doctor está suspendido: no puede figurar en un reembolso nuevo.');
    expect((es as Record<string, string>)['form.rule.doctorSuspended']).toBe('El doctor está suspendido y no puede figurar en un reembolso nuevo');

    // Reactivated, it may be named again (the form saves with the version the state change answered).
    await page.goto(`/app/doctores/editar/${saved!.id}`);
    await page.getByRole('button', { name: 'Reactivar' }).click();
    await page.getByRole('alertdialog', { name: '¿Reactivar a Pruebas Navegador, Lucía?' }).getByRole('button', { name: 'Reactivar' }).click();
    await expect(page.getByText('Doctor reactivado')).toBeVisible();
    await field(page, 'Ciudad').fill('La Plata');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    expect(await findDoctor(page, 'E2E-MP-7001')).toMatchObject({ state: 'ACTIVE', clinicCity: 'La Plata' });
  });

  test('a licence already held in the jurisdiction is refused on the licence field', async ({ page }) => {
    const token = await tokenOf(page);
    const first = await page.request.post('/api/doctors', {
      headers: authHeader(token),
      data: { firstNames: 'Primero', lastNames: 'Con Matrícula', licenseNumber: 'E2E-DUP-1', licenseJurisdiction: 'UY', specialty: 'GENERAL' },
    });
    expect(first.status()).toBe(201);
    created.push((await first.json()).id);

    await page.goto('/app/doctores/nuevo');
    await field(page, 'Nombres').fill('Segundo');
    await field(page, 'Apellidos').fill('Misma Matrícula');
    await field(page, 'Matrícula').fill('E2E-DUP-1');
    await field(page, 'Jurisdicción').fill('UY');
    await field(page, 'Especialidad principal').selectOption({ label: 'Odontología general' });
    await page.getByRole('button', { name: 'Guardar' }).click();
    const licence = field(page, 'Matrícula');
    await expect(licence).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`[id="${await licence.getAttribute('aria-errormessage')}"]`)).toHaveText('Otro doctor tiene esta matrícula en la misma jurisdicción');
    await expect(page).toHaveURL(/\/app\/doctores\/nuevo$/);
  });

  test('an agreement row the contract or the server refuses is named, with its field marked', async ({ page }) => {
    await page.goto('/app/doctores/nuevo');
    await field(page, 'Nombres').fill('Convenios');
    await field(page, 'Apellidos').fill('Con Errores');
    await field(page, 'Matrícula').fill('E2E-AGR-1');
    await field(page, 'Jurisdicción').fill('CL');
    await field(page, 'Especialidad principal').selectOption({ label: 'Endodoncia' });
    await page.getByRole('button', { name: 'Añadir convenio' }).click();
    await page.getByRole('button', { name: 'Añadir convenio' }).click();
    const agreements = page.getByTestId('agreement-row');
    // The browser checks the contract first: the second row has no insurer.
    await agreements.nth(0).getByLabel('Aseguradora').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('agreements').getByRole('alert')).toHaveText('Convenio 2: Seleccione Aseguradora');
    await expect(agreements.nth(1).getByLabel('Aseguradora')).toHaveAttribute('aria-invalid', 'true');
    await expect(agreements.nth(0).getByLabel('Aseguradora')).not.toHaveAttribute('aria-invalid', 'true');

    // The server's rule: two agreements with one insurer must not cover the same days.
    await agreements.nth(1).getByLabel('Aseguradora').selectOption({ index: 1 });
    await fillDate(dateField(agreements.nth(0), 'Desde'), '2026-01-01');
    await fillDate(dateField(agreements.nth(1), 'Desde'), '2026-03-01');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('agreements').getByRole('alert')).toHaveText('Convenio 2: Se superpone con otro convenio con la misma aseguradora');
    await expect(dateField(agreements.nth(1), 'Desde').getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/app\/doctores\/nuevo$/);

    // Ending the first before the second starts lets it save.
    await fillDate(dateField(agreements.nth(0), 'Hasta'), '2026-02-28');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Registro creado')).toBeVisible();
    const saved = await findDoctor(page, 'E2E-AGR-1');
    expect(saved!.agreements.map((a) => [a.validFrom, a.validTo])).toEqual([['2026-01-01', '2026-02-28'], ['2026-03-01', null]]);
    created.push(saved!.id);
  });

  test('filters by specialty and network, sorts by licence, and keeps it all in the URL across a reload', async ({ page }) => {
    await page.goto('/app/doctores');
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Especialidad' }).selectOption({ label: 'Ortodoncia' });
    await expect(page).toHaveURL(/[?&]specialty=ORTHODONTICS(&|$)/);
    await page.getByRole('combobox', { name: 'Red' }).selectOption({ label: 'En red' });
    await expect(page).toHaveURL(/[?&]inNetwork=true(&|$)/);
    await page.getByRole('button', { name: 'Matrícula', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=licenseNumber(&|$)/);
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');

    const query = new URL(page.url()).search;
    const api = await page.request.get(`/api/doctors${query}`, { headers: authHeader(await tokenOf(page)) });
    const expected = ((await api.json()) as { items: { licenseNumber: string }[] }).items.map((d) => d.licenseNumber);
    expect(expected.length).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Especialidad' })).toHaveValue('ORTHODONTICS');
    await expect(page.getByRole('combobox', { name: 'Red' })).toHaveValue('true');
    await expect(rows(page)).toHaveCount(expected.length);
    for (const [index, licence] of expected.entries()) await expect(rows(page).nth(index)).toContainText(licence);
    for (const row of await rows(page).all()) {
      await expect(row).toContainText('Ortodoncia');
      await expect(row).toContainText('En red');
    }
  });

  test('list and edit screens pass axe, the edit one with an agreement row and the suspension dialog open', async ({ page }) => {
    await page.goto('/app/doctores');
    await expect(rows(page).first()).toBeVisible();
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    await expectNoSeriousViolations(page);

    await page.goto('/app/doctores/nuevo');
    await page.getByRole('button', { name: 'Añadir convenio' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Por favor ingresar Nombres', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);

    await openActiveDoctor(page);
    await page.getByRole('button', { name: 'Suspender' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

/** Opens the first active doctor's edit screen from the list. */
async function openActiveDoctor(page: Page) {
  await page.goto('/app/doctores?state=ACTIVE');
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('ACTIVE');
  await rows(page).first().locator('td').nth(1).click();
  await expect(page).toHaveURL(/\/app\/doctores\/editar\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Editar doctor: / })).toBeVisible();
}
