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

/** A screen loaded on demand; a failed or timed-out load shows 'Loading chunk failed' with a retry. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return function LazyScreen(props: P) {
    // A new lazy component per mount, so coming back to a screen whose load timed out imports it again.
    const Screen = useMemo(() => lazy(() => withTimeout(load())), []);
    return (
      <ScreenErrorBoundary onRetry={reloadPage}>
        <Suspense fallback={<Loading />}>
          <Screen {...props} />
        </Suspense>
      </ScreenErrorBoundary>
    );
  };
}
