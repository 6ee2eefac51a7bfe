import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** A catalog of the panel's texts, as the reader's language gives them. */
export type Catalog = Record<string, string>;
export const LOCALES = ['es', 'en', 'fr', 'zh', 'ja'] as const;
export const catalogs = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(`src/i18n/messages/${l}.json`, 'utf8')) as Catalog])) as Record<(typeof LOCALES)[number], Catalog>;

/** The route sweeps' five looks: every language once, both themes and both directions spread over them (the `preferences` key). */
export const LOOKS = [
  { locale: 'es', currentTheme: 'light', direction: 'ltr' },
  { locale: 'en', currentTheme: 'dark', direction: 'ltr' },
  { locale: 'fr', currentTheme: 'light', direction: 'rtl' },
  { locale: 'zh', currentTheme: 'dark', direction: 'rtl' },
  { locale: 'ja', currentTheme: 'dark', direction: 'ltr' },
] as const;
export type Look = (typeof LOOKS)[number];

/**
 * How a sweep opens its routes: the first screen of each look by its address (a page load that reads the look's
 * preferences at start-up), and every route by its address once over the sweep; the rest as the panel's own links
 * do, in the page already loaded. A page load costs over a second of the processor on the 2-core machines, and the
 * sweeps opened 126 (docs/qa.md). `start`: the route and look the page was signed in to (`signIn`'s `to` and
 * `preferences`).
 */
export function sweepOpener<L>(page: Page, start?: { path: string; look: L }) {
  const loaded = new Set<string>(start ? [start.path] : []);
  let lookOpened: L | null = start?.look ?? null;
  return async (path: string, look: L) => {
    if (lookOpened !== look || !loaded.has(path)) {
      loaded.add(path);
      lookOpened = look;
      await page.goto(path);
    } else {
      // The router (wouter) follows pushState; two frames later the screen it chose has been drawn.
      await page.evaluate(async (to) => {
        history.pushState(null, '', to);
        await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
      }, path);
    }
  };
}
