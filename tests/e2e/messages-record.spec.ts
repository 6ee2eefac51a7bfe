import { expectNoSeriousViolations } from './axe.ts';
import { apiToken, authHeader, expect, signIn, test } from './fixtures.ts';

// "Start a conversation about this record" (the address StartConversationButton opens) and closing a conversation:
// the new conversation is linked to the record, and once closed it keeps its messages and takes no new one.
test('a conversation about a record is started from its address, linked to it, then closed', async ({ page, request }) => {
  const admin = await apiToken(request);
  const patient = (await (await request.get('/api/patients?pageSize=1', { headers: authHeader(admin) })).json()).items[0] as { id: number };
  const subject = `Dudas sobre el paciente ${Date.now().toString(36)}`;

  await signIn(page, 'supervisor@demo.local', { to: `/app/mensajes?${new URLSearchParams({ sobre: `patient:${patient.id}`, asunto: subject })}` });
  const dialog = page.getByRole('dialog', { name: 'Nueva conversación' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Asunto')).toHaveValue(subject);
  await expect(dialog.getByTestId('conversation-about')).toHaveText('La conversación quedará enlazada a este registro (Paciente).');
  await expectNoSeriousViolations(page);
  await dialog.getByLabel('Buscar por nombre').fill('Andrés');
  await dialog.getByText('Andrés Analista', { exact: true }).click();
  await dialog.getByLabel('Mensaje').fill('¿Tiene la radiografía inicial?');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(/\/app\/mensajes\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  const conversation = page.getByRole('region', { name: subject });
  await expect(conversation.getByRole('link', { name: /Paciente/ })).toBeVisible();
  const stored = await (await request.get(`/api/conversations/${id}`, { headers: authHeader(await apiToken(request, 'supervisor@demo.local')) })).json();
  expect(stored).toMatchObject({ subject, entityType: 'patient', entityId: patient.id });

  // Closed with the keyboard after the confirmation; the reply box goes, the messages stay.
  await page.getByRole('button', { name: 'Cerrar conversación' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Cerrar la conversación?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Cerrar conversación' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-closed')).toContainText('Cerrada por Sergio Supervisor');
  await expect(page.getByLabel('Responder')).toHaveCount(0);
  await expect(page.getByTestId('message')).toHaveText([/radiografía inicial/]);
  // Dated as every other screen dates ("29 nov 2026, 10:50"), not "29/11/26" (issue 28, item 11).
  await expect(page.getByTestId('message').locator('time')).toHaveText(/^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2}$/);
  await expectNoSeriousViolations(page);
});
