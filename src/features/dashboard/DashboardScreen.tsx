import { lazy, Suspense } from 'react';
import { Card, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Session } from '../../session/session.tsx';
import { useAccountName } from '../../session/useAccountName.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { dashboardQuery } from '../../api/resources/dashboard.ts';
import { TileSection } from './Tiles.tsx';

// Charts (and recharts) load only when there are charts to draw: supervisors and administrators.
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

/** The panel: a greeting, then what the user's roles need at the start of a day, from live data. */
export default function DashboardScreen() {
  const intl = useIntl();
  const user = Session.useSelector((s) => s.context.user);
  const name = useAccountName();
  const roles = user?.roles ?? [];
  const dashboard = useQuery(dashboardQuery());
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'nav.dashboard' })} />
      <Stack gap="6">
        <Card.Root maxW="xl" size="sm">
          <Card.Body gap="2">
            <Card.Title>{intl.formatMessage({ id: 'dashboard.welcome' }, { name })}</Card.Title>
            {roles.length ? (
              <Text data-testid="roles">
                {intl.formatMessage(
                  { id: 'dashboard.roles' },
                  { roles: roles.map((role) => intl.formatMessage({ id: `role.${role}`, defaultMessage: role })).join(', ') },
                )}
              </Text>
            ) : (
              <Text>{intl.formatMessage({ id: 'dashboard.noRole' })}</Text>
            )}
          </Card.Body>
        </Card.Root>
        {dashboard.isPending ? (
          <Loading />
        ) : dashboard.isError ? (
          <Text color="fg.error">{intl.formatMessage({ id: 'dashboard.loadFailed' })}</Text>
        ) : (
          <>
            {dashboard.data.sections.map((section) => (
              <TileSection key={section.key} section={section} />
            ))}
            {dashboard.data.charts && (
              <Suspense fallback={<Loading />}>
                <DashboardCharts charts={dashboard.data.charts} />
              </Suspense>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
