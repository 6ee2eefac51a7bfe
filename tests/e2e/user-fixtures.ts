import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { authHeader, signIn, watchServerErrors } from './fixtures.ts';

type Request = Page['request'];

export interface UserRecord {
  id: number;
  version: number;
  name: string;
  email: string;
  locale: string;
  roles: string[];
  active: boolean;
  locked: boolean;
  mustChangeCredentials: boolean;
}

export interface RoleRecord {
  id: number;
  version: number;
  code: string;
  permissions: string[];
  userCount: number;
}

/** An e-mail no other test uses (the server of a run is shared by every spec). */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@demo.local`;

/**
 * Creates a user through the API (users cannot be deleted, so each test makes its own) who has already chosen
 * `password` as their own: the administrator gives another one, which the first sign-in must replace.
 */
export async function createUser(request: Request, token: string, fields: { name: string; email: string; roles?: string[]; locale?: string; password: string }): Promise<UserRecord> {
  const given = `${fields.password}-dada`;
  const response = await request.post('/api/users', { headers: authHeader(token), data: { locale: 'es', roles: [], ...fields, password: given } });
  expect(response.status(), await response.text()).toBe(201);
  const login = await request.post('/api/login', { data: { email: fields.email, password: given } });
  expect(login.status(), 'first sign-in with the given password').toBe(200);
  const own = (await login.json()).authorisation.token as string;
  const chosen = await request.post('/api/me/password', { headers: authHeader(own), data: { currentPassword: given, newPassword: fields.password } });
  expect(chosen.status(), await chosen.text()).toBe(204);
  await request.post('/api/logout', { headers: authHeader(own) });
  return getUser(request, token, (await response.json()).id);
}

export async function getUser(request: Request, token: string, id: number): Promise<UserRecord> {
  const response = await request.get(`/api/users/${id}`, { headers: authHeader(token) });
  expect(response.status()).toBe(200);
  return response.json();
}

export async function findUser(request: Request, token: string, email: string): Promise<UserRecord | undefined> {
  const response = await request.get('/api/users', { params: { q: email }, headers: authHeader(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()).items as UserRecord[]).find((user) => user.email === email);
}

export async function roleByCode(request: Request, token: string, code: string): Promise<RoleRecord> {
  const response = await request.get('/api/roles', { headers: authHeader(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()).items as RoleRecord[]).find((role) => role.code === code)!;
}

/** Puts a role's permissions back as they were (tests that change a role call it in `finally`). */
export async function setRolePermissions(request: Request, token: string, code: string, permissions: string[]) {
  const role = await roleByCode(request, token, code);
  const response = await request.put(`/api/roles/${role.id}`, { headers: authHeader(token), data: { version: role.version, permissions } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A second, separate browser session (its own storage) signed in as someone else. */
export async function otherSession(browser: Browser, email: string, password?: string) {
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale });
  watchServerErrors(context);
  const page = await context.newPage();
  await signIn(page, email, { password });
  return { context, page };
}

/** Ticks or unticks a Chakra checkbox or radio by its label (its input sits under the drawn box) and waits for the state. */
export async function setChecked(box: Locator, on = true) {
  if ((await box.isChecked()) !== on) await box.locator('xpath=ancestor::label[1]').click();
  await expect(box).toBeChecked({ checked: on });
}
