import { preloadScreen } from '../../components/feedback/lazyScreen.tsx';
import type { NavItem } from '../../components/layout/nav-items.ts';
import { PRIVATE_ROUTES } from '../areas.ts';
import { findRoute } from '../registry.ts';

const ignore = () => undefined;

/** The registry route a path inside `/app` (or the full path) opens. */
const routeAt = (path: string) => findRoute(PRIVATE_ROUTES, path.replace(/^\/app(?=\/|$)/, '') || '/');

/** Pointing at or focusing a link of the panel starts loading the code of the screen it opens. */
export function preloadLinkTarget(target: EventTarget | null) {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!link) return;
  const url = new URL(link.getAttribute('href')!, window.location.href);
  if (url.origin !== window.location.origin) return;
  const route = routeAt(url.pathname);
  if (route) preloadScreen(route.screen)?.catch(ignore);
}

/** Runs `run` when the browser is idle (Safari has no idle callback: a second later); returns a cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1_000);
  return () => clearTimeout(handle);
}

/**
 * When the browser is idle, the code of each menu entry's screen, one at a time, so that a first
 * click on the menu finds it here. Returns a cancel.
 */
export function preloadMenuWhenIdle(items: NavItem[]): () => void {
  const paths = items.flatMap((item) => [item.href, ...(item.children ?? []).map((child) => child.href)]).filter((href): href is string => Boolean(href));
  let cancel = () => {};
  let cancelled = false;
  const next = (index: number) => {
    if (cancelled || index >= paths.length) return;
    cancel = whenIdle(() => {
      const route = routeAt(paths[index]!);
      const loading = route ? preloadScreen(route.screen) : undefined;
      void (loading ?? Promise.resolve()).catch(ignore).then(() => next(index + 1));
    });
  };
  next(0);
  return () => {
    cancelled = true;
    cancel();
  };
}
