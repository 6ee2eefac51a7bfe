import type { NavItem } from '../components/layout/nav-items.ts';
import type { Crumb } from '../components/layout/screen-context.ts';
import type { Area, AreaRoute, MenuDecl, MenuLink, MessageId } from '../components/layout/area.ts';

export interface RegisteredRoute extends AreaRoute {
  area: Area;
}

const segments = (path: string) => path.split('/').filter(Boolean);
const paramCount = (path: string) => segments(path).filter((s) => s.startsWith(':')).length;

/** A route's path as a pattern: `:name` matches one segment. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = segments(pattern);
  const got = segments(path);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

/**
 * Every area's routes, most specific first: a static segment wins over a parameter in the same place
 * (`/pacientes/nuevo` before `/pacientes/:id`), so the first match is the right screen.
 */
export function routesOf(areas: Area[]): RegisteredRoute[] {
  const routes = areas.flatMap((area) => area.routes.map((route) => ({ ...route, area })));
  const paths = new Set<string>();
  for (const route of routes) {
    if (paths.has(route.path)) throw new Error(`Two areas declare ${route.path}`);
    paths.add(route.path);
  }
  return routes.sort((a, b) => paramCount(a.path) - paramCount(b.path) || segments(b.path).length - segments(a.path).length);
}

export const findRoute = (routes: RegisteredRoute[], path: string) => routes.find((route) => matchPath(route.path, path));

/** The side/top menu in its order; each link carries the permission of the route it opens. */
export function menuOf(areas: Area[], routes: RegisteredRoute[]): NavItem[] {
  const link = (entry: MenuLink): NavItem => {
    const route = findRoute(routes, entry.path);
    if (!route) throw new Error(`Menu entry ${entry.key} opens ${entry.path}, which no area declares`);
    return { key: entry.key, labelId: entry.labelId, icon: entry.icon, href: entry.path, permission: route.permission, count: entry.count };
  };
  return areas
    .flatMap((area) => area.menu ?? [])
    .sort((a, b) => a.order - b.order)
    .map((entry: MenuDecl) => ('children' in entry ? { key: entry.key, labelId: entry.labelId, icon: entry.icon, children: entry.children.map(link) } : link(entry)));
}

/** A screen of an area by its key, with parameters filled in. */
export function pathOf(area: Area, key: string, params: Record<string, string | number> = {}): AreaRoute | null {
  const route = area.routes.find((r) => r.key === key);
  return route ? { ...route, path: route.path.replace(/:(\w+)/g, (whole, name: string) => (name in params ? encodeURIComponent(String(params[name])) : whole)) } : null;
}

/** Whether the menu opens `route` (an area's list, or one of its peers such as the verification worklist). */
export function isMenuScreen(route: RegisteredRoute): boolean {
  const menuPaths = (route.area.menu ?? []).flatMap((entry) => ('children' in entry ? entry.children.map((c) => c.path) : [entry.path]));
  return menuPaths.includes(route.path) || route.area.routes.some((r) => r.key === 'list' && r.path === route.path);
}

/**
 * The breadcrumbs above a screen: the dashboard, then, below a list, the list the user came from (`from`: the menu
 * screen of the same area last opened, at its address with its filters), else the area's list. A list, and any
 * other screen the menu opens, has only the dashboard above it (the verification worklist is the history's peer).
 */
export function crumbsOf(route: RegisteredRoute, home: { labelId: MessageId; href: string }, from?: { route: RegisteredRoute; href: string }): Crumb[] {
  if (route.area.routes.some((r) => r.key === 'home' && r.path === route.path)) return [];
  if (isMenuScreen(route)) return [home];
  if (from && from.route.area === route.area) return [home, { labelId: from.route.titleId, href: from.href }];
  const list = route.area.routes.find((r) => r.key === 'list');
  return [home, ...(list ? [{ labelId: list.titleId, href: list.path }] : [])];
}
