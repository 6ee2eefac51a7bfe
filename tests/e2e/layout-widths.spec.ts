import { apiToken, authHeader, expect, signIn, test } from './fixtures.ts';

// Issue 28 item 14: the general claims list fits a 1440 px screen with every column whole, "Reasignar" included;
// the phone drawer's group labels read at the size of its entries.

test('the general claims list fits 1440 px: no column pushed out, the last header whole', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'supervisor@demo.local', { to: '/app/reembolsos/general' });
  await expect(page.getByRole('button', { name: /^Reasignar/ }).first()).toBeVisible();
  const table = page.getByRole('table');
  const overflow = await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const age = page.getByRole('columnheader', { name: 'Antigüedad' });
  const [ageBox, frame] = [await age.boundingBox(), await table.evaluate((element) => element.parentElement!.getBoundingClientRect().right)];
  expect(ageBox!.x + ageBox!.width).toBeLessThanOrEqual(frame + 0.5);
});

test('on a phone, the drawer’s group labels are as large as its entries', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'supervisor@demo.local', { to: '/app/pacientes' });
  await page.getByRole('button', { name: /menú/i }).first().click();
  const drawer = page.getByRole('dialog');
  const size = (locator: ReturnType<typeof drawer.getByRole>) => locator.evaluate((element) => getComputedStyle(element.querySelector('span') ?? element).fontSize);
  const group = await size(drawer.getByRole('button', { name: 'Verificaciones' }));
  const entry = await size(drawer.getByRole('link', { name: 'Pacientes' }));
  expect(group).toBe(entry);
});

test('on a phone a claim’s lines are cards: nothing scrolls sideways, each line’s decision in sight', async ({ page, request }) => {
  const token = await apiToken(request);
  const listed = await (await request.get('/api/reimbursements?state=approved&pageSize=1', { headers: authHeader(token) })).json();
  const claim = listed.items[0] as { id: number; verificationId: number; lines: unknown[] };
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'supervisor@demo.local', { to: `/app/reembolsos/editar/${claim.verificationId}/${claim.id}` });
  const cards = page.getByTestId('lines-cards').getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText('Aprobada');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('on a phone the header carries the announcements icon, with nothing pending, and fits its width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'consulta@demo.local', { to: '/app/pacientes' });
  const header = page.getByRole('banner');
  const icon = header.getByTestId('announcements-badge');
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAttribute('href', '/app/comunicadospendientes');
  const box = await icon.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await header.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('on a phone a form’s buttons wrap: Cancelar, Guardar y publicar and Guardar all stay on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signIn(page, 'admin@demo.local', { to: '/app/comunicados/nuevo' });
  for (const name of ['Cancelar', 'Guardar y publicar', 'Guardar']) {
    const box = (await page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true })).first().boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
});
