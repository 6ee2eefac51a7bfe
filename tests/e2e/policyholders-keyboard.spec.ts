import { apiToken, authHeader, expect, signIn, test } from './fixtures.ts';
import { expectFocusVisible, tabTo } from './keyboard.ts';
import { dateField, expectDate, tabAndTypeDate } from './date-input.ts';

// Issue 8's "keyboard only" on the policyholder form: a person with their bank details typed in, saved, found
// again, and the stored account revealed in full and hidden again — Tab, Enter and typing, no click.

const stamp = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e3)}`;

test('keyboard only: a holder with bank details created, and the stored account revealed and hidden again', async ({ page, request }) => {
  const { keyboard } = page;
  /** A field by its label (a required one ends with its asterisk). */
  const field = (label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  const typeInto = async (label: string, text: string) => {
    await tabTo(page, field(label));
    await keyboard.type(text);
  };
  const typeDate = (label: string, iso: string) => tabAndTypeDate(page, dateField(page, new RegExp(`^${label}`)), iso);
  await signIn(page, 'admin@demo.local', { to: '/app/titulares/nuevo' });
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo titular' })).toBeVisible();

  await typeInto('Tipo de persona', 'Persona f');
  await expect(field('Tipo de persona')).toHaveValue('PERSON');
  await typeInto('Nombres', 'Irene');
  await typeInto('Apellidos', `Teclado ${stamp}`);
  await typeDate('Fecha de nacimiento', '1986-07-09');
  await typeInto('Tipo de documento', 'DNI');
  await typeInto('Documento', `K${stamp}`);
  await typeInto('N.º de afiliado', `AF-K${stamp}`);
  await typeInto('Correo electrónico', `irene.${stamp.toLowerCase()}@example.org`);
  await typeInto('Versión del aviso de privacidad', '2026.1');
  await typeDate('Fecha del consentimiento', '2026-11-02');
  await expectDate(dateField(page, /^Fecha del consentimiento/), '2026-11-02');
  // The bank details.
  await typeInto('Banco', 'Banco Norte');
  await typeInto('Tipo de cuenta', 'Cuenta de');
  await expect(field('Tipo de cuenta')).toHaveValue('SAVINGS');
  await typeInto('Titular de la cuenta', 'Irene Teclado');
  await typeInto('Cuenta bancaria', 'ES91 2100 0418 4502 0005 1332');
  const save = page.getByRole('button', { name: 'Guardar' });
  await tabTo(page, save);
  await expectFocusVisible(save);
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/titulares(\?|$)/);

  const token = await apiToken(request);
  const found = await (await request.get(`/api/policyholders?q=K${stamp}`, { headers: authHeader(token) })).json();
  expect(found.items).toHaveLength(1);
  expect(found.items[0]).toMatchObject({ name: `Irene Teclado ${stamp}`, bankAccountMasked: '•••• 1332' });

  // The stored account: masked, then in full with the reveal button, then hidden again; the focus stays on the button.
  await page.goto(`/app/titulares/editar/${found.items[0].id}`);
  const account = page.getByTestId('bank-account-value');
  await expect(account).toHaveText('•••• 1332');
  await expect(page.getByTestId('bank-details')).toContainText('Completos');
  const show = page.getByRole('button', { name: 'Mostrar datos completos' });
  await tabTo(page, show);
  await expectFocusVisible(show);
  await keyboard.press('Enter');
  await expect(account).toHaveText('ES91 2100 0418 4502 0005 1332');
  const hide = page.getByRole('button', { name: 'Ocultar' });
  await expectFocusVisible(hide);
  await keyboard.press('Enter');
  await expect(account).toHaveText('•••• 1332');
  await expectFocusVisible(show);
});
