import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch, useSearchParams } from 'wouter';
import { Loading } from '../components/feedback/Loading.tsx';
import { ScreenErrorBoundary } from '../components/feedback/ScreenErrorBoundary.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { authArea } from '../features/auth/area.ts';
import { usePreferences } from './preferences.tsx';
import { useRouteMeta } from './route-meta.ts';
import { Session } from './session.tsx';

// The signed-in shell and the private routes are their own chunks: the log-in page loads neither.
const SignedInShell = lazy(() => import('./SignedInShell.tsx'));
const PrivateRoutes = lazy(() => import('./PrivateRoutes.tsx'));

export const DEFAULT_HOME = '/app/panel/default';
/** The public screens are the auth area's; every other area is in the registry (areas.ts). */
const PUBLIC_ROUTES = authArea.publicRoutes ?? [];

/** Only a same-origin path may be a post-sign-in destination; anything else goes home. */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return PUBLIC_ROUTES.some((route) => target.startsWith(route.path)) ? null : target;
}

function PublicScreen({ route }: { route: (typeof PUBLIC_ROUTES)[number] }) {
  const signedIn = Session.useSelector((s) => s.matches('authenticated'));
  const redirect = Session.useSelector((s) => s.context.redirect);
  const [params] = useSearchParams();
  useRouteMeta(true, route.titleId);
  // Shown only when signed out; a signed-in user goes back where they wanted, or home.
  if (signedIn) return <Redirect to={safeRedirect(params.get('redirect')) ?? redirect} replace />;
  const Screen = route.screen;
  return <Screen />;
}

/** The private group: without a session, go to log-in and come back here afterwards. */
function PrivateArea() {
  const present = Session.useSelector((s) => s.matches('authenticated') || s.matches('loggingOut'));
  const [location] = useLocation();
  const search = useSearch();
  if (!present) {
    const wanted = `/app${location === '/' ? '' : location}${search ? `?${search}` : ''}`;
    return <Redirect to={`~/log-in?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return (
    <Suspense fallback={<Loading />}>
      <PrivateRoutes />
    </Suspense>
  );
}

function Routes() {
  return (
    <Switch>
      {PUBLIC_ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          <PublicScreen route={route} />
        </Route>
      ))}
      <Route path="/">
        <Redirect to={DEFAULT_HOME} replace />
      </Route>
      <Route path="/app" nest>
        <PrivateArea />
      </Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}

/** The specification's layout choice: signed-in layout when there is a token and the route is not blank. */
export function AppRoutes() {
  const token = Session.useSelector((s) => s.context.token);
  const { blankLayout } = usePreferences();
  const [location] = useLocation();
  const routes: ReactNode = (
    <ScreenErrorBoundary key={location}>
      <Routes />
    </ScreenErrorBoundary>
  );
  if (token && !blankLayout) {
    return (
      <Suspense fallback={<Loading cover="page" />}>
        <SignedInShell>{routes}</SignedInShell>
      </Suspense>
    );
  }
  return <PublicLayout>{routes}</PublicLayout>;
}
