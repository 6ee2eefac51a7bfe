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
