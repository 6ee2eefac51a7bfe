import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, Route, Switch, useLocation, useSearch, useSearchParams } from 'wouter';
import { useMe } from '../api/me.ts';
import { Loading } from '../components/feedback/Loading.tsx';
import { Notice } from '../components/feedback/Notice.tsx';
import { ScreenErrorBoundary } from '../components/feedback/ScreenErrorBoundary.tsx';
import { PublicLayout } from '../components/layout/PublicLayout.tsx';
import { usePreferences, usePreferencesActor } from './preferences.tsx';
import { PRIVATE_ROUTES, PUBLIC_ROUTES, safeRedirect, type PrivateRoute } from './route-table.ts';
import { Session } from './session.tsx';

// The signed-in shell is its own chunk: the log-in page does not load it.
const SignedInShell = lazy(() => import('./SignedInShell.tsx'));

export const DEFAULT_HOME = '/app/panel/default';

/** Each route sets the theme's blank-layout flag (public screens are blank) and the document title. */
function useRouteMeta(blankLayout: boolean, titleId: string, values?: Record<string, string>) {
  const intl = useIntl();
  const preferences = usePreferencesActor();
  const title = intl.formatMessage({ id: titleId }, values);
  const appTitle = intl.formatMessage({ id: 'app.title' });
  useLayoutEffect(() => {
    preferences.send({ type: 'SET_BLANK_LAYOUT', value: blankLayout });
    document.title = `${title} · ${appTitle}`;
  }, [preferences, blankLayout, title, appTitle]);
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

function PrivateScreen({ route, params }: { route: PrivateRoute; params: Record<string, string> }) {
  const intl = useIntl();
  const token = Session.useSelector((s) => s.context.token);
  const { can, isSuccess } = useMe(token);
  useRouteMeta(false, route.titleId, params);
  if (route.permission && isSuccess && !can(route.permission)) {
    return <Notice tone="warning">{intl.formatMessage({ id: 'code.auth.forbidden' })}</Notice>;
  }
  if (route.permission && !isSuccess) return <Loading />;
  const Screen = route.screen;
  return <Screen titleId={route.titleId} />;
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
    <Switch>
      {PRIVATE_ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          {(params) => <PrivateScreen route={route} params={params as Record<string, string>} />}
        </Route>
      ))}
      <Route>
        <Redirect to="~/" replace />
      </Route>
    </Switch>
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
