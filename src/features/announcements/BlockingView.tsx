import { Alert, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import type { Announcement } from '../../api/resources/announcements.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';

/** A blocking announcement in place of the screen, until the user acknowledges it (then the next, or the screen). */
export default function BlockingView({ announcement, remaining }: { announcement: Announcement; remaining: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  return (
    <Stack gap="4" maxW="4xl" data-testid="blocking-announcement">
      <PageHeader title={t('announcements.blocking.title')} />
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>{t('announcements.blocking.explain', { count: remaining })}</Alert.Description>
      </Alert.Root>
      <AnnouncementCard announcement={announcement} />
    </Stack>
  );
}
