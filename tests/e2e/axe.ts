import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe on the page as it is and fails on any serious or critical violation, listing them. */
export async function expectNoSeriousViolations(page: Page) {
  // Let transitions (colour changes, dialogs, skeletons) finish before measuring contrast.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const found = serious.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ') ?? violation.help}`),
  );
  expect(found, `axe found serious or critical violations on ${page.url()}:\n${found.join('\n')}`).toEqual([]);
}
