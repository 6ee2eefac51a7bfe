import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch, useSearchParams } from 'wouter';
import { ScreenErrorBoundary } from '../components/feedback/ScreenErrorBoundary.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { ContentSkeleton, ShellSkeleton } from './shell/ShellSkeleton.tsx';
import { PUBLIC_ROUTES, safeRedirect } from './landing.ts';
import { usePreferences } from '../session/preferences.tsx';
import { useRouteMeta } from './route-meta.ts';
import { Session } from '../session/session.tsx';
import { PrivateRoutes, SignedInShell } from './signed-in-code.ts';

export const DEFAULT_HOME = '/app/panel/default';

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
    <Suspense fallback={<ContentSkeleton />}>
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
  // A private address never takes the blank layout, even for the render before its screen says so: just after
  // signing in, the log-in page's flag is still set while the first private screen renders, and that screen's
  // components need the signed-in shell's component library around them.
  if (token && (!blankLayout || location.startsWith('/app'))) {
    return (
      // Until the layout's code is here, its outline (plain CSS) stands in its place: never a blank page.
      <Suspense fallback={<ShellSkeleton />}>
        <SignedInShell>{routes}</SignedInShell>
      </Suspense>
    );
  }
  return <PublicLayout>{routes}</PublicLayout>;
}
