import { readFileSync } from 'node:fs';

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
