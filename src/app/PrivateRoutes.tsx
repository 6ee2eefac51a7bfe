import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, Route, Switch } from 'wouter';
import { useMe } from '../session/useMe.ts';
import { Loading } from '../components/feedback/Loading.tsx';
import { ScreenContext, type ScreenInfo } from '../components/layout/screen-context.ts';
import { crumbsFor, PRIVATE_ROUTES } from './areas.ts';
import { cameFrom, forgetCameFrom, useNoteCameFrom } from './came-from.ts';
import { ForbiddenScreen } from './ForbiddenScreen.tsx';
import { pathOf } from './registry.ts';
import { useRouteMeta } from './route-meta.ts';

/** A screen of the registry behind its permission, told its breadcrumbs, its area's other screens and the user's permissions. */
function PrivateScreen({ route, params }: { route: (typeof PRIVATE_ROUTES)[number]; params: Record<string, string> }) {
  const intl = useIntl();
  const { can, isSuccess, data } = useMe();
  const forbidden = Boolean(route.permission) && isSuccess && !can(route.permission!);
  useRouteMeta(false, forbidden ? 'forbidden.title' : route.titleId, params);
  const userId = data?.user.id ?? null;
  useNoteCameFrom(route);
  const screen = useMemo<ScreenInfo>(
    () => ({
      crumbs: crumbsFor(route, cameFrom(route)),
      link: (key, values) => {
        const target = pathOf(route.area, key, values);
        return target && can(target.permission) ? target.path : null;
      },
      may: (action) => {
        const permission = route.area.actions?.[action];
        return Boolean(permission) && can(permission);
      },
      can,
      userId,
    }),
    // `can` is a new function per render; the permissions it reads are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [route, userId, data?.permissions],
  );
  if (route.permission && !isSuccess) return <Loading />;
  const Screen = route.screen;
  return (
    <ScreenContext.Provider value={screen}>
      {forbidden ? <ForbiddenScreen screenTitle={intl.formatMessage({ id: route.titleId }, params)} /> : <Screen titleId={route.titleId} />}
    </ScreenContext.Provider>
  );
}

/** Every route under `/app`, from the area registry (which loads with the signed-in shell, not on the log-in page). */
export default function PrivateRoutes() {
  // Signing out unmounts the private routes: the next user starts from the menus' own lists.
  useEffect(() => forgetCameFrom, []);
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
