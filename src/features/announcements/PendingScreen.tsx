import { EmptyState, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { pendingQuery } from '../../api/resources/announcements.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';

/** `/comunicadospendientes`: what the user still has to acknowledge, blocking ones first. */
export default function PendingScreen() {
  const intl = useIntl();
  const { data: pending } = useQuery(pendingQuery());
  return (
    <Stack gap="4">
      <PageHeader title={intl.formatMessage({ id: 'area.announcements.pending' })} />
      {!pending ? (
        <Loading />
      ) : pending.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg.panel">
          <EmptyState.Content>
            <EmptyState.Description>{intl.formatMessage({ id: 'announcements.pending.none' })}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap="4" maxW="4xl">
          {pending.map((announcement) => (
            <AnnouncementCard key={announcement.id} announcement={announcement} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
