import type { Locator, Page } from '@playwright/test';

/**
 * Clicks `target` inside the open floating element that `popup` selects (a chart, a menu), or the button that opens
 * it (a dialog), then runs `check`. The page notes where the press, the release and the click went, where the popup
 * was at each, whether it is the one open before the click, and when a popup came or went; a failed check says so.
 * That is how a tooth chart that flipped between press and release was found (docs/qa.md); a lost click leaves
 * nothing else to tell why.
 */
export async function clickNoting(page: Page, popup: string, target: Locator, what: string, check: () => Promise<void>) {
  await page.evaluate((selector) => {
    const seen: string[] = [];
    (window as unknown as { clickSeen: string[] }).clickSeen = seen;
    // Marks the popup as it is now, to tell a popup that moved from one drawn again in its place.
    document.querySelector(selector)?.setAttribute('data-click-mark', '');
    const start = performance.now();
    const note = (event: Event) => {
      const target = event.target as HTMLElement;
      const { clientX, clientY } = event as MouseEvent;
      const inside = target.closest?.(selector) ? 'inside the popup' : 'outside the popup';
      const box = document.querySelector(selector)?.getBoundingClientRect();
      const place = box ? `popup at ${Math.round(box.x)},${Math.round(box.y)}` : 'no popup';
      const focused = document.activeElement;
      const marked = document.querySelector('[data-click-mark]');
      const same = marked ? `the same popup, ${marked.getAttribute('data-state')}, placed ${marked.getAttribute('data-placement') ?? '?'}` : 'the marked popup is gone';
      seen.push(`${event.type} after ${Math.round(performance.now() - start)} ms at ${clientX},${clientY} on ${target.tagName} "${target.textContent?.slice(0, 12) ?? ''}" (${inside}; ${place}; ${same}; scroll ${Math.round(scrollY)}; focus on ${focused?.tagName} "${focused?.textContent?.slice(0, 12) ?? ''}")`);
    };
    for (const type of ['pointerdown', 'pointerup', 'click']) addEventListener(type, note, { capture: true, once: true });
    // A popup the click opens and something then closes shows as its coming and going.
    const holder = window as unknown as { clickWatch?: MutationObserver };
    holder.clickWatch?.disconnect();
    let present = Boolean(document.querySelector(selector));
    holder.clickWatch = new MutationObserver(() => {
      if (present === Boolean(document.querySelector(selector))) return;
      present = !present;
      const focused = document.activeElement;
      seen.push(`popup ${present ? 'opened' : 'gone'} after ${Math.round(performance.now() - start)} ms (focus on ${focused?.tagName} "${focused?.textContent?.slice(0, 12) ?? ''}")`);
    });
    holder.clickWatch.observe(document.body, { childList: true, subtree: true });
  }, popup);
  await target.click();
  await check().catch(async (error: Error) => {
    const seen = await page.evaluate(() => (window as unknown as { clickSeen: string[] }).clickSeen);
    throw new Error(`The click on ${what} did not take; the page saw: ${seen.join('; ') || 'no press'}\n${error.message}`);
  });
}
