import { authArea } from '../features/auth/area.ts';

/** The public screens are the auth area's; every other area is in the registry (areas.ts). */
export const PUBLIC_ROUTES = authArea.publicRoutes ?? [];

export const isPublicPath = (pathname: string) => PUBLIC_ROUTES.some((route) => pathname.startsWith(route.path));

/** Only a same-origin path may be a post-sign-in destination; anything else goes home. */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return isPublicPath(target) ? null : target;
}

/**
 * Where the user lands once signed in: on a public page, the page's `redirect` or the session's
 * destination (as the log-in screen's redirect decides); on any other page, that page.
 */
export function landingPath(sessionRedirect: string, where: Pick<Location, 'pathname' | 'search'> = window.location): string {
  if (!isPublicPath(where.pathname)) return where.pathname;
  return safeRedirect(new URLSearchParams(where.search).get('redirect')) ?? sessionRedirect;
}
