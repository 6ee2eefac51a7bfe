import { useCallback, useEffect, useRef } from 'react';
import type { NavItem } from '../../components/layout/nav-items.ts';
import { preloadMenuWhenIdle } from './preload-screens.ts';

interface MenuPreload {
  items: NavItem[];
  cancel: (() => void) | null;
}

/**
 * Once the user reaches for the menu (`nav[data-menu]`: the pointer moving over it, or the focus in it), all its screens
 * start loading, one at a time when idle, so that a first click on it finds them here. Not at page load: a page only
 * read, or opened to be reloaded, spends neither the bandwidth nor the processor (a fifth of a page load's, measured
 * in docs/qa.md). A move, not a pointer-over: the browser sends pointer-over to a pointer left where the menu appears.
 */
export function useMenuPreload(items: NavItem[]): (target: EventTarget | null) => void {
  const menu = useRef<MenuPreload>({ items, cancel: null });
  const menuKey = items.map((item) => item.key).join();
  useEffect(() => {
    // Reached for before the user's permissions arrived (the menu then holds only the entries that need none), the
    // new menu's screens load at once: the focus may stay where it is and send nothing more.
    const reached = menu.current.cancel !== null;
    const current: MenuPreload = { items, cancel: reached ? preloadMenuWhenIdle(items) : null };
    menu.current = current;
    return () => current.cancel?.();
    // A new menu (another role's entries), not a new array of the same entries, starts over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menuKey]);
  return useCallback((target: EventTarget | null) => {
    const current = menu.current;
    if (!current.cancel && target instanceof Element && target.closest('nav[data-menu]')) current.cancel = preloadMenuWhenIdle(current.items);
  }, []);
}
