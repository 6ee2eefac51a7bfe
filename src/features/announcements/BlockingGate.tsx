import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../components/feedback/Loading.tsx';
import { pendingQuery } from './api.ts';

// The reading view (and the browser's sanitiser) loads only when there is something blocking to read.
const BlockingView = lazy(() => import('./BlockingView.tsx'));

/**
 * Stands before every signed-in screen: while a blocking announcement addressed to the user waits for
 * acknowledgement, it is shown instead of the screen asked for (from the sign-in on, and on any link).
 */
export function BlockingGate({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { data: pending, isError } = useQuery({ ...pendingQuery(), enabled });
  if (!enabled || isError) return children;
  if (!pending) return <Loading />;
  const blocking = pending.filter((announcement) => announcement.blocking);
  if (blocking.length === 0) return children;
  return (
    <Suspense fallback={<Loading />}>
      <BlockingView announcement={blocking[0]!} remaining={blocking.length} />
    </Suspense>
  );
}
