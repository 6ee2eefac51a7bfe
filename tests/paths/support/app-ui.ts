/**
 * Drives the real back office UI for the generated Playwright specs of the app machine
 * (tests/paths/app/<criterion>/app.<criterion>.paths.spec.ts): one method per machine event (an invoking event
 * and its outcome are one user action: the outcome decides the input), and a check per resting state.
 *
 * Failed sign-ins use an address with no account, so they never lock the demo administrator out.
 *
 * A request can be held in flight (`{ hold: true }`): page.route keeps it unanswered while the next steps run
 * (the machine stays in its loading state), and `settle()` lets it through and checks its outcome.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type Route, type TestInfo } from '@playwright/test';
import { recordRun } from '../../../scripts/statecharts/paths/runs.ts';
import type { PathsFile } from '../../../scripts/statecharts/paths/types.ts';
import { ADMIN, PASSWORD, authHeader, sideNav, storage, tokenOf } from '../../e2e/fixtures.ts';
import { hangLimit } from '../../../scripts/hang-limit.ts';

/** How an invoked actor settled: a session grant with a token, one without (only from a stubbed answer), or a failure. */
export type Outcome = 'grant' | 'no-token' | 'error' | 'done';

const NOBODY = 'nadie-paths@demo.local';
const TEXT = {
  invalidCredentials: 'El correo o la contraseña no son correctos.',
  noToken: 'No se pudo iniciar sesión.',
  resetSent: 'Si la cuenta existe, le enviamos un enlace para restablecer la contraseña.',
  unreachable: 'No hay conexión con el servidor. Sus datos siguen en pantalla.',
  duplicate: 'Ya existe un registro con ese valor.',
  expiredTitle: 'Su sesión ha caducado',
};
const PUBLIC_HEADINGS = /^(Iniciar sesión|Crear cuenta|Recuperar contraseña)$/;
const tokenless = { status: 'success', message: 'Signed in.', authorisation: { token: null, type: 'bearer' }, user: null };

/** Options of an invoking action: hold its request in flight until `settle()`. */
export interface Send {
  hold?: boolean;
}

type Answer = ((route: Route) => Promise<void>) | null;

export class AppUi {
  private registrations = 0;
  /** The request held in flight, if any: let it through, then check its outcome. */
  private held: { release: () => void; check: () => Promise<void> } | null = null;

  constructor(
    readonly page: Page,
    readonly request: APIRequestContext,
  ) {}

  private get userMenu() {
    return this.page.getByRole('button', { name: /^Menú de / });
  }

  private get expiredDialog() {
    return this.page.getByRole('alertdialog', { name: TEXT.expiredTitle });
  }

  /** The session message's close button (the message itself keeps its role and text). */
  private get closeMessage() {
    return this.page.getByRole('button', { name: 'Cerrar', exact: true });
  }

  /**
   * Answers the next request to `url` with `answer` (null: let it through), held until `settle()` when `hold`;
   * `check` is what the outcome shows on screen, run at once or after the held request is let through.
   */
  private async send(url: string, answer: Answer, options: Send, act: () => Promise<void>, check: () => Promise<void>) {
    // A request still held belongs to an invoked actor the machine has stopped since (it left the loading state):
    // it stays unanswered, as its answer would be ignored.
    this.held = null;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    if (answer || options.hold) {
      await this.page.route(
        url,
        async (route) => {
          if (options.hold) await gate;
          await (answer ?? ((r: Route) => r.continue()))(route);
        },
        { times: 1 },
      );
    }
    await act();
    if (options.hold) this.held = { release, check };
    else await check();
  }

  /** Lets the held request through and checks its outcome on screen. */
  async settle(): Promise<void> {
    const held = this.held;
    if (!held) throw new Error('No request is held in flight');
    this.held = null;
    held.release();
    await held.check();
  }

  /** DISMISS_MESSAGE: the close button of the session message. */
  async dismissMessage(): Promise<void> {
    const close = this.closeMessage;
    await expect(close).toHaveCount(1);
    await close.click();
    await expect(close).toHaveCount(0);
    await expect(this.page.locator('.ui-notice-frame')).toHaveCount(0);
  }

  /** No session message on screen, so nothing to dismiss. */
  async expectNoMessage(): Promise<void> {
    await expect(this.closeMessage).toHaveCount(0);
    await expect(this.page.locator('.ui-notice-frame')).toHaveCount(0);
  }

  /** Opens the app in a scenario of the app machine's fixture. */
  async start(scenario: string): Promise<void> {
    if (scenario === 'stored-session') {
      const response = await this.request.post('/api/login', { data: { email: ADMIN.email, password: PASSWORD } });
      expect(response.status(), 'API sign-in').toBe(200);
      const body = await response.json();
      await this.seedStorage({ auth_token: body.authorisation.token, user_loged: JSON.stringify(body.user) });
      await this.page.goto('/app/panel/default');
    } else if (scenario === 'stored-error') {
      await this.seedStorage({ errors: 'Cuenta suspendida' });
      await this.page.goto('/log-in');
    } else if (scenario === 'signed-out') {
      await this.page.goto('/log-in');
    } else {
      throw new Error(`No UI set-up for scenario ${scenario}`);
    }
  }

  /** Browser storage as it was before the app started: set once, not again on later navigations. */
  private async seedStorage(items: Record<string, string>) {
    await this.page.addInitScript((seed) => {
      if (sessionStorage.getItem('paths.seeded')) return;
      for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, value);
      sessionStorage.setItem('paths.seeded', '1');
    }, items);
  }

  /** The UI shows the machine's resting state. */
  async expectState(state: string): Promise<void> {
    const { page } = this;
    switch (state) {
      case 'anonymous.idle':
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_HEADINGS);
        await expect(this.userMenu).toHaveCount(0);
        await expect.poll(async () => (await storage(page)).auth_token ?? null).toBeNull();
        return;
      case 'authenticated.active':
        await expect(this.userMenu).toBeVisible();
        await expect(this.expiredDialog).toHaveCount(0);
        await expect.poll(async () => (await storage(page)).auth_token ?? null).not.toBeNull();
        return;
      case 'authenticated.sessionExpired.idle':
        await expect(this.expiredDialog).toBeVisible();
        await expect(this.expiredDialog.locator('button[type="submit"]')).toBeEnabled();
        return;
      case 'anonymous.signingIn':
      case 'anonymous.registering':
      case 'anonymous.requestingReset': {
        // The request is held in flight: the public form's submit button is busy.
        const submit = page.locator('form button[type="submit"]');
        await expect(submit).toBeDisabled();
        await expect(submit).toHaveAttribute('aria-busy', 'true');
        await expect(this.userMenu).toHaveCount(0);
        return;
      }
      case 'authenticated.sessionExpired.signingIn':
        await expect(this.expiredDialog).toBeVisible();
        await expect(this.expiredDialog.locator('button[type="submit"]')).toBeDisabled();
        return;
      default:
        throw new Error(`No UI check for state ${state}`);
    }
  }

  /** Goes to a public page by its links (not by loading it, which would restart the app). */
  private async openPublic(target: '/log-in' | '/register' | '/forgot-password') {
    const { page } = this;
    const here = () => new URL(page.url()).pathname;
    if (here() === target) return;
    if (here() !== '/log-in') await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/log-in/);
    if (target === '/register') await page.getByRole('link', { name: '¿No tiene cuenta? Regístrese' }).click();
    if (target === '/forgot-password') await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    await expect(page).toHaveURL(new RegExp(`${target}(\\?|$)`));
  }

  /** SIGN_IN from the log-in page, then its outcome. */
  async signIn(outcome: Outcome, options: Send = {}): Promise<void> {
    const { page } = this;
    await this.openPublic('/log-in');
    await this.send(
      '**/api/login',
      outcome === 'no-token' ? (route) => route.fulfill({ status: 200, json: tokenless }) : null,
      options,
      async () => {
        await page.getByLabel('Correo electrónico').fill(outcome === 'error' ? NOBODY : ADMIN.email);
        await page.getByLabel('Contraseña').fill(PASSWORD);
        await page.getByRole('button', { name: 'Ingresar' }).click();
      },
      async () => {
        if (outcome === 'grant') await expect(page).toHaveURL(/\/app\//);
        if (outcome === 'error') await expect(page.getByRole('alert')).toContainText(TEXT.invalidCredentials);
        if (outcome === 'no-token') await expect(page.getByRole('alert')).toBeVisible();
      },
    );
  }

  /** REGISTER from the registration page, then its outcome (an address already used fails). */
  async register(outcome: Outcome, options: Send = {}): Promise<void> {
    const { page } = this;
    await this.openPublic('/register');
    this.registrations += 1;
    const email = outcome === 'error' ? ADMIN.email : `paths-${Date.now()}-${this.registrations}@example.com`;
    await this.send(
      '**/api/register',
      outcome === 'no-token' ? (route) => route.fulfill({ status: 201, json: tokenless }) : null,
      options,
      async () => {
        await page.getByLabel('Nombre').fill('Ruta Generada');
        await page.getByLabel('Correo electrónico').fill(email);
        await page.getByLabel('Contraseña').fill('una-clave-segura-123');
        await page.getByRole('button', { name: 'Registrarme' }).click();
      },
      async () => {
        if (outcome === 'grant') await expect(page.getByText('Hola, Ruta Generada')).toBeVisible();
        if (outcome === 'error') await expect(page.getByRole('alert')).toContainText(TEXT.duplicate);
        if (outcome === 'no-token') await expect(page.getByRole('alert')).toBeVisible();
      },
    );
  }

  /** REQUEST_RESET from the forgot-password page; the failure is the server being unreachable. */
  async requestReset(outcome: Outcome, options: Send = {}): Promise<void> {
    const { page } = this;
    await this.openPublic('/forgot-password');
    await this.send(
      '**/api/forgot-password',
      outcome === 'error' ? (route) => route.abort('internetdisconnected') : null,
      options,
      async () => {
        await page.getByLabel('Correo electrónico').fill(ADMIN.email);
        await page.getByRole('button', { name: 'Enviar enlace' }).click();
      },
      async () => {
        if (outcome === 'error') await expect(page.getByRole('alert')).toContainText(TEXT.unreachable);
        else await expect(page.getByRole('status').filter({ hasText: TEXT.resetSent })).toBeVisible();
      },
    );
  }

  /** LOG_OUT from the user menu (or the session-expired dialog); the failure is the server being unreachable. */
  async logOut(outcome: Outcome, options: Send = {}): Promise<void> {
    const { page } = this;
    await this.send(
      '**/api/logout',
      outcome === 'error' ? (route) => route.abort('internetdisconnected') : null,
      options,
      async () => {
        if (await this.expiredDialog.isVisible()) {
          await this.expiredDialog.getByRole('button', { name: 'Cerrar sesión' }).click();
        } else {
          await this.userMenu.click();
          await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
        }
      },
      async () => {
        await expect(page).toHaveURL(/\/log-in/);
        await expect.poll(() => storage(page)).toEqual({});
      },
    );
  }

  /** SESSION_EXPIRED: the token is revoked elsewhere, then the next API call answers 401. */
  async expireSession(): Promise<void> {
    const { page, request } = this;
    const revoked = await request.post('/api/logout', { headers: authHeader(await tokenOf(page)) });
    expect(revoked.status()).toBe(204);
    // Opening the insurers list (client-side, so the app keeps running) fetches it with the revoked token,
    // unless the live events stream, reconnecting with the same token, has noticed it first.
    const nav = sideNav(page);
    await expect(async () => {
      if (await this.expiredDialog.isVisible()) return;
      const link = new URL(page.url()).pathname.startsWith('/app/aseguradoras') ? 'Panel' : 'Aseguradoras';
      await nav.getByRole('link', { name: link }).click({ timeout: 2_000 });
      await expect(this.expiredDialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: hangLimit(30_000) });
  }

  /** SIGN_IN in the session-expired dialog, then its outcome. */
  async signInAgain(outcome: Outcome, options: Send = {}): Promise<void> {
    const dialog = this.expiredDialog;
    await this.send(
      '**/api/login',
      outcome === 'no-token' ? (route) => route.fulfill({ status: 200, json: tokenless }) : null,
      options,
      async () => {
        await dialog.getByLabel('Correo electrónico').fill(outcome === 'error' ? NOBODY : ADMIN.email);
        await dialog.getByLabel('Contraseña').fill(PASSWORD);
        await dialog.getByRole('button', { name: 'Ingresar' }).click();
      },
      async () => {
        if (outcome === 'grant') await expect(dialog).toBeHidden();
        if (outcome === 'error') await expect(dialog.getByRole('alert')).toContainText(TEXT.invalidCredentials);
        if (outcome === 'no-token') await expect(dialog.getByRole('alert')).toBeVisible();
      },
    );
  }
}

/** What this run's passed paths took, per paths file: recorded again after each path that passes. */
const passed = new Map<string, { transitions: string[]; guards: string[] }>();

/**
 * After each generated path (its test title starts with the path's id; paths.json lies beside the spec): when it
 * passed, its steps' transitions and guard outcomes count for the coverage report's app (browser) column.
 */
export function recordPassedPath(info: TestInfo): void {
  if (info.status !== 'passed') return;
  const file = path.join(path.dirname(info.file), 'paths.json');
  const paths = JSON.parse(fs.readFileSync(file, 'utf8')) as PathsFile;
  const replayed = paths.paths.find((p) => p.id === info.title.split(' ')[0]);
  if (!replayed) return;
  const took = passed.get(file) ?? { transitions: [], guards: [] };
  took.transitions.push(...replayed.steps.flatMap((s) => s.transitions));
  took.guards.push(...replayed.steps.flatMap((s) => s.guards));
  passed.set(file, took);
  recordRun({ channel: 'app', machine: paths.machine, source: `${paths.criterion} paths through the UI (tests/paths/app)`, ...took });
}
