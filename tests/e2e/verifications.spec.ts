import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ageOn } from '@core/benefits/dates.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { test, expect, ADMIN, apiToken, authHeader, READ_ONLY, signIn, shoot, type Preferences, storePreferences } from './fixtures.ts';
import { sweepOpener } from './looks.ts';
import { expectFocusVisible, tabTo as tabToTarget } from './keyboard.ts';
import { api, insuredPatient } from './reimbursement-support.ts';
import { dateField, expectDate, fillDate, tabAndTypeDate } from './date-input.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// Issue 9, verificaciones: a verifier takes a pending verification, asks for information and records it eligible,
// in Spanish and once in Japanese; a user without the permission sees no action (and the API refuses it); one
// generated path of the opening flow is replayed through the screens; axe on every screen.

const VERIFIER = 'verificador@demo.local';
const es = JSON.parse(readFileSync('src/i18n/messages/es.json', 'utf8')) as Record<string, string>;
const ja = JSON.parse(readFileSync('src/i18n/messages/ja.json', 'utf8')) as Record<string, string>;

const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

interface Opened {
  id: number;
  folio: string;
  patientId: number;
  patientName: string;
}

async function json(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: unknown) {
  const response = await request[method](path, { headers: authHeader(token), data });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

/** An unassigned pending verification of an active patient with no open one of this kind (opened through the API). */
async function openVerification(request: APIRequestContext, kind = 'ELIGIBILITY', skip: number[] = []): Promise<Opened> {
  const token = await apiToken(request);
  const patients = await json(request, token, 'get', '/api/patients?state=ACTIVE&pageSize=100');
  for (const patient of patients.body.items as { id: number; name: string }[]) {
    if (skip.includes(patient.id)) continue;
    const created = await json(request, token, 'post', '/api/verifications', { patientId: patient.id, kind, category: 'GENERAL', plannedServiceDate: inDays(5) });
    if (created.status === 201) return { id: created.body.id, folio: created.body.folio, patientId: patient.id, patientName: patient.name };
  }
  throw new Error('No patient could take a new verification');
}

async function useLanguage(page: Page, locale: 'es' | 'ja') {
  await page.getByRole('combobox', { name: (locale === 'ja' ? es : ja)['header.language'] }).selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** The verifier's day on one verification, in the user's language: take it, start, ask, receive, record eligible. */
async function workVerification(page: Page, opened: Opened, t: Record<string, string>, shots: string) {
  await page.goto(`/app/verificaciones/nuevas?assigned=unassigned&q=${opened.folio}`);
  const row = page.getByRole('row').filter({ hasText: opened.folio });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('worklist-counts')).toBeVisible();
  await expectNoSeriousViolations(page);
  await shoot(page, `C/${shots}-worklist`, { fullPage: true });

  // Before taking it, starting is offered but unavailable, with the statechart's reason in the user's language.
  await page.goto(`/app/verificaciones/editar/${opened.id}`);
  const actions = page.getByTestId('workflow-actions');
  const start = actions.getByRole('button', { name: t['verifications.event.START'], exact: true });
  await expect(start).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('blocked-START')).toContainText(t['machine.verification.guard.actorMayStart']);
  await expectNoSeriousViolations(page);

  // Take it from the worklist.
  await page.goto(`/app/verificaciones/nuevas?assigned=unassigned&q=${opened.folio}`);
  await page.getByRole('button', { name: t['verifications.claimRow'].replace('{folio}', opened.folio) }).click();
  await expect(page.getByRole('row').filter({ hasText: opened.folio })).toHaveCount(0);

  await page.goto(`/app/verificaciones/editar/${opened.id}`);
  await expect(start).not.toHaveAttribute('aria-disabled', 'true');
  await start.click();
  await expect(page.locator('[data-state="inProgress"]').first()).toBeVisible();

  await actions.getByRole('button', { name: t['verifications.event.REQUEST_INFO'], exact: true }).click();
  const ask = page.getByRole('alertdialog');
  await ask.getByRole('button', { name: t['verifications.event.REQUEST_INFO'], exact: true }).click();
  await expect(ask.getByText(t['form.required'].replace('{label}', t['verifications.field.infoNote']))).toBeVisible();
  await ask.getByLabel(t['verifications.field.infoNote']).fill('Falta la credencial vigente del paciente.');
  await expectNoSeriousViolations(page);
  await ask.getByRole('button', { name: t['verifications.event.REQUEST_INFO'], exact: true }).click();
  await expect(ask).toBeHidden();
  await expect(page.locator('[data-state="needsInfo"]').first()).toBeVisible();
  await expect(page.getByTestId('history-timeline')).toContainText('Falta la credencial vigente del paciente.');

  await actions.getByRole('button', { name: t['verifications.event.INFO_RECEIVED'], exact: true }).click();
  await expect(page.locator('[data-state="inProgress"]').first()).toBeVisible();
  await actions.getByRole('button', { name: t['verifications.event.RECORD_ELIGIBLE'], exact: true }).click();
  const eligible = page.getByRole('alertdialog');
  await eligible.getByLabel(t['verifications.field.channel']).selectOption('PHONE');
  await eligible.getByRole('button', { name: t['verifications.event.RECORD_ELIGIBLE'], exact: true }).click();
  await expect(eligible).toBeHidden();
  await expect(page.locator('[data-state="verified"]').first()).toBeVisible();
  // Verified: nothing left to do for the verifier, the validity shows, and reimbursing is not a verifier's step.
  await expect(page.getByTestId('workflow-actions')).toHaveCount(0);
  await expect(page.getByTestId('verification-summary')).toContainText(t['verifications.channel.PHONE']);
  await expect(page.getByRole('link', { name: t['verifications.continue.action'] })).toHaveCount(0);
  await expect(page.getByTestId('history-timeline').getByRole('listitem')).toHaveCount(5);
  // Taken by the verifier herself: the oldest entry says she took it, not that someone assigned it.
  await expect(page.getByTestId('history-timeline').getByRole('listitem').last()).toContainText(t['workflow.history.take']);
  await expectNoSeriousViolations(page);
  await shoot(page, `C/${shots}-verified`, { fullPage: true });
}

test.describe('verificaciones', () => {
  test('a verifier takes a pending verification, asks for information and records it eligible (es)', async ({ page, request }) => {
    const opened = await openVerification(request);
    await signIn(page, VERIFIER);
    await workVerification(page, opened, es, 'es');
    // The history lists it with its validity left.
    await page.goto(`/app/verificaciones/existentes?state=verified&q=${opened.folio}`);
    await expect(page.getByRole('row').filter({ hasText: opened.folio })).toContainText(/quedan \d+ días/);
    await expectNoSeriousViolations(page);
    await shoot(page, 'C/es-history', { fullPage: true });
  });

  test('the same day in Japanese', async ({ page, request }) => {
    const opened = await openVerification(request, 'BENEFITS');
    await signIn(page, VERIFIER);
    await useLanguage(page, 'ja');
    await workVerification(page, opened, ja, 'ja');
  });

  test('the administrator continues a verified one to its reimbursement', async ({ page, request }) => {
    const token = await apiToken(request);
    const verified = await json(request, token, 'get', '/api/verifications?state=verified&pageSize=50');
    const valid = (verified.body.items as { id: number; validDaysLeft: number }[]).find((v) => v.validDaysLeft > 0)!;
    await signIn(page, ADMIN.email, { to: `/app/verificaciones/editar/${valid.id}` });
    await page.getByRole('link', { name: es['verifications.continue.action'] }).click();
    await expect(page).toHaveURL(new RegExp(`/reembolsos/nuevo/${valid.id}$`));
  });

  test('a user without the permission sees no action, and the API refuses the event', async ({ page, request }) => {
    const opened = await openVerification(request, 'PREAUTHORIZATION');
    await signIn(page, READ_ONLY.email, { to: `/app/verificaciones/editar/${opened.id}` });
    await expect(page.getByTestId('verification-summary')).toContainText(opened.patientName);
    await expect(page.getByTestId('workflow-actions')).toHaveCount(0);
    await expect(page.getByRole('button', { name: es['verifications.event.CANCEL'] })).toHaveCount(0);
    await page.goto(`/app/verificaciones/nuevas?q=${opened.folio}`);
    await expect(page.getByRole('row').filter({ hasText: opened.folio })).toBeVisible();
    await expect(page.getByRole('button', { name: es['verifications.claimRow'].replace('{folio}', opened.folio) })).toHaveCount(0);
    const token = await apiToken(request, READ_ONLY.email);
    const refused = await json(request, token, 'post', `/api/verifications/${opened.id}/events`, { type: 'CANCEL', reason: 'x', version: 1 });
    expect(refused.status).toBe(403);
  });

  test('generated path P1 of the opening flow, replayed through the screens', async ({ page, request }) => {
    const { paths } = JSON.parse(readFileSync('tests/paths/verification-flow/transitions/paths.json', 'utf8')) as {
      paths: { id: string; scenario: string; steps: { event: { type: string; changes?: { kind?: string; plannedServiceDate?: string } }; state: string }[] }[];
    };
    const path = paths.find((p) => p.id === 'P1')!;
    expect(path.scenario).toBe('blank');
    // The path's SAVE meets "already open": the patient has an open eligibility verification already.
    const opened = await openVerification(request);
    const token = await apiToken(request);
    await request.delete('/api/drafts/verification-new/new', { headers: authHeader(token) });
    await request.delete('/api/drafts/verification-new/new', { headers: authHeader(await apiToken(request, VERIFIER)) });
    await signIn(page, VERIFIER, { to: '/app/verificaciones/nueva' });
    const flow = page.getByTestId('verification-flow');
    await expect(flow).toHaveAttribute('data-state', 'patient');
    await expectNoSeriousViolations(page);
    for (const { event, state } of path.steps) {
      if (event.type === 'PICK_PATIENT') {
        await flow.getByLabel(es['verifications.flow.findPatient']).fill(opened.patientName);
        await flow.getByRole('button', { name: opened.patientName }).first().click();
      } else if (event.type === 'NEXT') {
        await flow.getByRole('button', { name: es['verifications.flow.next'] }).click();
      } else if (event.type === 'BACK') {
        await flow.getByRole('button', { name: es['common.back'] }).click();
      } else if (event.type === 'SAVE') {
        await flow.getByRole('button', { name: es['verifications.flow.save'] }).click();
      } else if (event.type === 'EDIT') {
        if (event.changes?.kind) await flow.getByLabel(es['verifications.field.kindOnly']).selectOption(event.changes.kind);
        // The path's date is relative to its fixture's today; on screen, a date after the real today.
        if (event.changes?.plannedServiceDate) await fillDate(dateField(flow, es['verifications.field.plannedServiceDate']), inDays(4));
      } else if (event.type === 'xstate.done.actor.loadCoverage') {
        await expect(flow.getByTestId('coverage-checks')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shoot(page, 'C/es-new-review', { fullPage: true });
      } else if (event.type === 'xstate.error.actor.create') {
        await expect(flow.getByRole('alert')).toHaveText(es['code.verification.alreadyOpen']);
      } else {
        throw new Error(`No screen action for ${event.type}`);
      }
      // A state the screen passes through while the server answers is read from the next event's outcome.
      if (state === 'checking' || state === 'saving') continue;
      await expect(flow).toHaveAttribute('data-state', state);
    }
  });

  test('the review lists what will be checked: an orthodontic one for a patient past the age limit says so', async ({ page, request }) => {
    const admin = await apiToken(request);
    // insuredPatient's holder was born on 1980-05-04: far past any orthodontic age limit.
    const patient = await insuredPatient(request, admin, 'Irene', 'Mora');
    const { benefits } = (await json(request, admin, 'get', `/api/patients/${patient.id}/overview`)).body as { benefits: { orthodonticAgeLimit: number | null } };
    const limit = benefits.orthodonticAgeLimit!;
    const serviceDate = inDays(4);
    const age = ageOn('1980-05-04', serviceDate);
    expect(age).toBeGreaterThanOrEqual(limit);
    await request.delete('/api/drafts/verification-new/new', { headers: authHeader(await apiToken(request, VERIFIER)) });
    await signIn(page, VERIFIER, { to: '/app/verificaciones/nueva' });
    const flow = page.getByTestId('verification-flow');
    await flow.getByLabel(es['verifications.flow.findPatient']).fill(patient.name);
    await flow.getByRole('button', { name: patient.name }).first().click();
    await flow.getByRole('button', { name: es['verifications.flow.next'] }).click();
    await flow.getByLabel(es['verifications.field.kindOnly']).selectOption('PREAUTHORIZATION');
    await flow.getByLabel(es['verifications.field.category']).selectOption('ORTHODONTIC');
    await fillDate(dateField(flow, es['verifications.field.plannedServiceDate']), serviceDate);
    await flow.getByRole('button', { name: es['verifications.flow.next'] }).click();
    const check = (label: string) => flow.getByTestId('coverage-checks').getByRole('listitem').filter({ hasText: es[label] });
    await expect(check('verifications.check.policy')).toContainText(es['verifications.check.ok']);
    await expect(check('verifications.check.annualMaximum')).toContainText(es['verifications.check.ok']);
    await expect(check('verifications.check.orthodontic')).toBeVisible();
    const ageCheck = check('verifications.check.orthodonticAge');
    await expect(ageCheck).toContainText(es['verifications.check.attention']);
    await expect(ageCheck).toContainText(`${age} años en la fecha de atención; se cubre antes de cumplir ${limit}.`);
    await expectNoSeriousViolations(page);
    await shoot(page, 'D/es-new-review-age', { fullPage: true });
  });

  test('on the record, a supervisor records one not eligible and cancels another, each with its reason, and records a pre-authorisation with its number', async ({ page, request }) => {
    const admin = await apiToken(request);
    const start = async (id: number) => {
      const { version } = (await json(request, admin, 'get', `/api/verifications/${id}`)).body as { version: number };
      expect((await json(request, admin, 'post', `/api/verifications/${id}/events`, { type: 'START', version })).status).toBe(200);
    };
    const notEligible = await openVerification(request, 'BENEFITS');
    const cancelled = await openVerification(request, 'ELIGIBILITY');
    // A patient of its own, covered on the day, so the pre-authorisation can be recorded eligible.
    const insured = await insuredPatient(request, admin, 'Pablo', 'Ibarra');
    const preauthorization = (await json(request, admin, 'post', '/api/verifications', { patientId: insured.id, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: inDays(0) })).body as { id: number };
    await start(notEligible.id);
    await start(preauthorization.id);
    await signIn(page, 'supervisor@demo.local', { to: null });
    const actions = page.getByTestId('workflow-actions');
    const summary = page.getByTestId('verification-summary');
    const dialog = page.getByRole('alertdialog');

    await page.goto(`/app/verificaciones/editar/${notEligible.id}`);
    await actions.getByRole('button', { name: es['verifications.event.RECORD_NOT_ELIGIBLE'], exact: true }).click();
    await dialog.getByLabel(es['verifications.field.notEligibleReason']).fill('La aseguradora no reconoce la póliza en su portal.');
    await dialog.getByRole('button', { name: es['verifications.event.RECORD_NOT_ELIGIBLE'], exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-state="notEligible"]').first()).toBeVisible();
    await expect(summary).toContainText(es['verifications.field.reason']);
    await expect(summary).toContainText('La aseguradora no reconoce la póliza en su portal.');

    await page.goto(`/app/verificaciones/editar/${cancelled.id}`);
    await actions.getByRole('button', { name: es['verifications.event.CANCEL'], exact: true }).click();
    await dialog.getByRole('button', { name: es['verifications.event.CANCEL'], exact: true }).click();
    await expect(dialog.getByText(es['form.required'].replace('{label}', es['verifications.field.cancelReason']))).toBeVisible();
    await dialog.getByLabel(es['verifications.field.cancelReason']).fill('Solicitada por error: el paciente ya tenía una abierta.');
    await dialog.getByRole('button', { name: es['verifications.event.CANCEL'], exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-state="cancelled"]').first()).toBeVisible();
    await expect(summary).toContainText(es['verifications.field.reason']);
    await expect(summary).toContainText('Solicitada por error: el paciente ya tenía una abierta.');
    await expect(page.getByTestId('workflow-actions')).toHaveCount(0);

    // A pre-authorisation is not recorded eligible without the insurer's authorisation number.
    await page.goto(`/app/verificaciones/editar/${preauthorization.id}`);
    await actions.getByRole('button', { name: es['verifications.event.RECORD_ELIGIBLE'], exact: true }).click();
    await dialog.getByLabel(es['verifications.field.channel']).selectOption('PORTAL');
    await dialog.getByRole('button', { name: es['verifications.event.RECORD_ELIGIBLE'], exact: true }).click();
    await expect(dialog.getByText(es['form.required'].replace('{label}', es['verifications.field.authorizationNumber']))).toBeVisible();
    await dialog.getByLabel(es['verifications.field.authorizationNumber']).fill('AUT-2026-00421');
    await dialog.getByRole('button', { name: es['verifications.event.RECORD_ELIGIBLE'], exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-state="verified"]').first()).toBeVisible();
    await expect(summary).toContainText(es['verifications.field.authorizationNumber']);
    await expect(summary).toContainText('AUT-2026-00421');
    await expectNoSeriousViolations(page);
  });

  test('every screen in dark, right-to-left, Japanese and at 390 px is axe clean', async ({ page, request }) => {
    // Twelve screens with axe on each: more than the default minute on a loaded machine.
    test.setTimeout(hangLimit(180_000));
    const opened = await openVerification(request, 'BENEFITS');
    const screens = { worklist: '/app/verificaciones/nuevas', history: '/app/verificaciones/existentes', new: '/app/verificaciones/nueva', record: `/app/verificaciones/editar/${opened.id}` };
    const variants: [string, Preferences, { width: number; height: number }][] = [
      ['light', { currentTheme: 'light' }, { width: 1280, height: 900 }],
      ['dark-rtl', { currentTheme: 'dark', direction: 'rtl' }, { width: 1280, height: 900 }],
      ['ja-390', { currentTheme: 'light', direction: 'ltr', locale: 'ja' }, { width: 390, height: 844 }],
    ];
    const start = { path: screens.worklist, look: variants[0]![0] };
    await signIn(page, ADMIN.email, { to: start.path, preferences: variants[0]![1] });
    const open = sweepOpener(page, start);
    for (const [name, preferences, size] of variants) {
      await page.setViewportSize(size);
      await storePreferences(page, preferences);
      for (const [screen, path] of Object.entries(screens)) {
        await open(path, name);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
        await expectNoSeriousViolations(page);
        await shoot(page, `C/${name}-${screen}`, { fullPage: true });
      }
    }
  });

  test('the opening flow keeps its draft over a reload and asks before leaving', async ({ page, request }) => {
    await request.delete('/api/drafts/verification-new/new', { headers: authHeader(await apiToken(request, VERIFIER)) });
    const opened = await openVerification(request);
    await signIn(page, VERIFIER, { to: '/app/verificaciones/nueva' });
    const flow = page.getByTestId('verification-flow');
    await flow.getByLabel(es['verifications.flow.findPatient']).fill(opened.patientName);
    await flow.getByRole('button', { name: opened.patientName }).first().click();
    await flow.getByRole('button', { name: es['verifications.flow.next'] }).click();
    await flow.getByLabel(es['verifications.field.kindOnly']).selectOption('BENEFITS');
    const verifier = await apiToken(request, VERIFIER);
    await expect.poll(async () => (await json(request, verifier, 'get', '/api/drafts/verification-new/new')).body?.snapshot?.kind).toBe('BENEFITS');
    await page.reload();
    await expect(page.getByText(es['workflow.draft.restored'])).toBeVisible();
    await expect(flow).toHaveAttribute('data-state', 'patient');
    await expect(flow.getByText(opened.patientName)).toBeVisible();
    await flow.getByRole('button', { name: es['verifications.flow.next'] }).click();
    await expect(flow.getByLabel(es['verifications.field.kindOnly'])).toHaveValue('BENEFITS');
    await shoot(page, 'C/es-new-details', { fullPage: true });
    // Leaving through a link asks first (not the enrolment link: it comes back to the kept draft).
    await page.getByRole('navigation', { name: es['nav.breadcrumbs'] }).getByRole('link').first().click();
    const leave = page.getByRole('alertdialog');
    await expect(leave).toContainText(es['leave.title']);
    await leave.getByRole('button', { name: es['leave.stay'] }).click();
    await expect(flow).toBeVisible();
  });

  test('enrolling a patient from the flow comes back to it with that patient chosen, without asking to leave', async ({ page, request }) => {
    const admin = await apiToken(request);
    await request.delete('/api/drafts/verification-new/new', { headers: authHeader(admin) });
    const chosenFirst = await insuredPatient(request, admin, 'Berta', 'Quiroga');
    // An empty individual policy the new patient is enrolled on, as its holder.
    const unique = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e3)}`;
    const year = new Date().getFullYear();
    const insurers = await api(request, admin, 'get', '/api/insurers?pageSize=100');
    const insurer = (insurers.items as { id: number; currency: string; active: boolean }[]).find((i) => i.currency === 'EUR' && i.active)!;
    const document = `E${unique}`.slice(0, 20);
    const holder = await api(request, admin, 'post', '/api/policyholders', {
      kind: 'PERSON', firstNames: 'Rocío', lastNames: 'Vidal', documentType: 'DNI', documentNumber: document, birthDate: '1990-02-03',
      email: `e${unique.toLowerCase()}@example.com`, memberNumber: `AF-E${unique}`, privacyConsentVersion: '2026-01', privacyConsentDate: `${year}-01-02`,
      bankName: 'Banco Demo', bankAccountType: 'SAVINGS', bankAccount: 'ES7600000000000000000000', accountHolder: 'Rocío Vidal',
    });
    const policy = await api(request, admin, 'post', '/api/policies', {
      policyholderId: holder.id, insurerId: insurer.id, number: `POL-E-${unique}`, kind: 'INDIVIDUAL', planName: 'Dental Plus',
      issuedOn: `${year - 1}-12-15`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31`, benefitYear: 'CALENDAR', maxBeneficiaries: 1,
    });
    if (policy.state !== 'ACTIVE') await api(request, admin, 'post', `/api/policies/${policy.id}/events`, { type: 'ACTIVATE', version: policy.version });

    await signIn(page, ADMIN.email, { to: '/app/verificaciones/nueva' });
    const flow = page.getByTestId('verification-flow');
    await flow.getByLabel(es['verifications.flow.findPatient']).fill(chosenFirst.name);
    await flow.getByRole('button', { name: chosenFirst.name }).first().click();
    await expect(flow.getByRole('status')).toContainText(chosenFirst.name);
    await flow.getByRole('link', { name: es['verifications.flow.enrol'] }).click();
    await expect(page).toHaveURL(/\/app\/pacientes\/nuevo\?volver=%2Fverificaciones%2Fnueva$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
    await page.getByRole('searchbox', { name: 'Buscar la póliza' }).fill(policy.number);
    const choice = page.getByRole('radio', { name: new RegExp(policy.number) });
    await page.locator('label').filter({ has: choice }).click();
    await field('Parentesco').selectOption({ label: 'Titular' });
    await field('Nombres').fill('Rocío');
    await field('Primer apellido').fill('Vidal');
    await field('Tipo de documento').selectOption({ label: 'DNI' });
    await field('Número de documento').fill(document);
    await fillDate(dateField(page, /^Fecha de nacimiento/), '1990-02-03');
    await fillDate(dateField(page, /^Fecha de alta/), `${year}-01-01`);
    await page.getByRole('button', { name: 'Guardar' }).click();

    // Back in the flow, the new patient is the chosen one, kept in the draft; the address forgets the enrolment.
    await expect(page).toHaveURL(/\/app\/verificaciones\/nueva$/);
    await expect(flow).toHaveAttribute('data-state', 'patient');
    await expect(flow.getByRole('status').filter({ hasText: es['verifications.flow.chosen'] })).toContainText('Rocío Vidal');
    await expect.poll(async () => (await json(request, admin, 'get', '/api/drafts/verification-new/new')).body?.snapshot?.patient?.name).toMatch(/^Rocío Vidal/);
    await expectNoSeriousViolations(page);
    await shoot(page, 'U/es-new-enrolled', { fullPage: true });
  });

  test('keyboard only: a verification opened from the patient search to its record', async ({ page, request }) => {
    const patient = await insuredPatient(request, await apiToken(request), 'Teo', 'Navarro');
    await request.delete('/api/drafts/verification-new/new', { headers: authHeader(await apiToken(request, VERIFIER)) });
    await signIn(page, VERIFIER, { to: '/app/verificaciones/nueva' });
    const flow = page.getByTestId('verification-flow');
    await expect(flow).toHaveAttribute('data-state', 'patient');
    const tabTo = async (target: Locator) => {
      for (let i = 0; i < 60; i++) {
        if (await target.evaluate((element) => element === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${target}`);
    };
    await tabTo(flow.getByLabel(es['verifications.flow.findPatient']));
    await page.keyboard.type(patient.name);
    const found = flow.getByRole('button', { name: patient.name }).first();
    await expect(found).toBeVisible();
    await tabTo(found);
    await page.keyboard.press('Enter');
    await tabTo(flow.getByRole('button', { name: es['verifications.flow.next'] }));
    await page.keyboard.press('Enter');
    await expect(flow).toHaveAttribute('data-state', 'details');

    const kind = flow.getByLabel(es['verifications.field.kindOnly']);
    await tabTo(kind);
    await page.keyboard.type(es['verifications.kind.BENEFITS']);
    await expect(kind).toHaveValue('BENEFITS');
    const date = dateField(flow, es['verifications.field.plannedServiceDate']);
    await tabAndTypeDate(page, date, inDays(4));
    await expectDate(date, inDays(4));
    await tabTo(flow.getByRole('button', { name: es['verifications.flow.next'] }));
    await page.keyboard.press('Enter');
    await expect(flow).toHaveAttribute('data-state', 'review');
    await expect(flow.getByTestId('coverage-checks')).toBeVisible();
    await tabTo(flow.getByRole('button', { name: es['verifications.flow.save'] }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/verificaciones\/editar\/\d+$/);
    await expect(page.getByTestId('verification-summary')).toContainText(patient.name);
    // Her own new verification is hers (issue 28, item 3): she starts it at once, with nothing to take first.
    const actions = page.getByTestId('workflow-actions');
    await expect(actions.getByRole('button', { name: es['verifications.event.START'], exact: true })).not.toHaveAttribute('aria-disabled', 'true');
    // Taking it would change nothing: "Tomar" is shown unavailable with the statechart's reason (issue 28, item 2).
    await expect(actions.getByRole('button', { name: es['verifications.claim'], exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(actions.getByTestId('blocked-ASSIGN')).toContainText(es['machine.verification.guard.assigneeChanges']);
    await expect(page.getByTestId('history-timeline').getByRole('listitem')).toHaveText([new RegExp(`^${es['workflow.history.take']} → ${es['machine.verification.state.pending']}`)]);
  });

  test('keyboard only: a supervisor assigns two verifications at once from the worklist', async ({ page, request }) => {
    const admin = await apiToken(request);
    // A surname of letters only, found by the worklist's search and by no other test's patient.
    const surname = `Lote${String(Date.now()).slice(-8).replace(/\d/g, (digit) => 'bcdfghjklm'[Number(digit)])}`;
    const patient = await insuredPatient(request, admin, 'Pía', surname);
    const opened: number[] = [];
    for (const kind of ['ELIGIBILITY', 'BENEFITS']) {
      const created = await json(request, admin, 'post', '/api/verifications', { patientId: patient.id, kind, category: 'GENERAL', plannedServiceDate: inDays(5) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      opened.push(created.body.id);
    }
    const { keyboard } = page;
    await signIn(page, 'supervisor@demo.local', { to: `/app/verificaciones/nuevas?assigned=unassigned&q=${surname}` });
    const rows = page.locator('table tbody tr[data-index]');
    await expect(rows).toHaveCount(2);

    // The rows are one tab stop: the arrow keys move between them, Space chooses.
    await tabToTarget(page, rows.first());
    await expectFocusVisible(rows.first());
    await keyboard.press('Space');
    await keyboard.press('ArrowDown');
    await expectFocusVisible(rows.nth(1));
    await keyboard.press('Space');
    const bulk = page.getByRole('region', { name: es['list.bulkActions'] });
    await expect(bulk).toContainText('2 seleccionados');
    // The bulk actions stand above the list: back to them with Shift+Tab.
    const assignTo = bulk.getByRole('combobox', { name: es['verifications.assignTo'] });
    await tabToTarget(page, assignTo, { back: true });
    await expectFocusVisible(assignTo);
    await keyboard.type('Valeria V');
    await expect(assignTo).not.toHaveValue('');
    const assign = bulk.getByRole('button', { name: es['verifications.assignSelected'] });
    await tabToTarget(page, assign);
    await expectFocusVisible(assign);
    await keyboard.press('Enter');
    await expect(page.getByText('2 de 2 verificaciones asignadas.')).toBeVisible();
    await expect(bulk).toHaveCount(0);
    await expect(rows).toHaveCount(0);
    // The bar has gone with its work: the focus waits in the list's search, not at the start of the page.
    await expectFocusVisible(page.getByRole('searchbox', { name: es['common.search'] }));
    for (const id of opened) expect((await json(request, admin, 'get', `/api/verifications/${id}`)).body.assigneeName).toBe('Valeria Verificadora');
    // Handed out by the supervisor: its history says it was assigned, not taken.
    await page.goto(`/app/verificaciones/editar/${opened[0]}`);
    await expect(page.getByTestId('history-timeline').getByRole('listitem')).toHaveText([new RegExp(`^${es['workflow.history.assign']} → ${es['machine.verification.state.pending']}`)]);
  });
});
