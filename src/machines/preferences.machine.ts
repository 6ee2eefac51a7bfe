import { assign, setup } from 'xstate';
import { secureStorage } from './secure-storage.ts';

export const LOCALES = ['es', 'en', 'fr', 'zh', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/** The specification's theme state (section 3), with its defaults. */
export interface Preferences {
  navCollapsed: boolean;
  sideNavTheme: 'light' | 'dark';
  locale: Locale;
  navType: 'SIDE' | 'TOP';
  topNavColor: string;
  headerNavColor: string;
  mobileNav: boolean;
  currentTheme: 'light' | 'dark';
  direction: 'ltr' | 'rtl';
  blankLayout: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  navCollapsed: false,
  sideNavTheme: 'light',
  locale: 'es',
  navType: 'SIDE',
  topNavColor: '#3e82f7',
  headerNavColor: '',
  mobileNav: false,
  currentTheme: 'light',
  direction: 'ltr',
  blankLayout: false,
};

export const PREFERENCES_KEY = 'preferences';
/** Per-route and per-device flags that are not carried over to the next visit. */
const TRANSIENT: (keyof Preferences)[] = ['blankLayout', 'mobileNav'];

const COLOR = /^#[0-9a-f]{6}$/i;

/** What the browser keeps of the preferences, in its secure storage; anything but an object is nothing. */
const keptPreferences = (): object => {
  const kept = secureStorage.get(PREFERENCES_KEY);
  return kept && typeof kept === 'object' ? kept : {};
};

/** The language this browser keeps (chosen on the log-in page or earlier), or null when it keeps none. */
export function storedLocale(): string | null {
  try {
    const { locale } = keptPreferences() as { locale?: unknown };
    return typeof locale === 'string' && LOCALES.includes(locale as Locale) ? locale : null;
  } catch {
    return null;
  }
}

/** Stored preferences, ignoring anything malformed so a bad value never breaks the panel. */
export function readStoredPreferences(): Preferences {
  try {
    const stored = keptPreferences() as Partial<Preferences>;
    const merged = { ...DEFAULT_PREFERENCES };
    for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
      if (TRANSIENT.includes(key) || typeof stored[key] !== typeof DEFAULT_PREFERENCES[key]) continue;
      (merged as Record<string, unknown>)[key] = stored[key];
    }
    if (!LOCALES.includes(merged.locale)) merged.locale = DEFAULT_PREFERENCES.locale;
    return merged;
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

export type PreferencesEvent =
  | { type: 'TOGGLE_NAV_COLLAPSED' }
  | { type: 'SET_SIDE_NAV_THEME'; value: Preferences['sideNavTheme'] }
  | { type: 'SET_LOCALE'; value: string }
  | { type: 'SET_NAV_TYPE'; value: Preferences['navType'] }
  | { type: 'SET_TOP_NAV_COLOR'; value: string }
  | { type: 'SET_HEADER_NAV_COLOR'; value: string }
  | { type: 'TOGGLE_MOBILE_NAV' }
  | { type: 'SET_MOBILE_NAV'; value: boolean }
  | { type: 'SET_THEME'; value: Preferences['currentTheme'] }
  | { type: 'SET_DIRECTION'; value: Preferences['direction'] }
  | { type: 'SET_BLANK_LAYOUT'; value: boolean };

/** Every setting of the theme state; each change is persisted to browser storage. */
export const preferencesMachine = setup({
  types: { context: {} as Preferences, events: {} as PreferencesEvent, input: {} as Partial<Preferences> | undefined },
  guards: {
    isKnownLocale: ({ event }) => LOCALES.includes((event as { value: Locale }).value),
    isHexColor: ({ event }) => COLOR.test((event as { value: string }).value),
  },
  actions: {
    persist: ({ context }) => {
      const kept = Object.fromEntries(Object.entries(context).filter(([key]) => !TRANSIENT.includes(key as keyof Preferences)));
      secureStorage.set(PREFERENCES_KEY, kept);
    },
    toggleNavCollapsed: assign({ navCollapsed: ({ context }) => !context.navCollapsed }),
    toggleMobileNav: assign({ mobileNav: ({ context }) => !context.mobileNav }),
    setValue: assign(({ event }) => {
      const key = {
        SET_SIDE_NAV_THEME: 'sideNavTheme',
        SET_LOCALE: 'locale',
        SET_NAV_TYPE: 'navType',
        SET_TOP_NAV_COLOR: 'topNavColor',
        SET_HEADER_NAV_COLOR: 'headerNavColor',
        SET_MOBILE_NAV: 'mobileNav',
        SET_THEME: 'currentTheme',
        SET_DIRECTION: 'direction',
        SET_BLANK_LAYOUT: 'blankLayout',
      }[event.type as string];
      return key ? { [key]: (event as { value: unknown }).value } : {};
    }),
  },
}).createMachine({
  id: 'preferences',
  context: ({ input }) => ({ ...DEFAULT_PREFERENCES, ...input }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        TOGGLE_NAV_COLLAPSED: { actions: ['toggleNavCollapsed', 'persist'] },
        TOGGLE_MOBILE_NAV: { actions: 'toggleMobileNav' },
        SET_MOBILE_NAV: { actions: 'setValue' },
        SET_BLANK_LAYOUT: { actions: 'setValue' },
        SET_LOCALE: { guard: 'isKnownLocale', actions: ['setValue', 'persist'] },
        SET_TOP_NAV_COLOR: { guard: 'isHexColor', actions: ['setValue', 'persist'] },
        SET_HEADER_NAV_COLOR: { guard: 'isHexColor', actions: ['setValue', 'persist'] },
        SET_SIDE_NAV_THEME: { actions: ['setValue', 'persist'] },
        SET_NAV_TYPE: { actions: ['setValue', 'persist'] },
        SET_THEME: { actions: ['setValue', 'persist'] },
        SET_DIRECTION: { actions: ['setValue', 'persist'] },
      },
    },
  },
});
