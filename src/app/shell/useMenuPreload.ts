import { useCallback, useEffect, useRef } from 'react';
import type { NavItem } from '../../components/layout/nav-items.ts';
import { preloadLinkTarget, preloadMenuWhenIdle } from './preload-screens.ts';

interface MenuPreload {
  items: NavItem[];
  cancel: (() => void) | null;
}

/**
 * What the layout does when the user reaches for something (a pointer over it, or focus): a link starts loading its
 * screen's code, and the menu (`nav[data-menu]`) starts loading all its screens, one at a time when idle, so that a
 * first click on it finds them here. Not at page load: a page only read, or opened to be reloaded, spends neither
 * the bandwidth nor the processor (a fifth of a page load's, measured in docs/qa.md).
 */
export function useMenuPreload(items: NavItem[]): (target: EventTarget | null) => void {
  const menu = useRef<MenuPreload>({ items, cancel: null });
  const menuKey = items.map((item) => item.key).join();
  useEffect(() => {
    const current: MenuPreload = { items, cancel: null };
    menu.current = current;
    return () => current.cancel?.();
    // A new menu (another role's entries), not a new array of the same entries, starts over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menuKey]);
  return useCallback((target: EventTarget | null) => {
    preloadLinkTarget(target);
    const current = menu.current;
    if (!current.cancel && target instanceof Element && target.closest('nav[data-menu]')) current.cancel = preloadMenuWhenIdle(current.items);
  }, []);
}
