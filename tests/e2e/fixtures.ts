import path from 'node:path';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { clickNoting } from './click-notes.ts';
import { catalogs } from './looks.ts';

export { expect };

/** A response a test fulfils itself to play an outage carries this header; it is not the server failing. */
export const SIMULATED = { 'x-test-simulated': 'outage' };

let serverErrors: string[] = [];

/** Records every 5xx answered to a page of `context` (the test's own page is watched already). */
export function watchServerErrors(context: BrowserContext) {
  context.on('response', (response) => {
    if (response.status() >= 500 && !response.headers()['x-test-simulated']) serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
}

/** Who `signIn` signed in during the test, so that their saved language is put back after it. */
const signedIn = new Map<string, string>();

/**
 * Playwright's test, failing any test during which a browser page got a 5xx: no request may answer 500. After the
 * test, the users it signed in are back to Spanish: the header's language is saved to the profile (issue 28
 * item 18), and the next test that signs the same demo user in through the form must not open in another.
 */
export const test = base.extend<{ noServerErrors: void }>({
  noServerErrors: [
    async ({ context, playwright }, use) => {
      serverErrors = [];
      signedIn.clear();
      watchServerErrors(context);
      await use();
      expect(serverErrors, 'responses with a server error').toEqual([]);
      if (!signedIn.size) return;
      const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      for (const [email, password] of signedIn) {
        const response = await request.post('/api/login', { data: { email, password } });
        if (response.ok()) await speakSpanish(request, await response.json());
      }
      await request.dispose();
    },
    { auto: true },
  ],
});

type Grant = { authorisation: { token: string }; user: { name: string; locale: string; version: number; mustChangeCredentials?: boolean } };

/** Puts a signed-in user's saved language back to Spanish, the panel's default; answers the user as saved. */
async function speakSpanish(request: Page['request'], { authorisation, user }: Grant): Promise<Grant['user']> {
  // One who must choose a password first can save nothing yet (and has never chosen a language in a header).
  if (user.locale === 'es' || user.mustChangeCredentials) return user;
  const response = await request.put('/api/me', { headers: auth(authorisation.token), data: { name: user.name, locale: 'es', version: user.version } });
  expect(response.status(), `the saved language of ${user.name} back to Spanish`).toBe(200);
  return (await response.json()).user;
}

/**
 * A screenshot for a person to look at (a screen's looks, a new layout), saved as SHOTS_DIR/<name>.png when
 * SHOTS_DIR is set (`SHOTS_DIR=/tmp/shots npx playwright test …`); without it nothing is taken, so the suite
 * does not spend its time encoding pictures nobody opens.
 */
export async function shoot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.SHOTS_DIR) return;
  await target.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), ...options });
}

/** The four looks a person checks a new screen in: light, dark right to left, Japanese, a 390 px phone. */
const PICTURED_LOOKS = [
  { name: 'light', preferences: { currentTheme: 'light', direction: 'ltr', locale: 'es' }, width: 1280 },
  { name: 'dark-rtl', preferences: { currentTheme: 'dark', direction: 'rtl', locale: 'es' }, width: 1280 },
  { name: 'ja', preferences: { currentTheme: 'light', direction: 'ltr', locale: 'ja' }, width: 1280 },
  { name: '390', preferences: { currentTheme: 'light', direction: 'ltr', locale: 'es' }, width: 390 },
] as const;

/**
 * Pictures a screen in the four looks as SHOTS_DIR/<name>-<look>.png (`open` shows it again and waits for what the
 * picture must hold), only when pictures are asked for: otherwise four page loads nobody looks at. Leaves the page
 * light, left to right, in Spanish, at 1280 px.
 */
export async function shootLooks(page: Page, name: string, open: () => Promise<void>) {
  if (!process.env.SHOTS_DIR) return;
  for (const look of PICTURED_LOOKS) {
    await page.setViewportSize({ width: look.width, height: 900 });
    await storePreferences(page, look.preferences);
    await open();
    await shoot(page, `${name}-${look.name}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.setItem('preferences', JSON.stringify({ currentTheme: 'light', direction: 'ltr', locale: 'es' })));
}

export const PASSWORD = 'demo1234';
export const ADMIN = { email: 'admin@demo.local', name: 'Ana Administradora' };
export const READ_ONLY = { email: 'consulta@demo.local', name: 'Carla Consulta' };

/** Fills the log-in form (the page must already show it) and submits. */
export async function submitLogIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Preferences a test starts the panel with (merged into the stored `preferences`): language, theme, direction, menu. */
export type Preferences = Partial<Record<'locale' | 'currentTheme' | 'direction' | 'navType', string>>;

/** Merges `preferences` into those the page's panel keeps; the next page load starts with them. */
export async function storePreferences(page: Page, preferences: Preferences) {
  await page.evaluate((p) => localStorage.setItem('preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('preferences') ?? '{}'), ...p })), preferences);
}

/**
 * Signs in as a returning user is: the session the API grants put in the browser's storage (as the log-in form
 * stores it) with `preferences` if any, then a page opened, waiting until the signed-in shell is on screen: `to`,
 * else where the log-in page would send the user (its `redirect`, or home). Each page load costs over a second of
 * the processor on the 2-core machines, so a test that starts elsewhere than home says where with `to`, and in what
 * look with `preferences`, rather than loading home first; with `to: null` no page is opened, for tests whose first
 * step opens an address of their own (their first screen then shows whether the session took). The log-in form
 * itself is the subject of auth.spec.ts (`submitLogIn`).
 */
export async function signIn(page: Page, email: string, { password = PASSWORD, to, preferences }: { password?: string; to?: string | null; preferences?: Preferences } = {}) {
  const response = await page.request.post('/api/login', { data: { email, password } });
  expect(response.status(), `API sign-in of ${email}`).toBe(200);
  const grant = (await response.json()) as Grant;
  const { authorisation } = grant;
  // A user starts each test in Spanish whatever a test before chose in the header (saved to the profile).
  const user = await speakSpanish(page.request, grant);
  signedIn.set(email, password);
  const here = page.url().startsWith('http') ? new URL(page.url()) : null;
  const origin = here?.origin ?? new URL(test.info().project.use.baseURL!).origin;
  const session = [
    { name: 'auth_token', value: authorisation.token },
    { name: 'user_loged', value: JSON.stringify(user) },
  ];
  if (here?.origin === origin) {
    // On the panel already: only the session's entries change, so the secure storage's key in IndexedDB (which
    // replacing the storage state would wipe) still opens the preferences kept beside them.
    await page.evaluate((entries) => {
      localStorage.removeItem('errors');
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, session);
    if (preferences) await storePreferences(page, preferences);
  } else {
    const state = await page.context().storageState();
    const kept = state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
    const stored = kept.find((item) => item.name === 'preferences')?.value;
    const look = preferences ? [{ name: 'preferences', value: JSON.stringify({ ...JSON.parse(stored ?? '{}'), ...preferences }) }] : [];
    await page.context().setStorageState({
      cookies: state.cookies,
      origins: [
        ...state.origins.filter((entry) => entry.origin !== origin),
        { origin, localStorage: [...kept.filter((item) => !['auth_token', 'user_loged', 'errors', ...(preferences ? ['preferences'] : [])].includes(item.name)), ...session, ...look] },
      ],
    });
  }
  if (to === null) return;
  // Where the form would send the user: the log-in page's `redirect`, else home (HOME_REDIRECT).
  const fromLogIn = here?.pathname.startsWith('/log-in') && here.searchParams.has('redirect');
  await page.goto(to ?? (fromLogIn ? here!.pathname + here!.search : '/app/dashboard'));
  await expect(page).not.toHaveURL(/\/log-in/);
  // includeHidden: an address that opens a dialog (a new conversation, a confirmation) hides the shell from the
  // accessibility tree while the dialog is open; the shell is on screen all the same.
  const userMenu = catalogs[(preferences?.locale ?? 'es') as keyof typeof catalogs]['header.userMenu']!.replace('{name}', user.name);
  await expect(page.getByRole('button', { name: userMenu, exact: true, includeHidden: true })).toBeVisible();
}

export async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

/** The signed-in user's session token, as the panel stores it (read from the browser's storage, with or without a page open). */
export async function tokenOf(page: Page): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const token = page.url().startsWith(origin)
    ? await page.evaluate(() => localStorage.getItem('auth_token'))
    : (await page.context().storageState()).origins.find((entry) => entry.origin === origin)?.localStorage.find((item) => item.name === 'auth_token')?.value;
  expect(token, 'auth_token in localStorage').toBeTruthy();
  return token!;
}

/**
 * Logs out from the user menu (opening it unless `opened`), in Spanish, and waits for the log-in page; a lost click
 * says where its press and release went (the menu kept the click in clean-clone runs: ci29, session 30's, ci56).
 */
export async function logOutFromMenu(page: Page, { opened = false } = {}) {
  if (!opened) await page.getByRole('button', { name: /^Menú de / }).click();
  const menu = '[data-scope="menu"][data-part="content"][data-state="open"]';
  await clickNoting(page, menu, page.getByRole('menuitem', { name: 'Cerrar sesión' }), 'Cerrar sesión in the user menu', () => expect(page).toHaveURL(/\/log-in$/));
}

export const sideNav = (page: Page) => page.getByTestId('side-nav').getByRole('navigation', { name: 'Navegación principal' });

type Request = Page['request'];

/** Signs in through the API (for setting up and cleaning up data); returns the token. */
export async function apiToken(request: Request, email = ADMIN.email): Promise<string> {
  const response = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(response.status(), 'API sign-in').toBe(200);
  return (await response.json()).authorisation.token as string;
}

/** The user's saved draft of a flow's record (its snapshot), or null when there is none: the API answers 204. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function savedDraft(request: Request, token: string, flow: string, key: string | number): Promise<Record<string, any> | null> {
  const response = await request.get(`/api/drafts/${flow}/${key}`, { headers: auth(token) });
  expect([200, 204], `GET the ${flow} draft`).toContain(response.status());
  return response.status() === 204 ? null : (await response.json()).snapshot;
}

export interface InsurerRecord {
  id: number;
  version: number;
  code: string;
  name: string;
  country: string;
  currency: string;
  [field: string]: unknown;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function findInsurer(request: Request, token: string, code: string): Promise<InsurerRecord | undefined> {
  const response = await request.get('/api/insurers', { params: { q: code, pageSize: 100 }, headers: auth(token) });
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: InsurerRecord[] };
  return items.find((item) => item.code === code);
}

export async function createInsurer(request: Request, token: string, fields: { code: string; name: string; country?: string; currency?: string }): Promise<InsurerRecord> {
  const response = await request.post('/api/insurers', { data: { country: 'ES', currency: 'EUR', ...fields }, headers: auth(token) });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Removes an insurer a test created, if it is still there. */
export async function removeInsurer(request: Request, token: string, code: string): Promise<void> {
  const insurer = await findInsurer(request, token, code);
  if (!insurer) return;
  const response = await request.delete(`/api/insurers/${insurer.id}`, { headers: auth(token) });
  expect(response.status()).toBe(204);
}

/** The API fields of an insurer, to send back in a PUT. */
export function insurerInput(insurer: InsurerRecord): Record<string, unknown> {
  const input: Record<string, unknown> = { ...insurer };
  for (const readOnly of ['id', 'createdAt', 'updatedAt']) delete input[readOnly];
  return input;
}
export { auth as authHeader };
