import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads on demand and can be asked for early (`preload`). Once the code is
 * here it renders at once: a plain React.lazy suspends on its first render even when its module has
 * already arrived, and the Suspense fallback would then flash for React's 300 ms throttle.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
