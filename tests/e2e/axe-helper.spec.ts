import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';

// The suite's axe check runs in the page itself (axe-core put in once per document, violations only): it must still
// report what the default run reports, in the page and in a same-origin frame.
test('the axe check fails on serious violations in the page and in its frames, naming each', async ({ page }) => {
  // On the panel's origin, as every checked screen is (frames of about:blank are not reached). Its CSP applies no
  // style attribute in markup, so the low contrast is set from script, as the component library sets styles.
  await page.goto('/api/health');
  await page.setContent(
    '<html lang="es"><body><main><h1>Prueba</h1><img src="data:,"><p>poco contraste</p>' +
      '<iframe title="marco" srcdoc="<html lang=es><body><main><input type=text></main></body></html>"></iframe></main></body></html>',
  );
  await page.locator('p').evaluate((p: HTMLElement) => Object.assign(p.style, { color: '#eee', background: '#fff' }));
  const failure = await expectNoSeriousViolations(page).then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt (critical) at img');
  expect(failure).toContain('color-contrast (serious) at p');
  expect(failure).toContain('label (critical) at iframe input');
});

// ci50: a toast began to leave while axe ran, and its text was measured through the fade's opacity (2.42:1).
test('the axe check judges the page at rest: a run during which something began to move is taken again', async ({ page }) => {
  await page.goto('/api/health');
  await page.setContent('<html lang="es"><head><title>Prueba</title></head><body><main><h1>Prueba</h1><p>aparece</p></main></body></html>');
  // The paragraph fades in when axe first reads a style: the run that set it going sees its text at 0.2 opacity.
  await page.locator('p').evaluate((p: HTMLElement) => {
    Object.assign(p.style, { color: '#222', background: '#fff', opacity: '0.2', transition: 'opacity 300ms linear' });
    const read = window.getComputedStyle;
    window.getComputedStyle = (...args) => {
      window.getComputedStyle = read;
      p.style.opacity = '1';
      return read(...args);
    };
  });
  await expectNoSeriousViolations(page);
  expect(await page.locator('p').evaluate((p) => getComputedStyle(p).opacity)).toBe('1');
});
