import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, READ_ONLY, apiToken, authHeader, sideNav, signIn } from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';

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

    // The reader's view (the default) tells the conditions with their rule codes and what the actions do;
    // the engineer's view, one click away and kept in the URL, names them as the code does.
    const approve = details.getByTestId('transition').filter({ hasText: 'Aprobar → Aprobado' }).first();
    await expect(approve).toContainText('reimbursement.approverIsCreator');
    await expect(approve).toContainText('Guarda quién aprobó, cuándo');
    await page.getByRole('button', { name: 'Para ingenieros' }).click();
    await expect(page).toHaveURL(/view=engineer/);
    await expect(details.getByTestId('transition').filter({ hasText: 'APPROVE → Aprobado' }).first()).toContainText('recordApproval');
    await expect(page.locator('.diagram').locator('text').filter({ hasText: /^APPROVE$/ }).first()).toBeAttached();
    await page.getByRole('button', { name: 'Para lectores' }).click();
    await expect(page).not.toHaveURL(/view=engineer/);
    await expect(page.locator('.diagram').locator('text').filter({ hasText: /^Aprobar$/ }).first()).toBeAttached();

    // The paid demo reimbursement's history, looked up by its folio and drawn through the diagram.
    const token = await apiToken(request);
    const paid = await request.get('/api/reimbursements', { params: { state: 'paid', kind: 'GENERAL' }, headers: authHeader(token) });
    const [record] = (await paid.json()).items as { id: number; folio: string }[];
    const lookup = page.getByLabel('Folio o número interno');
    await lookup.fill(record.folio.toLowerCase());
    await page.getByRole('button', { name: 'Mostrar recorrido' }).click();
    const steps = page.getByTestId('record-path').getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.last()).toHaveText('Pagar: Aprobado → Pagado');
    await expect(page.getByTestId('record-path-panel')).toContainText(`Recorrido de ${record.folio}`);
    await expect(page.locator('.diagram .on-path-edge').first()).toBeAttached();
    // The internal id finds the same record; a folio nobody has says so.
    await lookup.fill(String(record.id));
    await page.getByRole('button', { name: 'Mostrar recorrido' }).click();
    await expect(steps).toHaveCount(4);
    await lookup.fill('REE-1999-999999');
    await page.getByRole('button', { name: 'Mostrar recorrido' }).click();
    await expect(page.getByTestId('record-path-panel').getByRole('status')).toHaveText('Ningún registro de este diagrama tiene el folio o número «REE-1999-999999».');
    await expect(page.locator('.diagram .on-path-edge')).toHaveCount(0);

    // Switching language translates the state's texts too (the catalogs' entries).
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByTestId('state-details').getByRole('heading', { name: 'In review' })).toBeVisible();
    await expect(page.getByTestId('state-details')).toContainText('The reimbursement’s creator cannot approve it');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await expect(page.getByTestId('state-details').getByRole('heading', { name: '審査中' })).toBeVisible();
    await expect(page.getByTestId('state-details')).toContainText('払い戻しを作成した人はそれを承認できません');
    await expect(inReview).toHaveAttribute('aria-label', '審査中');
    // The drawing itself now speaks Japanese: the reader's SVG in the user's language.
    await expect(page.locator('.diagram').locator('text').filter({ hasText: /^支払う$/ }).first()).toBeAttached();
    await expect(page.getByTestId('state-details').getByTestId('transition').filter({ hasText: '承認する' }).first()).toContainText('reimbursement.approverIsCreator');

    await expectNoSeriousViolations(page);
  });

  test("highlights the session machine's live state", async ({ page }) => {
    await signIn(page, ADMIN.email, { to: '/app/diagramas?machine=app' });
    await expect(page.getByTestId('live-state')).toHaveText('Estado actual de su sesión: Con sesión › Activa');
    await expect(page.locator('[data-state-id="app.authenticated.active"]')).toHaveClass(/is-live/);
    await expect(page.locator('[data-state-id="app.anonymous"]')).not.toHaveClass(/is-live/);
  });

  /** Every label of the drawing in its own units (so LTR and RTL pages and zoom levels compare), and each state box. */
  const measure = (page: Page) =>
    page.getByTestId('diagram').evaluate((host) => {
      const svg = host.shadowRoot!.querySelector('svg')!;
      const origin = svg.getBoundingClientRect();
      const scale = origin.width / svg.width.baseVal.value;
      // Screen pixels per unit of the drawing's own coordinates (Graphviz sizes it in points: 4/3 px a unit at zoom 1).
      const perUnit = origin.width / svg.viewBox.baseVal.width;
      const background = getComputedStyle(svg.querySelector('.graph > polygon')!).fill;
      const box = (r: DOMRect) => ({ x: (r.x - origin.x) / scale, y: (r.y - origin.y) / scale, w: r.width / scale, h: r.height / scale });
      const labels = [...svg.querySelectorAll<SVGTextElement>('text')].map((t) => ({
        text: t.textContent ?? '',
        exported: t.style.fontSize,
        drawn: getComputedStyle(t).fontSize,
        fill: getComputedStyle(t).fill,
        ...box(t.getBoundingClientRect()),
      }));
      // A simple state's own box (its outline) and the labels inside it: they must not spill out.
      const states = [...svg.querySelectorAll<SVGGElement>('g.node.state')]
        .filter((g) => !g.classList.contains('final'))
        .map((g) => ({
          id: g.id,
          shape: box(g.querySelector(':scope > :is(path, polygon)')!.getBoundingClientRect()),
          texts: [...g.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', ...box(t.getBoundingClientRect()) })),
        }));
      return { scale, perUnit, background, direction: getComputedStyle(host).direction, labels, states };
    });

  type Drawing = Awaited<ReturnType<typeof measure>>;

  /** Labels keep their exported size, stay readable, do not overlap, and stay inside their state's box. */
  function expectLegible(drawing: Drawing, where: string) {
    expect(drawing.direction, where).toBe('ltr');
    // Page styles do not reach the drawing: every label keeps the size it was exported with.
    expect(drawing.labels.filter((l) => l.exported !== l.drawn), where).toEqual([]);
    // The first view never shrinks a label under 9 px on screen, at any width: a phone pans instead.
    const smallest = Math.min(...drawing.labels.map((l) => parseFloat(l.drawn) * drawing.perUnit));
    // Boxes are laid out in 1/64 px units, so a label drawn at exactly 9 px can measure a hair under it.
    expect(smallest, `${where}: smallest label on screen`).toBeGreaterThanOrEqual(9 - 1 / 64);
    const overlaps = [];
    for (const [i, a] of drawing.labels.entries()) {
      for (const b of drawing.labels.slice(i + 1)) {
        const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
        const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
        if (dx > 1 && dy > 1) overlaps.push(`${a.text} × ${b.text}`);
      }
    }
    expect(overlaps, where).toEqual([]);
    const spills = drawing.states.flatMap((s) => s.texts.filter((t) => t.x < s.shape.x - 1 || t.x + t.w > s.shape.x + s.shape.w + 1).map((t) => `${s.id}: ${t.text}`));
    expect(spills, `${where}: labels spilling out of their state`).toEqual([]);
  }

  const setPreferences = (page: Page, prefs: Record<string, string>) =>
    page.evaluate((p) => localStorage.setItem('preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('preferences') ?? '{}'), ...p })), prefs);

  for (const width of [1440, 390]) {
    test(`draws the exported labels untouched and apart at ${width} px, light and dark, left to right and right to left`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, ADMIN.email);
      const drawings: Record<string, { text: string; x: number; y: number; w: number; h: number }[]> = {};
      for (const currentTheme of ['light', 'dark'] as const) {
        for (const direction of ['ltr', 'rtl'] as const) {
          await setPreferences(page, { currentTheme, direction });
          await page.goto('/app/diagramas?machine=reimbursement');
          await expect(page.locator('[data-state-id="reimbursement.inReview"]')).toBeVisible();
          const drawing = await measure(page);
          const where = `${currentTheme} ${direction} ${width}px`;
          expectLegible(drawing, where);
          if (currentTheme === 'dark') {
            expect(drawing.background, where).toBe('rgb(17, 24, 39)');
            expect(new Set(drawing.labels.map((l) => l.fill)), where).not.toContain('rgb(0, 0, 0)');
          } else expect(drawing.background, where).toBe('rgb(255, 255, 255)');
          drawings[`${currentTheme}-${direction}`] = drawing.labels.map(({ text, x, y, w, h }) => ({ text, x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) }));
          if (direction === 'ltr') await page.screenshot({ path: test.info().outputPath(`diagram-${width}-${currentTheme}.png`), fullPage: true });
        }
      }
      // The whole width is one click away, and the first view one more.
      const frame = page.getByRole('group', { name: 'Reembolso' });
      const drawn = () => page.getByTestId('diagram').evaluate((host) => host.shadowRoot!.querySelector('svg')!.getBoundingClientRect().width);
      const first = await drawn();
      await page.getByRole('button', { name: 'Ajustar al ancho' }).click();
      const frameWidth = (await frame.boundingBox())!.width;
      // The frame's box counts its 1 px borders.
      await expect.poll(drawn).toBeLessThanOrEqual(frameWidth + 1);
      if (first > frameWidth) await page.screenshot({ path: test.info().outputPath(`diagram-${width}-whole-width.png`) });
      await page.getByRole('button', { name: 'Volver a la vista inicial' }).click();
      await expect.poll(drawn).toBeCloseTo(first, 0);
      // The right-to-left page keeps the drawing's own geometry.
      expect(drawings['light-rtl']).toEqual(drawings['light-ltr']);

      // The engineer's drawing, and the reader's in Japanese (characters a full em wide), are as legible.
      await setPreferences(page, { currentTheme: 'light', direction: 'ltr' });
      await page.goto('/app/diagramas?machine=reimbursement&view=engineer');
      await expect(page.locator('.diagram').locator('text').filter({ hasText: /^APPROVE$/ }).first()).toBeAttached();
      expectLegible(await measure(page), `engineer ${width}px`);
      await setPreferences(page, { locale: 'ja' });
      for (const machine of ['reimbursement', 'verification', 'orthodontic-plan']) {
        await page.goto(`/app/diagramas?machine=${machine}`);
        await expect(page.locator('.diagram').locator('text').first()).toBeAttached();
        const drawing = await measure(page);
        expect(drawing.labels.some((l) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(l.text)), machine).toBe(true);
        expectLegible(drawing, `ja ${machine} ${width}px`);
      }
    });
  }

  test('downloads each diagram in its five formats and the reader’s drawing in the user’s language', async ({ page }) => {
    await signIn(page, ADMIN.email, { to: '/app/diagramas?machine=verification' });
    const downloads = page.getByRole('list', { name: 'Descargas' });
    const save = async (name: string | RegExp) => {
      const [file] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('link', { name }).click()]);
      return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
    };
    const json = await save(/^Descripción \(JSON\)/);
    expect(json.name).toBe('verification.json');
    expect(JSON.parse(json.text)).toMatchObject({ name: 'verification', id: 'verification' });
    const mmd = await save(/^Diagrama Mermaid/);
    expect(mmd.name).toBe('verification.mmd');
    expect(mmd.text).toMatch(/^(---[\s\S]*?---\n)?stateDiagram-v2/);
    const scxml = await save(/^Máquina de estados SCXML/);
    expect(scxml.name).toBe('verification.scxml');
    expect(scxml.text).toContain('<scxml');
    const md = await save(/^Documento Markdown/);
    expect(md.name).toBe('verification.md');
    expect(md.text).toContain('```mermaid');
    const svg = await save(/^Dibujo SVG \(español e inglés\)/);
    expect(svg.name).toBe('verification.svg');
    expect(svg.text).toContain('Verified');
    const reader = await save(/^Dibujo SVG para lectores \(español\)/);
    expect(reader.name).toBe('verification.es.svg');
    expect(reader.text).toContain('Verificada');
    expect(reader.text).not.toContain('Verified');

    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('ja');
    const [japanese] = await Promise.all([page.waitForEvent('download'), page.getByRole('list', { name: 'ダウンロード' }).getByRole('link', { name: /^読者向け SVG 図（日本語）/ }).click()]);
    expect(japanese.suggestedFilename()).toBe('verification.ja.svg');
    expect(fs.readFileSync((await japanese.path())!, 'utf8')).toContain('確認済み');
  });

  test('says plainly when a record has no events yet, and finds a plan by its pre-authorisation folio', async ({ page, request }) => {
    // Every seeded record past its initial state carries its history (made through the workflow); a
    // record without events in a later state only exists in an old data folder (tests/app/record-path.test.ts).
    const token = await apiToken(request);
    const pending = ((await (await request.get('/api/verifications', { params: { state: 'pending', pageSize: 50 }, headers: authHeader(token) })).json()).items as { id: number; folio: string }[]);
    let fresh: { id: number; folio: string } | undefined;
    for (const v of pending) {
      const history = await (await request.get(`/api/verifications/${v.id}/history`, { headers: authHeader(token) })).json();
      if (history.items.length === 0) {
        fresh = v;
        break;
      }
    }
    expect(fresh, 'a demo verification nobody has touched since it was created').toBeDefined();
    await signIn(page, ADMIN.email, { to: `/app/diagramas?machine=verification&record=${fresh!.folio}` });
    const panel = page.getByTestId('record-path-panel');
    await expect(panel).toContainText(`Recorrido de ${fresh!.folio}`);
    await expect(panel.getByRole('status')).toHaveText('Este registro todavía no tiene eventos.');
    await expect(page.getByLabel('Folio o número interno')).toHaveValue(fresh!.folio);

    // A plan has no folio of its own: it is found by its pre-authorisation's.
    const plans = (await (await request.get('/api/orthodontic-plans', { params: { state: 'active' }, headers: authHeader(token) })).json()).items as { id: number; preauthorizationFolio: string }[];
    const plan = plans[0]!;
    await page.goto(`/app/diagramas?machine=orthodontic-plan&record=${plan.preauthorizationFolio}`);
    await expect(page.getByTestId('record-path-panel')).toContainText(`Recorrido de ${plan.preauthorizationFolio}`);
    await expect(page.getByTestId('record-path-panel')).not.toContainText('Ningún registro');
    const planHistory = (await (await request.get(`/api/orthodontic-plans/${plan.id}/history`, { headers: authHeader(token) })).json()).items as { entityType?: string }[];
    const planSteps = planHistory.filter((h) => !h.entityType || h.entityType === 'orthodontic_plan').length;
    if (planSteps) await expect(page.getByTestId('record-path').getByRole('listitem')).toHaveCount(planSteps);
    else await expect(page.getByTestId('record-path-panel').getByRole('status')).toContainText('anterior al historial');
  });

  test('is hidden from users without the diagrams permission', async ({ page }) => {
    await signIn(page, READ_ONLY.email, { to: '/app/diagramas' });
    await expect(sideNav(page).getByRole('link', { name: 'Diagramas' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText('No tiene permiso para realizar esta acción.');
  });
});
