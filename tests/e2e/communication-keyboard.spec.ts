import { expect, test } from './fixtures.ts';
import { signInByKeyboard, tabTo } from './keyboard.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// Issue 10's "keyboard only": each piece of work of the communication screens done with Tab, Shift+Tab, Enter,
// Space, the arrow keys and typing — no click anywhere. A control the focus never reaches fails with the path the
// focus took instead.

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('keyboard only: a new conversation, an announcement published, an export queued, a dashboard tile followed', async ({ page }) => {
  test.setTimeout(hangLimit(120_000));
  const { keyboard } = page;
  await signInByKeyboard(page, 'admin@demo.local');

  await test.step('Mensajes: a new conversation with a participant and its first message', async () => {
    await page.goto('/app/mensajes');
    await tabTo(page, page.getByRole('button', { name: 'Nueva conversación' }));
    await keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nueva conversación' });
    await expect(dialog).toBeVisible();
    const subject = `Turno de guardia ${unique}`;
    await tabTo(page, dialog.getByLabel('Asunto'));
    await keyboard.type(subject);
    await tabTo(page, dialog.getByLabel('Buscar por nombre'));
    await keyboard.type('Andrés');
    const person = dialog.getByRole('checkbox', { name: 'Andrés Analista' });
    await tabTo(page, person);
    await keyboard.press('Space');
    await expect(person).toBeChecked();
    await tabTo(page, dialog.getByLabel('Mensaje'));
    await keyboard.type('¿Cubres el turno del sábado?');
    await tabTo(page, dialog.getByRole('button', { name: 'Enviar' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/mensajes\/\d+$/);
    await expect(page.getByRole('region', { name: subject })).toBeVisible();
    await expect(page.getByTestId('message')).toHaveText([/turno del sábado/]);

    // A reply from the conversation's own box, sent with Ctrl+Enter as its hint says.
    await tabTo(page, page.getByLabel('Responder'));
    await keyboard.type('Te aviso antes del viernes.');
    await keyboard.press('Control+Enter');
    await expect(page.getByTestId('message')).toHaveText([/turno del sábado/, /antes del viernes/]);
  });

  await test.step('Comunicados: written with formatted text, addressed to a role, flagged, saved and published', async () => {
    await page.goto('/app/comunicados');
    await tabTo(page, page.getByRole('link', { name: 'Nuevo comunicado' }));
    await keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Nuevo comunicado', level: 1 })).toBeVisible();
    const title = `Inventario anual ${unique}`;
    await tabTo(page, page.getByRole('textbox', { name: 'Título' }));
    await keyboard.type(title);
    const editor = page.getByRole('textbox', { name: 'Texto' });
    await tabTo(page, editor);
    await keyboard.type('El inventario es el ');
    await keyboard.press('Control+B');
    await keyboard.type('lunes');
    await keyboard.press('Control+B');
    await keyboard.type('.');
    // The toolbar sits before the text: back to it with Shift+Tab, and a list started from it with Enter.
    await keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Lista con viñetas' }), { back: true });
    await keyboard.press('Enter');
    await expect(editor).toBeFocused();
    await keyboard.type('Traer las llaves');
    await expect(editor.locator('strong, b')).toHaveText('lunes');
    await expect(editor.locator('ul li')).toHaveText('Traer las llaves');

    const priority = page.getByRole('combobox', { name: 'Prioridad' });
    await tabTo(page, priority);
    await keyboard.type('Alta');
    await expect(priority).toHaveValue('high');
    const audience = page.getByRole('combobox', { name: 'Destinatarios' });
    await tabTo(page, audience);
    await keyboard.type('Roles');
    await expect(audience).toHaveValue('roles');
    const treasury = page.getByRole('checkbox', { name: 'Tesorería' });
    await tabTo(page, treasury);
    await keyboard.press('Space');
    await expect(treasury).toBeChecked();
    // Not blocking: it would stand before every screen of the treasury user other tests sign in as.
    const acknowledgement = page.getByRole('checkbox', { name: 'Requiere confirmación de lectura' });
    await tabTo(page, acknowledgement);
    await keyboard.press('Space');
    await expect(acknowledgement).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Guardar', exact: true }));
    await keyboard.press('Enter');
    await expect(page.getByText('Comunicado guardado como borrador.')).toBeVisible();

    // Found in the list by its title, opened from its row with Enter, published from the edit screen.
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await tabTo(page, search);
    await keyboard.type(title);
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]q=/);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await tabTo(page, row);
    await keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Editar «${title}»`, level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Publicar', exact: true }));
    await keyboard.press('Enter');
    await expect(page.getByText('Comunicado publicado.')).toBeVisible();
    await expect(page.getByText(/^Versión 1: 0 de \d+ lo leyeron y 0 lo confirmaron\.$/)).toBeVisible();
  });

  await test.step('Descargas: an export of a list with health data, with its format and reason, queued', async () => {
    await page.goto('/app/descargas/nuevo');
    await expect(page.getByRole('heading', { name: 'Nueva descarga', level: 1 })).toBeVisible();
    const list = page.getByRole('combobox', { name: 'Lista' });
    await tabTo(page, list);
    await keyboard.type('Pacientes');
    await expect(list).toHaveValue('patients');
    // The format is a radio group: one tab stop, the arrow keys choose.
    const xlsx = page.getByRole('radio', { name: 'Excel (XLSX)' });
    const csv = page.getByRole('radio', { name: 'CSV (texto)' });
    await tabTo(page, xlsx);
    await keyboard.press('ArrowRight');
    await expect(csv).toBeChecked();
    await expect(csv).toBeFocused();
    const reason = `Auditoría de cobertura ${unique}`;
    await tabTo(page, page.getByRole('textbox', { name: 'Motivo' }));
    await keyboard.type(reason);
    await tabTo(page, page.getByRole('button', { name: 'Generar exportación' }));
    await keyboard.press('Enter');
    await expect(page.getByText('Exportación en cola: aparecerá aquí cuando esté lista.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Descargas', level: 1 })).toBeVisible();
    const newest = page.getByTestId('downloads-table').getByRole('row').nth(1);
    await expect(newest).toContainText(/Pacientes\s*CSV/);
    await expect(newest.getByTestId('download-state')).toHaveText(/En cola|Procesando|Completada/);
  });

  await test.step('Panel: a tile followed to its filtered list', async () => {
    await page.goto('/app/dashboard');
    const tile = page.getByTestId('dashboard-section-supervision').getByTestId('tile-reimbursementsToReview');
    await tabTo(page, tile);
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/reembolsos\/general\?state=submitted(,|%2C)inReview$/);
    // The list opens with the tile's queue chosen in its filter.
    await expect(page.getByRole('combobox', { name: 'Cola' })).toHaveValue('submitted,inReview');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
