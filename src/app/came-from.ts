import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isMenuScreen, type RegisteredRoute } from './registry.ts';

export interface CameFrom {
  route: RegisteredRoute;
  href: string;
}

/** Per area, the menu screen the user last opened in this tab and its address (its list state in the query). */
const lastOpened = new Map<string, CameFrom>();

/** Notes a menu screen as the one its area's records were reached from, following its filters as they change. */
export function useNoteCameFrom(route: RegisteredRoute) {
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (isMenuScreen(route)) lastOpened.set(route.area.key, { route, href: search ? `${path}?${search}` : path });
  }, [route, path, search]);
}

/** Where a screen below a list was reached from: the menu screen of its area last opened, if any. */
export const cameFrom = (route: RegisteredRoute): CameFrom | undefined => lastOpened.get(route.area.key);

/** Forgets every area's last list (a sign-out: the next user starts from the menus' own lists). */
export const forgetCameFrom = () => lastOpened.clear();
