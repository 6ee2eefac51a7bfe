import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, signIn } from './fixtures.ts';
import { createUser, setChecked, uniqueEmail } from './user-fixtures.ts';

// The user edit screen makes a user one of an insurer's staff, which is what an announcement for "an insurer's
// staff" reaches.
test("an administrator makes a user one of an insurer's staff on the user's edit screen", async ({ page, request }) => {
  const admin = await apiToken(request);
  const user = await createUser(request, admin, { name: 'Inés Personal', email: uniqueEmail('staff'), roles: ['read_only'], password: 'staff-pass-12' });
  const insurers = (await (await request.get('/api/insurers?sort=name&pageSize=100', { headers: authHeader(admin) })).json()).items as { id: number; name: string }[];
  const [first, second] = insurers;

  await signIn(page, ADMIN.email, { to: `/app/usuarios/editar/${user.id}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Editar usuario: Inés Personal' })).toBeVisible();
  const picker = page.getByTestId('insurer-staff-picker');
  await expect(picker.getByText('Personal de aseguradoras')).toBeVisible();
  await expect(picker.getByRole('checkbox')).toHaveCount(insurers.length);
  await expectNoSeriousViolations(page);

  await setChecked(picker.getByRole('checkbox', { name: second!.name }));
  await setChecked(picker.getByRole('checkbox', { name: first!.name }));
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados').first()).toBeVisible();
  const saved = await (await request.get(`/api/users/${user.id}`, { headers: authHeader(admin) })).json();
  expect(saved.insurerIds).toEqual([first!.id, second!.id].sort((a, b) => a - b));

  // Read back on a fresh visit, then one taken away.
  await page.goto(`/app/usuarios/editar/${user.id}`);
  await expect(picker.getByRole('checkbox', { name: first!.name })).toBeChecked();
  await expect(picker.getByRole('checkbox', { name: second!.name })).toBeChecked();
  await setChecked(picker.getByRole('checkbox', { name: first!.name }), false);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(async () => (await (await request.get(`/api/users/${user.id}`, { headers: authHeader(admin) })).json()).insurerIds).toEqual([second!.id]);
});
