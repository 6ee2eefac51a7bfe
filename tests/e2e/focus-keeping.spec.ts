import { ADMIN, apiToken, authHeader, expect, signIn, test } from './fixtures.ts';
import { expectFocusVisible, tabTo } from './keyboard.ts';

// Issue 9's keyboard polish, through the shared mechanisms (BusyButton, the focus keeper) rather than screen by
// screen: a doctor's record worked with the keyboard alone.
test('keyboard only: a busy Save keeps the focus and sends once, the next screen takes it when the record gives way, and after a dialog whose opener went it stays beside it', async ({ page, request }) => {
  const token = await apiToken(request);
  const made = await request.post('/api/doctors', {
    headers: authHeader(token),
    data: { firstNames: 'Foco', lastNames: 'Teclado Conservado', licenseNumber: `E2E-FOCUS-${Date.now().toString(36).toUpperCase()}`, licenseJurisdiction: 'UY', specialty: 'GENERAL' },
  });
  expect(made.status()).toBe(201);
  const doctor = (await made.json()) as { id: number };
  try {
    await signIn(page, ADMIN.email, { to: `/app/doctores/editar/${doctor.id}` });
    await expect(page.getByRole('heading', { level: 1, name: 'Editar doctor: Teclado Conservado, Foco' })).toBeVisible();

    // The server answers the save only when the test lets it: meanwhile the button is busy, keeps the focus, and
    // a second Enter sends nothing more.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const saves: string[] = [];
    await page.route(`**/api/doctors/${doctor.id}`, async (route) => {
      if (route.request().method() === 'PUT') {
        saves.push(route.request().method());
        await held;
      }
      await route.continue();
    });
    await tabTo(page, page.getByLabel(/^Ciudad/));
    await page.keyboard.type('Salto');
    await tabTo(page, page.getByRole('button', { name: 'Guardar' }));
    await page.keyboard.press('Enter');
    // Busy, the button says so in its name ("Guardando…") and still holds the focus.
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('aria-busy', 'true');
    await expect(focused).toHaveAttribute('type', 'submit');
    await expect(focused).toContainText('Guardando');
    await page.keyboard.press('Enter');
    release();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    expect(saves, 'one save sent').toHaveLength(1);
    await page.unroute(`**/api/doctors/${doctor.id}`);
    // Saved, the list comes back in place of the record: the focus is on the new screen's main region, so the next
    // Tab starts at its top instead of the start of the page.
    await expect(page).toHaveURL(/\/app\/doctores$/);
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);

    await page.goto(`/app/doctores/editar/${doctor.id}`);
    await expect(page.getByLabel(/^Ciudad/)).toHaveValue('Salto');

    // Suspending from the keyboard: once done, the Suspend button that opened the dialog is gone; the focus lands
    // on what the record offers now, in the same place, not at the start of the page.
    const suspend = page.getByRole('button', { name: 'Suspender', exact: true });
    await tabTo(page, suspend);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: '¿Suspender a Teclado Conservado, Foco?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.type('Matrícula en revisión');
    await tabTo(page, dialog.getByRole('button', { name: 'Suspender' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Doctor suspendido')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(suspend).toHaveCount(0);
    await expectFocusVisible(page.getByRole('button', { name: 'Reactivar' }));
  } finally {
    expect((await request.delete(`/api/doctors/${doctor.id}`, { headers: authHeader(token) })).status()).toBe(204);
  }
});
