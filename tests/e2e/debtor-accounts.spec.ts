import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, expect, findInsurer, shootLooks, signIn, test } from './fixtures.ts';

// Issue 26: Configuraciones › Cuentas de cargo, where each insurer's payments leave from in each currency, with the
// pain.001 version its bank takes. An account is checked as the server checks it, the error under its field.
test('the administrator sets an insurer’s debtor account: a wrong IBAN is refused under the field, a valid one is listed masked with pain.001.001.03', async ({ page, request }) => {
  const token = await apiToken(request);
  // A seeded insurer whose dollars no other test pays: an insurer made here could not be removed again (its debtor
  // account holds it), and the insurers' list counts the seeded ones.
  const insurer = (await findInsurer(request, token, 'ECU-S'))!;
  await signIn(page, ADMIN.email, { to: '/app/configuraciones?catalogo=cuentas' });
  await expect(page.getByRole('tab', { name: es['settings.tab.debtorAccounts'], selected: true })).toBeVisible();
  await page.getByRole('button', { name: es['debtorAccount.add'] }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(es['payments.field.insurer']).selectOption(String(insurer.id));
  await expect(dialog.getByLabel(es['debtorAccount.field.currency'])).toHaveValue('USD');
  await dialog.getByLabel(es['debtorAccount.field.painVersion']).selectOption('001.001.03');
  const iban = dialog.getByLabel(es['payeeAccount.field.number.IBAN']);
  await iban.fill('ES91 2100 0418 4502 0005 1333');
  await dialog.getByRole('button', { name: es['payeeAccount.save'] }).click();
  await expect(dialog.getByText(es['payeeAccount.ibanInvalid'])).toBeVisible();
  await iban.fill('ES91 2100 0418 4502 0005 1332');
  await dialog.getByRole('button', { name: es['payeeAccount.save'] }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`debtor-${insurer.id}-USD`);
  await expect(row).toContainText('pain.001.001.03');
  await expect(row).toContainText('••••••••1332');
  await expectNoSeriousViolations(page);

  // The looks a person checks, pictured when SHOTS_DIR asks for them.
  await shootLooks(page, 'debtor-accounts', async () => {
    await page.goto('/app/configuraciones?catalogo=cuentas');
    await expect(page.getByTestId(`debtor-${insurer.id}-USD`)).toBeVisible();
  });
  await shootLooks(page, 'payee-account', async () => {
    await page.goto('/app/titulares/editar/1');
    await expect(page.getByTestId('payee-account')).toBeVisible();
  });
});
