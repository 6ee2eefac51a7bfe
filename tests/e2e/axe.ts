import axe from 'axe-core';
import { expect, type Page, type Request } from '@playwright/test';
import { hangLimit } from '../../scripts/hang-limit.ts';

// The live event stream (GET /api/events) stays open as long as the panel is: Playwright's 'networkidle'
// never comes while it is, so quiet is judged without it.
const LONG_LIVED = /\/api\/events(\?|$)/;

/**
 * Waits until, for 500 ms, no request but the event stream is in flight and no resource has finished
 * loading (which also catches requests started before this was called), and no spinner shows.
 */
async function networkQuiet(page: Page, timeoutMs = hangLimit(20_000)) {
  const inflight = new Set<Request>();
  const start = (request: Request) => {
    if (!LONG_LIVED.test(request.url())) inflight.add(request);
  };
  const end = (request: Request) => inflight.delete(request);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await page.waitForLoadState('load');
    const deadline = Date.now() + timeoutMs;
    let seen = -1;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      const loaded = await page.evaluate(() => performance.getEntriesByType('resource').length + document.querySelectorAll('.ui-loading').length * 1e6);
      if (loaded !== seen || inflight.size > 0) {
        seen = loaded;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= 500) return;
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * axe-core in every frame of the page that has not got it yet; a frame that cannot take it (detached, another
 * origin) is left out, as axe's own injection leaves it.
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    const inject = async () => {
      if (await frame.evaluate(() => typeof window.axe === 'object')) return;
      await frame.evaluate(axe.source);
      // Frames answer the top frame's run only when they share its origin.
      await frame.evaluate(() => window.axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }));
    };
    if (frame === page.mainFrame()) await inject();
    else await inject().catch(() => undefined);
  }
}

/** Waits until the finite animations and transitions running now (colour changes, dialogs, skeletons) have ended. */
async function motionEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** How many times a run that something moved during is taken again before its result stands. */
const MOVED_RUNS = 5;

/**
 * Runs axe on the page at rest and fails on any serious or critical violation, listing them. A run during which an
 * animation or transition started is taken again once it has ended: ci50 measured a toast leaving mid-fade (its text
 * at 2.42:1 through the fade's opacity), a frame no one reads; at rest the same toast passes.
 */
export async function expectNoSeriousViolations(page: Page) {
  await networkQuiet(page);
  // axe runs in the page itself, as @axe-core/playwright's legacy mode does: its default finishes each run in a new page
  // of its own, which cost 1.5 s of the 2.5 s a run took (the panel has no cross-origin frames, the one thing only the
  // default reaches). axe-core goes into each frame once per document: the legacy mode sent its 1.3 MB twice a run,
  // 0.15 s of the browser's processor a run (docs/qa.md). Only violations are asserted, so axe lists the passing and
  // inapplicable nodes just once per rule.
  await injectAxe(page);
  let results: (axe.AxeResults & { moved: boolean }) | undefined;
  for (let run = 1; !results || (results.moved && run <= MOVED_RUNS); run++) {
    await motionEnded(page);
    results = await page.evaluate(async (options) => {
      let moved = false;
      const note = () => (moved = true);
      const kinds = ['animationstart', 'transitionrun'] as const;
      for (const kind of kinds) document.addEventListener(kind, note, true);
      try {
        const found = await window.axe.run(document, options);
        // Animation events are sent with the next frame: one begun late in the run is heard there.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return Object.assign(found, { moved });
      } finally {
        for (const kind of kinds) document.removeEventListener(kind, note, true);
      }
    }, { resultTypes: ['violations'] } satisfies axe.RunOptions);
  }
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const found = serious.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ') ?? violation.help}`),
  );
  expect(found, `axe found serious or critical violations on ${page.url()}:\n${found.join('\n')}`).toEqual([]);
}
