import { Suspense, lazy, useMemo, type ComponentType } from 'react';
import { ChunkLoadError, ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { Loading } from './Loading.tsx';

/** The specification's time-out for loading a screen's code. */
export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(loading: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('Loading chunk timed out')), CHUNK_TIMEOUT_MS);
    loading.then(resolve, (error) => reject(new ChunkLoadError(String(error?.message ?? error)))).finally(() => clearTimeout(timer));
  });
}

// The browser keeps a module that failed to load as failed (Chromium answers the same error to every
// later import of it without asking the server again), so a retry loads the page afresh.
const reloadPage = () => window.location.reload();

export interface Preloadable {
  /** Starts loading the screen's code (once); resolves when it is there. */
  preload: () => Promise<unknown>;
}

/** Starts loading a registry screen's code, if it is one loaded on demand. */
export const preloadScreen = (screen: unknown): Promise<unknown> | undefined => (screen as Partial<Preloadable>).preload?.();

/**
 * A screen loaded on demand; a failed or timed-out load shows 'Loading chunk failed' with a retry.
 * Once its code is here it renders straight away: a new lazy component on every visit suspended
 * each time, and React then kept its spinner up for its 300 ms throttle on every menu click.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= withTimeout(load()).then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => {
        // The next visit tries again (and the error screen's retry reloads the page).
        loading = null;
        throw error;
      },
    ));
  function LazyScreen(props: P) {
    // Not loaded yet: a lazy component of this mount, so a visit after a failed load imports again.
    const Screen = useMemo(() => loaded ?? lazy(preload), []);
    return (
      <ScreenErrorBoundary onRetry={reloadPage}>
        <Suspense fallback={<Loading />}>
          <Screen {...props} />
        </Suspense>
      </ScreenErrorBoundary>
    );
  }
  return Object.assign(LazyScreen, { preload } satisfies Preloadable);
}
