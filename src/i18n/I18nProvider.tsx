import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { loadCatalog, spanishCatalog, type Catalog } from './load-catalog.ts';
import type { Locale } from '../machines/preferences.machine.ts';

/** Provides the locale's catalog; while another catalog loads, the previous one stays on screen. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Catalog }>({ locale: 'es', messages: spanishCatalog });
  useEffect(() => {
    let current = true;
    loadCatalog(locale)
      .then((messages) => current && setLoaded({ locale, messages }))
      .catch(() => current && setLoaded({ locale: 'es', messages: spanishCatalog }));
    return () => {
      current = false;
    };
  }, [locale]);
  useEffect(() => {
    document.documentElement.lang = loaded.locale;
  }, [loaded.locale]);
  return (
    <IntlProvider locale={loaded.locale} defaultLocale="es" messages={loaded.messages}>
      {children}
    </IntlProvider>
  );
}
