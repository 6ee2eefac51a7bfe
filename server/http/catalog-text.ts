import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import es from '../../src/i18n/messages/es.json' with { type: 'json' };

const catalogs: Record<'es' | 'en', Record<string, string>> = { es, en };

/** A catalog entry in Spanish and English, for API fields that carry their text along with a code. */
export const catalogText = (id: string) => ({ es: catalogs.es[id], en: catalogs.en[id] });
