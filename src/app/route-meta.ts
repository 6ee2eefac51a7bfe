import { useLayoutEffect } from 'react';
import { useIntl } from 'react-intl';
import { usePreferencesActor } from '../session/preferences.tsx';

/** Each route sets the theme's blank-layout flag (public screens are blank) and the document title. */
export function useRouteMeta(blankLayout: boolean, titleId: string, values?: Record<string, string>) {
  const intl = useIntl();
  const preferences = usePreferencesActor();
  const title = intl.formatMessage({ id: titleId }, values);
  const appTitle = intl.formatMessage({ id: 'app.title' });
  useLayoutEffect(() => {
    preferences.send({ type: 'SET_BLANK_LAYOUT', value: blankLayout });
    document.title = `${title} · ${appTitle}`;
  }, [preferences, blankLayout, title, appTitle]);
}
