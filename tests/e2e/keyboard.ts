import { expect, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from './fixtures.ts';

/** What has the focus, in a few words (for the message when a control is never reached). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[${element.getAttribute('role')}]` : ''} "${name.trim().slice(0, 40)}"`;
  });

/**
 * Presses Tab (or Shift+Tab) until `target` holds the focus, as a keyboard user reaches a control; fails with the
 * stops it passed through when it is not reached within `max` presses (missing from the focus order, or a trap).
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeAttached();
  const stops: string[] = [];
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    stops.push(await focused(page));
  }
  throw new Error(`Not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses; the focus went: ${stops.join(' → ')}`);
}

/** Signs in from the log-in form with the keyboard alone and waits for the signed-in shell. */
export async function signInByKeyboard(page: Page, email: string) {
  await page.goto('/log-in');
  await tabTo(page, page.getByLabel('Correo electrónico'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Contraseña'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Menú de / })).toBeVisible();
}

/**
 * `target` holds the focus and a keyboard user can see it: the browser counts it as :focus-visible and a ring is
 * drawn (an outline or a box shadow) on it, or, for a visually hidden checkbox or radio input, on its control.
 */
export async function expectFocusVisible(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    if (!element.matches(':focus-visible')) return 'not :focus-visible';
    const visual = (element.closest('label')?.querySelector('[data-focus-visible]') as Element | null) ?? element;
    const style = getComputedStyle(visual);
    const drawn = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return drawn ? 'ring' : `no ring on ${visual.tagName.toLowerCase()}`;
  });
  expect(ring, 'a visible focus ring').toBe('ring');
}
