import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import publicCatalog from 'virtual:public-catalog';
import { loadCatalog, loadMessages, type Catalog } from './load-catalog.ts';
import type { Locale } from '../machines/preferences.machine.ts';

/** The public pages' texts in a locale: Spanish ships with the page, another locale's over it. */
const loadPublic = async (locale: Locale): Promise<Catalog> => (locale === 'es' ? publicCatalog : { ...publicCatalog, ...(await loadMessages(locale)) });

interface Loaded {
  locale: Locale;
  full: boolean;
  messages: Catalog;
}

/**
 * Provides the locale's catalog; while another catalog loads, the previous one stays on screen.
 * Signed out, only the public pages' texts are needed; `full` (signed in) needs the whole catalog,
 * and until it is here `fallback` shows instead of the children (never a message id on screen).
 */
export function I18nProvider({ locale, full, fallback, children }: { locale: Locale; full: boolean; fallback: ReactNode; children: ReactNode }) {
  const [loaded, setLoaded] = useState<Loaded>({ locale: 'es', full: false, messages: publicCatalog });
  useEffect(() => {
    let current = true;
    const show = (shown: Loaded) => current && setLoaded(shown);
    (full ? loadCatalog(locale) : loadPublic(locale))
      .then((messages) => show({ locale, full, messages }))
      // The locale's catalog did not come after its retries: Spanish, whole if it can be had.
      .catch(() => (full ? loadCatalog('es') : Promise.resolve(publicCatalog)).then((messages) => show({ locale: 'es', full, messages })))
      .catch(() => show({ locale: 'es', full, messages: publicCatalog }));
    return () => {
      current = false;
    };
  }, [locale, full]);
  useEffect(() => {
    document.documentElement.lang = loaded.locale;
  }, [loaded.locale]);
  return (
    <IntlProvider locale={loaded.locale} defaultLocale="es" messages={loaded.messages}>
      {full && !loaded.full ? fallback : children}
    </IntlProvider>
  );
}
