import type { QueryClient } from '@tanstack/react-query';
import { loadCatalog } from '../i18n/load-catalog.ts';
import type { Locale } from '../machines/preferences.machine.ts';
import { preloadable } from './preloadable.tsx';

// The signed-in shell (with the component library) and the private routes are their own chunks: the
// log-in page loads neither until the user starts typing.
export const SignedInShell = preloadable(() => import('./SignedInShell.tsx'));
export const PrivateRoutes = preloadable(() => import('./PrivateRoutes.tsx'));
type Prefetcher = typeof import('./signed-in-prefetch.ts');
let prefetcherModule: Prefetcher | null = null;
const prefetcher = (): Promise<Prefetcher> => import('./signed-in-prefetch.ts').then((m) => (prefetcherModule = m));

const ignore = () => undefined;
let warmed = false;

/**
 * Starts loading the signed-in code (shell, registry, the landing screen and the whole catalog) while the user types
 * on a public page, so that the sign-in answer finds it here. Not on page load: the log-in page's
 * own weight stays what a first visit costs.
 */
export function warmSignedIn(landing: string, locale: Locale) {
  if (warmed) return;
  warmed = true;
  loadCatalog(locale).catch(ignore);
  SignedInShell.preload().catch(ignore);
  PrivateRoutes.preload().catch(ignore);
  prefetcher()
    .then((m) => m.preloadLanding(landing))
    .catch(ignore);
}

/** A session has begun (signed in, or a stored one on start): its code and first data, all at once. */
export function startSignedIn(client: QueryClient, token: string, landing: string) {
  warmed = true;
  SignedInShell.preload().catch(ignore);
  PrivateRoutes.preload().catch(ignore);
  // Warmed up: ask at once, before React renders the signed-in layout (an import() resolves only after it).
  if (prefetcherModule) return prefetcherModule.prefetchSignedIn(client, token, landing);
  prefetcher()
    .then((m) => m.prefetchSignedIn(client, token, landing))
    .catch(ignore);
}
