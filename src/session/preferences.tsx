import { useLayoutEffect, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { preferencesMachine, readStoredPreferences } from '../machines/preferences.machine.ts';

export const PreferencesContext = createActorContext(preferencesMachine);
export const usePreferences = () => PreferencesContext.useSelector((s) => s.context);
export const usePreferencesActor = () => PreferencesContext.useActorRef();

/** Keeps `<html dir>`, the body's `dir-…` class and the colour scheme in step with the preferences. */
function DocumentPreferences() {
  const { direction, currentTheme } = usePreferences();
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.dir = direction;
    document.body.classList.remove('dir-ltr', 'dir-rtl');
    document.body.classList.add(`dir-${direction}`);
    html.classList.toggle('dark', currentTheme === 'dark');
    html.classList.toggle('light', currentTheme === 'light');
    html.style.colorScheme = currentTheme;
  }, [direction, currentTheme]);
  return null;
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  return (
    <PreferencesContext.Provider options={{ input: readStoredPreferences() }}>
      <DocumentPreferences />
      {children}
    </PreferencesContext.Provider>
  );
}
