import { apiToken, authHeader, expect, PASSWORD, signIn, test } from './fixtures.ts';
import { createUser, otherSession, uniqueEmail } from './user-fixtures.ts';

// Editing the text of a published announcement on its edit screen makes a new version, and whoever had
// acknowledged the old one is asked again (issue 10). Every response the two browsers get is watched: none is a 5xx.

test('a published announcement whose text is edited gets a new version that its readers must acknowledge again', async ({ page, request, browser }) => {
  const admin = await apiToken(request);
  const reader = await createUser(request, admin, { name: 'Sabina Lectora', email: uniqueEmail('version'), roles: ['read_only'], password: PASSWORD });
  const title = `Horario de verano ${Date.now()}`;
  const created = await request.post('/api/announcements', {
    headers: authHeader(admin),
    data: {
      title,
      body: '<p>Desde julio se atiende de 8 a 15.</p>',
      priority: 'normal',
      audience: 'users',
      audienceUserIds: [reader.id],
      requiresAcknowledgement: true,
      blocking: false,
      publishFrom: new Date(Date.now() - 60_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()) as { id: number; version: number };
  const published = await request.post(`/api/announcements/${id}/events`, { headers: authHeader(admin), data: { type: 'PUBLISH', version } });
  expect((await published.json()).state).toBe('published');

  // The reader acknowledges version 1 on their pending list.
  const { page: readerPage, context: readerContext } = await otherSession(browser, reader.email, PASSWORD);
  await readerPage.goto('/app/comunicadospendientes');
  const card = readerPage.getByRole('article', { name: title });
  await expect(card).toContainText('de 8 a 15');
  await card.getByRole('button', { name: 'He leído y confirmo' }).click();
  await expect(readerPage.getByText('No tiene comunicados pendientes de confirmar.')).toBeVisible();

  // The writer changes the text on the edit screen and saves.
  await signIn(page, 'admin@demo.local', { to: `/app/comunicados/editar/${id}` });
  await expect(page.getByRole('heading', { name: `Editar «${title}»`, level: 1 })).toBeVisible();
  await expect(page.getByText('Versión 1: 1 de 1 lo leyeron y 1 lo confirmaron.')).toBeVisible();
  await expect(page.getByText('Ya está publicado: cambiar el título o el texto crea una versión nueva y todos deberán confirmarla otra vez.')).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'Texto' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Los viernes, de 8 a 13.');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  await page.goto(`/app/comunicados/editar/${id}`);
  await expect(page.getByText('Versión 2 del texto')).toBeVisible();
  await expect(page.getByText('Versión 2: 0 de 1 lo leyeron y 0 lo confirmaron.')).toBeVisible();

  // The reader is asked again, and sees the new text.
  await readerPage.goto('/app/comunicadospendientes');
  const again = readerPage.getByRole('article', { name: title });
  await expect(again).toContainText('Los viernes, de 8 a 13.');
  await expect(readerPage.getByTestId('announcements-badge')).toHaveAttribute('data-count', '1');
  await again.getByRole('button', { name: 'He leído y confirmo' }).click();
  await expect(readerPage.getByText('No tiene comunicados pendientes de confirmar.')).toBeVisible();
  const report = await request.get(`/api/announcements/${id}/report`, { headers: authHeader(admin) });
  expect(await report.json()).toMatchObject({ bodyVersion: 2, audienceSize: 1, acknowledged: 1 });
  await readerContext.close();
});
