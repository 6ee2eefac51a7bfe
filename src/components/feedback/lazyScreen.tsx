import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
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

/** A screen loaded on demand; a failed or timed-out load shows 'Loading chunk failed' with a retry. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return function LazyScreen(props: P) {
    const [attempt, setAttempt] = useState(0);
    // A new lazy component per attempt, so a retry imports again instead of replaying the failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    const Screen = useMemo(() => lazy(() => withTimeout(load())), [attempt]);
    return (
      <ScreenErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<Loading />}>
          <Screen {...props} />
        </Suspense>
      </ScreenErrorBoundary>
    );
  };
}
