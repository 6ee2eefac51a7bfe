import type { CatalogTexts } from '../../api/resources/settings.ts';

/** The text in the user's language (the catalogs hold all five; Spanish is the source). */
export const textIn = (texts: CatalogTexts, locale: string) => texts[locale.slice(0, 2) as keyof CatalogTexts] ?? texts.es;
