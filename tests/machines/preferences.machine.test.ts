import { beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_PREFERENCES, PREFERENCES_KEY, preferencesMachine, readStoredPreferences, storedLocale } from '../../src/machines/preferences.machine.ts';
import { secureStorage } from '../../src/machines/secure-storage.ts';
import { installMemoryStorage } from '../../scripts/statecharts/paths/memory-storage.ts';

const start = () => createActor(preferencesMachine, { input: readStoredPreferences() }).start();

describe('preferences machine', () => {
  beforeEach(() => {
    installMemoryStorage();
    secureStorage.clear();
  });

  it("starts from the specification's defaults", () => {
    expect(start().getSnapshot().context).toEqual({
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
    });
  });

  it('sets and persists every lasting setting, and a new start reads them back', () => {
    const actor = start();
    actor.send({ type: 'TOGGLE_NAV_COLLAPSED' });
    actor.send({ type: 'SET_SIDE_NAV_THEME', value: 'dark' });
    actor.send({ type: 'SET_LOCALE', value: 'ja' });
    actor.send({ type: 'SET_NAV_TYPE', value: 'TOP' });
    actor.send({ type: 'SET_TOP_NAV_COLOR', value: '#112233' });
    actor.send({ type: 'SET_HEADER_NAV_COLOR', value: '#445566' });
    actor.send({ type: 'SET_THEME', value: 'dark' });
    actor.send({ type: 'SET_DIRECTION', value: 'rtl' });
    const expected = { navCollapsed: true, sideNavTheme: 'dark', locale: 'ja', navType: 'TOP', topNavColor: '#112233', headerNavColor: '#445566', currentTheme: 'dark', direction: 'rtl' };
    expect(actor.getSnapshot().context).toMatchObject(expected);
    expect(start().getSnapshot().context).toMatchObject(expected);
  });

  it('keeps the blank-layout flag and the mobile drawer out of storage', () => {
    const actor = start();
    actor.send({ type: 'SET_BLANK_LAYOUT', value: true });
    actor.send({ type: 'TOGGLE_MOBILE_NAV' });
    expect(actor.getSnapshot().context).toMatchObject({ blankLayout: true, mobileNav: true });
    actor.send({ type: 'SET_MOBILE_NAV', value: false });
    expect(actor.getSnapshot().context.mobileNav).toBe(false);
    actor.send({ type: 'SET_THEME', value: 'dark' });
    expect(secureStorage.get(PREFERENCES_KEY)).not.toHaveProperty('blankLayout');
    expect(start().getSnapshot().context).toMatchObject({ blankLayout: false, mobileNav: false, currentTheme: 'dark' });
  });

  it('refuses an unknown locale and a malformed colour', () => {
    const actor = start();
    actor.send({ type: 'SET_LOCALE', value: 'de' });
    actor.send({ type: 'SET_TOP_NAV_COLOR', value: 'red;background:url(x)' });
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'es', topNavColor: '#3e82f7' });
  });

  it('ignores stored garbage instead of breaking the panel', () => {
    localStorage.setItem(PREFERENCES_KEY, '{not json');
    expect(readStoredPreferences()).toEqual(DEFAULT_PREFERENCES);
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ locale: 'xx', navCollapsed: 'yes', direction: 'rtl' }));
    expect(readStoredPreferences()).toEqual({ ...DEFAULT_PREFERENCES, direction: 'rtl' });
  });

  it('tells whether the browser keeps a language of its own (a sign-in otherwise opens in the profile’s)', () => {
    secureStorage.clear();
    expect(storedLocale()).toBeNull();
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ currentTheme: 'dark' }));
    expect(storedLocale()).toBeNull();
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ locale: 'xx' }));
    expect(storedLocale()).toBeNull();
    localStorage.setItem(PREFERENCES_KEY, '{not json');
    expect(storedLocale()).toBeNull();
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ locale: 'ja' }));
    expect(storedLocale()).toBe('ja');
  });
});
