// Watches what the page shows frame by frame after a click: when each probe first matched, its
// longest unbroken stretch, the requests started after the click and the long tasks. Times are
// milliseconds since the click event.

/** Runs in the page before its own scripts: long tasks are recorded from the start. */
function pageWatcher() {
  const longTasks = [];
  try {
    new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'longtask', buffered: true });
  } catch {}
  const shown = (el) => el.getClientRects().length > 0;
  const matches = (probe) => {
    if (probe.none) return probe.none.every((selector) => ![...document.querySelectorAll(selector)].some(shown));
    if (probe.withHeading && document.querySelector('main h1')?.textContent?.trim() !== probe.withHeading) return false;
    return [...document.querySelectorAll(probe.selector)].some((el) => shown(el) && (probe.text == null || el.textContent?.trim() === probe.text));
  };
  window.__benchArm = (probes, timeoutMs) => {
    window.__benchResult = null;
    const first = {};
    const longest = {};
    const since = {};
    let t0 = null;
    const sample = () => {
      const now = performance.now() - t0;
      for (const [name, probe] of Object.entries(probes)) {
        if (matches(probe)) {
          first[name] ??= now;
          since[name] ??= now;
          longest[name] = Math.max(longest[name] ?? 0, now - since[name]);
        } else since[name] = null;
      }
      if (first.content != null || now > timeoutMs) {
        window.__benchResult = {
          first,
          longest,
          timedOut: first.content == null,
          resources: performance
            .getEntriesByType('resource')
            .filter((r) => r.startTime >= t0 - 1)
            .map((r) => ({ name: new URL(r.name).pathname + new URL(r.name).search, start: r.startTime - t0, end: r.responseEnd - t0 })),
          longTasks: longTasks.filter((t) => t.start + t.duration >= t0).map((t) => ({ start: t.start - t0, duration: t.duration })),
        };
        return;
      }
      requestAnimationFrame(sample);
    };
    const onClick = (event) => {
      window.removeEventListener('click', onClick, true);
      t0 = event.timeStamp;
      // The click's own synchronous render counts as the first frame.
      queueMicrotask(sample);
    };
    window.addEventListener('click', onClick, true);
  };
}

export const installWatcher = (context) => context.addInitScript(pageWatcher);

/** Arms the watcher, performs `click`, and waits for the `content` probe (or the time-out). */
export async function watchNextClick(page, probes, click, timeoutMs = 15_000) {
  await page.evaluate(([p, t]) => window.__benchArm(p, t), [probes, timeoutMs]);
  await click();
  await page.waitForFunction(() => window.__benchResult, null, { timeout: timeoutMs + 5_000, polling: 50 });
  return page.evaluate(() => window.__benchResult);
}
