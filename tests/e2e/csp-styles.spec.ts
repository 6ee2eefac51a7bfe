import type { Page, Response } from '@playwright/test';
import { ADMIN, apiToken, authHeader, createInsurer, expect, removeInsurer, submitLogIn, test } from './fixtures.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// Issue 25 item 8: the server's CSP admits no inline style but the <style> elements that carry the nonce of the
// response (the page's inlined stylesheet, the component library's); no style="…" attribute in the panel's markup.
// Signing in and using the screens whose parts inject styles (dialogs, menus, toasts, tooltips, the diagrams'
// shadow root, an announcement's rich text, the dark theme) must be refused nothing and look styled.

/** Every CSP violation the page reports, as an event (added before any script runs) or on the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.violatedDirective} on ${location.pathname} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console on ${new URL(page.url()).pathname}: ${message.text()}`);
  });
  return violations;
}

/** The style sources of the CSP a page was answered with, and the nonce its <meta property="csp-nonce"> gives scripts. */
async function nonceOf(page: Page, response: Response | null) {
  const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  const styleSrc = /(?:^|;\s*)style-src ([^;]*)/.exec(csp)?.[1] ?? '';
  const meta = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '');
  return { styleSrc, meta };
}

const transparent = (color: string) => color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color);

/** Relative luminance (0 black … 1 white) of a computed `rgb(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The colour the page is painted on: the first opaque background from <body> up (Chakra paints <html>). */
const pageBackground = (page: Page) =>
  page.evaluate(() => {
    for (let el: Element | null = document.body; el; el = el.parentElement) {
      const color = getComputedStyle(el).backgroundColor;
      if (!/^rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent') return color;
    }
    return 'rgb(255, 255, 255)';
  });

test('the panel is styled under a CSP without inline styles, and the browser refuses it nothing', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const admin = await apiToken(request);
  const code = `CSP${Date.now().toString(36).toUpperCase()}`;
  const insurer = await createInsurer(request, admin, { code, name: 'Estilos bajo CSP' });
  const created = await request.post('/api/announcements', {
    headers: authHeader(admin),
    data: {
      title: `Estilos del texto ${Date.now()}`,
      body: '<h3>Cierre</h3><p>El cierre es el <strong>viernes</strong>, <em>sin prórroga</em>.</p><ul><li>Facturas</li><li>Pagos</li></ul><blockquote>Gracias.</blockquote>',
      priority: 'low',
      audience: 'roles',
      audienceRoles: ['treasury'],
      publishFrom: new Date().toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const announcement = (await created.json()) as { id: number };

  try {
    // The page's policy admits <style> by this response's nonce only, the one the page hands to its scripts.
    const logIn = await page.goto('/log-in');
    const { styleSrc, meta } = await nonceOf(page, logIn);
    expect(styleSrc).not.toContain("'unsafe-inline'");
    expect(meta).not.toBe('');
    expect(styleSrc).toBe(`'self' 'nonce-${meta}'`);
    // The log-in page's inlined stylesheet applies (the card's border and radius come from it).
    await expect(page.locator('.pub-card')).toHaveCSS('border-top-left-radius', '10px');
    await submitLogIn(page, ADMIN.email);
    await expect(page.getByRole('button', { name: /^Menú de /, includeHidden: true })).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);

    // Tooltips and menus: the collapsed navigation names its entries in a tooltip and opens a group as a menu.
    const nav = page.getByTestId('side-nav');
    await page.getByRole('button', { name: 'Contraer menú' }).click();
    // The menu narrows over 0.2 s. Pointed at while it moves, a link makes Playwright scroll to reach it, and that
    // scroll closes the tooltip it has begun to open: under load this failed 12 times in 20 (docs/qa.md).
    await expect.poll(async () => (await nav.boundingBox())?.width).toBe(80);
    await nav.getByRole('link', { name: 'Aseguradoras' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Aseguradoras' })).toBeVisible();
    await nav.getByRole('button', { name: 'Verificaciones' }).click();
    await expect(page.getByRole('menuitem', { name: 'Existentes' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Expandir menú' }).click();

    // A form: the library's solid button is painted; saving shows a toast, deleting asks in a dialog.
    await page.goto(`/app/aseguradoras/editar/${insurer.id}`);
    const save = page.getByRole('button', { name: 'Guardar' });
    await expect(save).toBeVisible();
    const saveColours = await save.evaluate((button) => ({ background: getComputedStyle(button).backgroundColor, color: getComputedStyle(button).color }));
    expect(transparent(saveColours.background), `the button's background ${saveColours.background}`).toBe(false);
    expect(saveColours.background).not.toBe(saveColours.color);
    await page.getByLabel('Nombre comercial').fill('Estilos bajo CSP, guardada');
    await save.click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();
    await page.goto(`/app/aseguradoras/editar/${insurer.id}`);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar la aseguradora?' });
    await expect(dialog).toBeVisible();
    expect(transparent(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor))).toBe(false);
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Registro eliminado')).toBeVisible();

    // An announcement's rich text: the markup is the sanitised body, its look the library's styles (lists keep their bullets).
    await page.goto(`/app/comunicados/ver/${announcement.id}`);
    const body = page.locator('.announcement-body');
    await expect(body.getByText('viernes')).toBeVisible();
    await expect(body.locator('ul')).toHaveCSS('list-style-type', 'disc');
    expect(Number(await body.locator('strong').evaluate((element) => getComputedStyle(element).fontWeight))).toBeGreaterThanOrEqual(600);

    // The diagrams: the drawing's own sheet in its shadow root, and each label's exported font.
    await page.goto('/app/diagramas?machine=app');
    const diagram = page.getByTestId('diagram');
    await expect(page.locator('[data-state-id="app.authenticated.active"]')).toBeVisible();
    const drawing = await diagram.evaluate((host) => {
      const root = host.shadowRoot!;
      const labels = [...root.querySelectorAll<SVGTextElement>('text')];
      return {
        labels: labels.length,
        unstyled: labels.filter((t) => !t.style.fontSize || t.style.fontSize !== getComputedStyle(t).fontSize).length,
        cursor: getComputedStyle(root.querySelector('[data-state-id]')!).cursor,
        styleElements: root.querySelectorAll('style').length,
      };
    });
    expect(drawing.labels).toBeGreaterThan(10);
    expect(drawing).toMatchObject({ unstyled: 0, cursor: 'pointer', styleElements: 0 });

    // The dark theme.
    expect(luminance(await pageBackground(page))).toBeGreaterThan(0.8);
    await page.getByRole('button', { name: 'Activar tema oscuro' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(async () => luminance(await pageBackground(page))).toBeLessThan(0.05);

    expect(violations).toEqual([]);

    // The watch works, and the policy is the one asserted: a <style> without the nonce and a style attribute in
    // markup are refused (and reported), a style set from script is not.
    const canary = await page.evaluate(() => {
      const sheet = document.createElement('style');
      sheet.textContent = '#csp-canary-sheet { color: rgb(1, 2, 3); }';
      document.head.append(sheet);
      const holder = document.createElement('div');
      holder.innerHTML = '<p id="csp-canary-sheet">a</p><p id="csp-canary-attribute" style="color: rgb(4, 5, 6)">b</p><p id="csp-canary-script">c</p>';
      document.body.append(holder);
      holder.querySelector<HTMLElement>('#csp-canary-script')!.style.color = 'rgb(7, 8, 9)';
      const colour = (id: string) => getComputedStyle(document.getElementById(id)!).color;
      const result = { sheet: colour('csp-canary-sheet'), attribute: colour('csp-canary-attribute'), script: colour('csp-canary-script') };
      holder.remove();
      sheet.remove();
      return result;
    });
    expect(canary.sheet).not.toBe('rgb(1, 2, 3)');
    expect(canary.attribute).not.toBe('rgb(4, 5, 6)');
    expect(canary.script).toBe('rgb(7, 8, 9)');
    await expect.poll(() => violations.filter((v) => v.startsWith('style-src-elem')).length).toBeGreaterThan(0);
    await expect.poll(() => violations.filter((v) => v.startsWith('style-src-attr')).length).toBeGreaterThan(0);
  } finally {
    await removeInsurer(request, admin, code);
  }
});

test("the API reference is styled: Scalar's <style> elements get the page's nonce", async ({ page }) => {
  // Scalar's bundle is 4 MB of script to parse and run before it draws anything: slow on a busy two-core machine.
  test.setTimeout(hangLimit(120_000));
  const violations = await watchViolations(page);
  const response = await page.goto('/api/docs');
  const { styleSrc, meta } = await nonceOf(page, response);
  expect(styleSrc).toBe(`'self' 'nonce-${meta}'`);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar for Dental back office API' });
  await expect(sidebar).toBeVisible({ timeout: hangLimit(60_000) });
  // Scalar's own stylesheet applies: its sidebar is a column beside the content (unstyled, a list across the page).
  // Measuring waits for the page's main thread, which Scalar keeps busy drawing every operation: once over 20 s (the
  // default action limit) in a clean-clone CI run at load 10, so the measure gets the whole minute the poll has.
  await expect.poll(async () => (await sidebar.boundingBox({ timeout: hangLimit(60_000) }))?.width, { timeout: hangLimit(60_000) }).toBeLessThan(400);
  // The operations are drawn, their code samples too (the HTML with style attributes this page alone allows).
  await expect(page.getByRole('heading', { name: 'Dental back office API', level: 1 })).toBeVisible({ timeout: hangLimit(60_000) });
  await expect(page.locator('code.hljs').first()).toBeVisible();
  // Scalar probes once whether it may compile functions (it may not: script-src has no 'unsafe-eval') and does
  // without; every other report would be a style the page lost.
  expect(violations.filter((v) => !v.startsWith('script-src'))).toEqual([]);
});
