import { useIntl } from 'react-intl';
import { usePreferences, usePreferencesActor } from '../../session/preferences.tsx';
import { LOCALES } from '../../machines/preferences.machine.ts';

/** The language select of the headers; `onChosen` is told of a choice (the signed-in header saves it to the profile). */
export function LanguageSwitcher({ onChosen }: { onChosen?: (locale: string) => void }) {
  const intl = useIntl();
  const { locale } = usePreferences();
  const preferences = usePreferencesActor();
  return (
    <select
      className="ui-select"
      aria-label={intl.formatMessage({ id: 'header.language' })}
      value={locale}
      onChange={(e) => {
        preferences.send({ type: 'SET_LOCALE', value: e.currentTarget.value });
        onChosen?.(e.currentTarget.value);
      }}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {intl.formatMessage({ id: `lang.${code}` })}
        </option>
      ))}
    </select>
  );
}
