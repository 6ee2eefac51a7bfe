import { useIntl } from 'react-intl';
import { usePreferences, usePreferencesActor } from '../../session/preferences.tsx';
import { Icon } from '../../components/layout/icons.tsx';

/** The light/dark switch. */
export function ThemeToggle() {
  const intl = useIntl();
  const { currentTheme } = usePreferences();
  const preferences = usePreferencesActor();
  const dark = currentTheme === 'dark';
  return (
    <button
      type="button"
      className="ui-icon-button"
      aria-label={intl.formatMessage({ id: dark ? 'header.themeLight' : 'header.themeDark' })}
      aria-pressed={dark}
      onClick={() => preferences.send({ type: 'SET_THEME', value: dark ? 'light' : 'dark' })}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  );
}
