import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, READ_ONLY, signIn } from './fixtures.ts';

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
  await page.screenshot({ path: `/tmp/shots/C/${shots}-worklist.png`, fullPage: true });

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
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `/tmp/shots/C/${shots}-verified.png`, fullPage: true });
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
    await page.screenshot({ path: '/tmp/shots/C/es-history.png', fullPage: true });
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
    await signIn(page, ADMIN.email);
    await page.goto(`/app/verificaciones/editar/${valid.id}`);
    await page.getByRole('link', { name: es['verifications.continue.action'] }).click();
    await expect(page).toHaveURL(new RegExp(`/reembolsos/nuevo/${valid.id}$`));
  });

  test('a user without the permission sees no action, and the API refuses the event', async ({ page, request }) => {
    const opened = await openVerification(request, 'PREAUTHORIZATION');
    await signIn(page, READ_ONLY.email);
    await page.goto(`/app/verificaciones/editar/${opened.id}`);
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
    await signIn(page, VERIFIER);
    await request.delete('/api/drafts/verification-new/new', { headers: authHeader(await apiToken(request, VERIFIER)) });
    await page.goto('/app/verificaciones/nueva');
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
        if (event.changes?.plannedServiceDate) await flow.getByLabel(es['verifications.field.plannedServiceDate']).fill(inDays(4));
      } else if (event.type === 'xstate.done.actor.loadCoverage') {
        await expect(flow.getByTestId('coverage-checks')).toBeVisible();
        await expectNoSeriousViolations(page);
        await page.screenshot({ path: '/tmp/shots/C/es-new-review.png', fullPage: true });
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

  test('every screen in dark, right-to-left, Japanese and at 390 px is axe clean', async ({ page, request }) => {
    const opened = await openVerification(request, 'BENEFITS');
    await signIn(page, ADMIN.email);
    const screens = { worklist: '/app/verificaciones/nuevas', history: '/app/verificaciones/existentes', new: '/app/verificaciones/nueva', record: `/app/verificaciones/editar/${opened.id}` };
    const variants: [string, Record<string, string>, { width: number; height: number }][] = [
      ['light', { currentTheme: 'light' }, { width: 1280, height: 900 }],
      ['dark-rtl', { currentTheme: 'dark', direction: 'rtl' }, { width: 1280, height: 900 }],
      ['ja-390', { currentTheme: 'light', direction: 'ltr', locale: 'ja' }, { width: 390, height: 844 }],
    ];
    for (const [name, preferences, size] of variants) {
      await page.setViewportSize(size);
      await page.evaluate((p) => localStorage.setItem('preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('preferences') ?? '{}'), ...p })), preferences);
      for (const [screen, path] of Object.entries(screens)) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
        await expectNoSeriousViolations(page);
        await page.screenshot({ path: `/tmp/shots/C/${name}-${screen}.png`, fullPage: true });
      }
    }
  });

  test('the opening flow keeps its draft over a reload and asks before leaving', async ({ page, request }) => {
    await signIn(page, VERIFIER);
    await request.delete('/api/drafts/verification-new/new', { headers: authHeader(await apiToken(request, VERIFIER)) });
    const opened = await openVerification(request);
    await page.goto('/app/verificaciones/nueva');
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
    await page.screenshot({ path: '/tmp/shots/C/es-new-details.png', fullPage: true });
    // Leaving through a link asks first.
    await flow.getByRole('button', { name: es['common.back'] }).click();
    await flow.getByRole('link', { name: es['verifications.flow.enrol'] }).click();
    const leave = page.getByRole('alertdialog');
    await expect(leave).toContainText(es['leave.title']);
    await leave.getByRole('button', { name: es['leave.stay'] }).click();
    await expect(flow).toBeVisible();
  });
});
