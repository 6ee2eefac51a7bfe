import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, authHeader, expect, PASSWORD, signIn, SIMULATED, test } from './fixtures.ts';
import { createUser, uniqueEmail } from './user-fixtures.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// The header's pending-announcements badge, and the sign-in gate when the pending announcements cannot be read:
// it keeps the panel closed and offers a retry instead of letting the user through.

async function publish(request: APIRequestContext, admin: string, data: Record<string, unknown>) {
  const created = await request.post('/api/announcements', {
    headers: authHeader(admin),
    data: { priority: 'high', audience: 'users', publishFrom: new Date(Date.now() - 60_000).toISOString(), ...data },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = await created.json();
  const published = await request.post(`/api/announcements/${id}/events`, { headers: authHeader(admin), data: { type: 'PUBLISH', version } });
  expect((await published.json()).state).toBe('published');
}

test('a failed read of the pending announcements keeps the panel closed with a retry; the badge counts what is left', async ({ page, request }) => {
  const admin = await apiToken(request);
  const reader = await createUser(request, admin, { name: 'Tomás Lector', email: uniqueEmail('badge'), roles: ['read_only'], password: PASSWORD });
  const stamp = Date.now();
  await publish(request, admin, { title: `Cierre anual ${stamp}`, body: '<p>El panel cierra el 31.</p>', audienceUserIds: [reader.id], requiresAcknowledgement: true, blocking: true });
  await publish(request, admin, { title: `Nuevo horario ${stamp}`, body: '<p>Atención de 9 a 18.</p>', audienceUserIds: [reader.id], requiresAcknowledgement: true });

  // The pending announcements cannot be read (the API is down for that request): nothing may pass the gate.
  let failing = true;
  await page.route('**/api/me/announcements', (route) => (failing ? route.fulfill({ status: 503, headers: SIMULATED, contentType: 'application/problem+json', body: '{"status":503,"code":"unavailable","title":"Unavailable","type":"about:blank"}' }) : route.fallback()));
  await signIn(page, reader.email);
  const failed = page.getByTestId('announcements-gate-failed');
  await expect(failed).toBeVisible({ timeout: hangLimit(20_000) });
  await expect(failed).toContainText('No se pudo comprobar si tiene comunicados pendientes de confirmar.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await page.goto('/app/pacientes');
  await expect(page.getByTestId('announcements-gate-failed')).toBeVisible({ timeout: hangLimit(20_000) });
  await expect(page.getByRole('heading', { name: 'Pacientes', level: 1 })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // The API answers again: the retry (by keyboard) shows the blocking announcement, still before the screen.
  failing = false;
  await page.getByRole('button', { name: 'Reintentar' }).focus();
  await page.keyboard.press('Enter');
  const gate = page.getByTestId('blocking-announcement');
  await expect(gate.getByRole('heading', { name: `Cierre anual ${stamp}` })).toBeVisible();
  const badge = page.getByTestId('announcements-badge');
  await expect(badge).toHaveAttribute('aria-label', 'Comunicados: 2 pendientes');
  await gate.getByRole('button', { name: 'He leído y confirmo' }).click();
  await expect(page.getByRole('heading', { name: 'Pacientes', level: 1 })).toBeVisible();

  // One left to acknowledge: the badge says so and leads to it.
  await expect(badge).toHaveAttribute('aria-label', 'Comunicados: 1 pendiente');
  await expect(badge).toHaveAttribute('data-count', '1');
  await badge.click();
  await expect(page).toHaveURL(/\/app\/comunicadospendientes$/);
  await expect(page.getByText(`Nuevo horario ${stamp}`)).toBeVisible();
  await expect(badge).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page);
});
