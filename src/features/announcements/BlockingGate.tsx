import { lazy, Suspense, type ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { pendingQuery } from '../../api/resources/announcements.ts';
import { BusyButton } from '../../components/form/BusyButton.tsx';

// The reading view (and the browser's sanitiser) loads only when there is something blocking to read.
const BlockingView = lazy(() => import('./BlockingView.tsx'));

/**
 * Stands before every signed-in screen: while a blocking announcement addressed to the user waits for
 * acknowledgement, it is shown instead of the screen asked for (from the sign-in on, and on any link).
 * A later failed refresh keeps the answer it had; a first read that fails keeps the screen closed.
 */
export function BlockingGate({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const intl = useIntl();
  const { data: pending, isError, refetch, isFetching } = useQuery({ ...pendingQuery(), enabled });
  if (!enabled) return children;
  // Without the answer nobody knows whether something blocking waits: keep standing, offer to ask again.
  if (!pending && isError) {
    return (
      <Stack role="alert" align="flex-start" gap="3" p="4" data-testid="announcements-gate-failed">
        <span>{intl.formatMessage({ id: 'announcements.gate.loadFailed' })}</span>
        <BusyButton size="sm" loading={isFetching} onClick={() => void refetch()}>
          {intl.formatMessage({ id: 'common.retry' })}
        </BusyButton>
      </Stack>
    );
  }
  if (!pending) return <Loading />;
  const blocking = pending.filter((announcement) => announcement.blocking);
  if (blocking.length === 0) return children;
  return (
    <Suspense fallback={<Loading />}>
      <BlockingView announcement={blocking[0]!} remaining={blocking.length} />
    </Suspense>
  );
}
