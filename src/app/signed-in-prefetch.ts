import type { QueryClient } from '@tanstack/react-query';
import { meQuery } from '../api/resources/me.ts';
import { preloadScreen } from '../components/feedback/lazyScreen.tsx';
import { pendingQuery } from '../api/resources/announcements.ts';
import { PRIVATE_ROUTES } from './areas.ts';
import { findRoute } from './registry.ts';

const routeOf = (landing: string) => findRoute(PRIVATE_ROUTES, landing.split(/[?#]/)[0].replace(/^\/app(?=\/|$)/, '') || '/');

/** The landing screen's code (no session needed). */
export function preloadLanding(landing: string) {
  const route = routeOf(landing);
  if (route) void preloadScreen(route.screen)?.catch(() => undefined);
}

/**
 * Everything the first signed-in screen waits for, asked for at once instead of one after the
 * other: the user and permissions (the menu), the pending announcements (the gate in front of every
 * screen), the landing screen's code and the data its area declares.
 */
export function prefetchSignedIn(client: QueryClient, token: string, landing: string) {
  void client.prefetchQuery(meQuery(token));
  void client.prefetchQuery(pendingQuery());
  const route = routeOf(landing);
  if (!route) return;
  void preloadScreen(route.screen)?.catch(() => undefined);
  if (route.prefetch) void route.prefetch(client);
}
