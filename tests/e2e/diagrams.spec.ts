import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, READ_ONLY, apiToken, authHeader, sideNav, signIn } from './fixtures.ts';

test.describe('state diagrams for analysts', () => {
  test('shows a machine, explains a state in the user language, and draws a record path', async ({ page, request }) => {
    await signIn(page, ADMIN.email);
    await sideNav(page).getByRole('link', { name: 'Diagramas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Diagramas de estados' })).toBeVisible();

    await page.getByLabel('Diagrama').selectOption('reimbursement');
    const inReview = page.locator('[data-state-id="reimbursement.inReview"]');
    await expect(inReview).toBeVisible();
    await inReview.focus();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('state-details');
    await expect(details.getByRole('heading', { name: 'En revisión' })).toBeVisible();
    await expect(details).toContainText('Quien creó el reembolso no puede aprobarlo');
    await expect(page).toHaveURL(/state=reimbursement\.inReview/);

    // The paid demo reimbursement's history, drawn through the diagram.
    const token = await apiToken(request);
    const paid = await request.get('/api/reimbursements', { params: { state: 'paid', kind: 'GENERAL' }, headers: authHeader(token) });
    const [record] = (await paid.json()).items as { id: number }[];
    await page.getByLabel('Número interno del registro').fill(String(record.id));
    await page.getByRole('button', { name: 'Mostrar recorrido' }).click();
    const steps = page.getByTestId('record-path').getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.last()).toHaveText('PAY: Aprobado → Pagado');
    await expect(page.locator('.diagram .on-path-edge').first()).toBeAttached();

    // Switching language translates the state's texts too (the catalogs' entries).
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByTestId('state-details').getByRole('heading', { name: 'In review' })).toBeVisible();
    await expect(page.getByTestId('state-details')).toContainText('The reimbursement’s creator cannot approve it');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await expect(page.getByTestId('state-details').getByRole('heading', { name: '審査中' })).toBeVisible();
    await expect(page.getByTestId('state-details')).toContainText('払い戻しを作成した人はそれを承認できません');
    await expect(inReview).toHaveAttribute('aria-label', '審査中');

    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`).join(', ')}`)).toEqual([]);
  });

  test("highlights the session machine's live state", async ({ page }) => {
    await signIn(page, ADMIN.email);
    await page.goto('/app/diagramas?machine=app');
    await expect(page.getByTestId('live-state')).toHaveText('Estado actual de su sesión: Con sesión › Activa');
    await expect(page.locator('[data-state-id="app.authenticated.active"]')).toHaveClass(/is-live/);
    await expect(page.locator('[data-state-id="app.anonymous"]')).not.toHaveClass(/is-live/);
  });

  for (const width of [1440, 390]) {
    test(`draws the exported labels untouched and apart at ${width} px, light and dark, left to right and right to left`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, ADMIN.email);
      const drawings: Record<string, { text: string; x: number; y: number; w: number; h: number }[]> = {};
      for (const currentTheme of ['light', 'dark'] as const) {
        for (const direction of ['ltr', 'rtl'] as const) {
          await page.evaluate(
            (prefs) => localStorage.setItem('preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('preferences') ?? '{}'), ...prefs })),
            { currentTheme, direction },
          );
          await page.goto('/app/diagramas?machine=reimbursement');
          await expect(page.locator('[data-state-id="reimbursement.inReview"]')).toBeVisible();
          const drawing = await page.getByTestId('diagram').evaluate((host) => {
            const svg = host.shadowRoot!.querySelector('svg')!;
            const origin = svg.getBoundingClientRect();
            const scale = origin.width / svg.width.baseVal.value;
            const background = getComputedStyle(svg.querySelector('.graph > polygon')!).fill;
            const labels = [...svg.querySelectorAll<SVGTextElement>('text')].map((t) => {
              const r = t.getBoundingClientRect();
              return {
                text: t.textContent ?? '',
                exported: t.style.fontSize,
                drawn: getComputedStyle(t).fontSize,
                fill: getComputedStyle(t).fill,
                // In the drawing's own units, so LTR and RTL pages and zoom levels compare.
                x: (r.x - origin.x) / scale,
                y: (r.y - origin.y) / scale,
                w: r.width / scale,
                h: r.height / scale,
              };
            });
            return { scale, background, direction: getComputedStyle(host).direction, labels };
          });
          const where = `${currentTheme} ${direction} ${width}px`;
          expect(drawing.direction, where).toBe('ltr');
          // Page styles do not reach the drawing: every label keeps the size it was exported with.
          expect(drawing.labels.filter((l) => l.exported !== l.drawn), where).toEqual([]);
          const smallest = Math.min(...drawing.labels.map((l) => parseFloat(l.drawn) * drawing.scale));
          // Boxes are laid out in 1/64 px units, so a label drawn at exactly 6 px can measure a hair under it.
          expect(smallest, `${where}: smallest label on screen`).toBeGreaterThanOrEqual(6 - 1 / 64);
          const overlaps = [];
          for (const [i, a] of drawing.labels.entries()) {
            for (const b of drawing.labels.slice(i + 1)) {
              const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
              const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
              if (dx > 1 && dy > 1) overlaps.push(`${a.text} × ${b.text}`);
            }
          }
          expect(overlaps, where).toEqual([]);
          if (currentTheme === 'dark') {
            expect(drawing.background, where).toBe('rgb(17, 24, 39)');
            expect(new Set(drawing.labels.map((l) => l.fill)), where).not.toContain('rgb(0, 0, 0)');
          } else expect(drawing.background, where).toBe('rgb(255, 255, 255)');
          drawings[`${currentTheme}-${direction}`] = drawing.labels.map(({ text, x, y, w, h }) => ({ text, x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) }));
        }
      }
      // The right-to-left page keeps the drawing's own geometry.
      expect(drawings['light-rtl']).toEqual(drawings['light-ltr']);
    });
  }

  test('is hidden from users without the diagrams permission', async ({ page }) => {
    await signIn(page, READ_ONLY.email);
    await expect(sideNav(page).getByRole('link', { name: 'Diagramas' })).toHaveCount(0);
    await page.goto('/app/diagramas');
    await expect(page.getByRole('alert')).toHaveText('No tiene permiso para realizar esta acción.');
  });
});
