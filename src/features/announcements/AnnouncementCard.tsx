import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { CheckCheck } from 'lucide-react';
import { useIntl } from 'react-intl';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { useAcknowledge, type Announcement } from '../../api/resources/announcements.ts';
import { PriorityBadge } from './fields.tsx';
import { SafeHtml } from './SafeHtml.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';

/** An announcement as its audience reads it, with the acknowledgement it asks for. */
export function AnnouncementCard({ announcement: a, headingLevel = 'h2', onAcknowledged }: { announcement: Announcement; headingLevel?: 'h1' | 'h2'; onAcknowledged?: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const acknowledge = useAcknowledge();
  const confirm = () =>
    acknowledge.mutate(a, {
      onSuccess: () => {
        messenger.create({ type: 'success', title: t('announcements.acknowledgedToast') });
        onAcknowledged?.();
      },
      onError: (error) => notifyError(intl, error),
    });
  return (
    <Card.Root as="article" aria-labelledby={`announcement-${a.id}-title`} borderColor={a.blocking ? 'red.emphasized' : undefined}>
      <Card.Header>
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <PriorityBadge priority={a.priority} />
            <Text fontSize="sm" color="fg.muted">
              {t('announcements.byline', { author: a.authorName ?? '—', date: intl.formatDate(a.publishedAt ?? a.publishFrom, { dateStyle: 'medium' }) })}
            </Text>
          </HStack>
          <Card.Title as={headingLevel} id={`announcement-${a.id}-title`} fontSize="xl">
            <bdi>{a.title}</bdi>
          </Card.Title>
        </Stack>
      </Card.Header>
      <Card.Body>
        <SafeHtml html={a.body} />
      </Card.Body>
      {a.requiresAcknowledgement && (
        <Card.Footer>
          {a.acknowledgedAt ? (
            <Text fontSize="sm" color="fg.muted">
              {t('announcements.acknowledgedOn', { date: intl.formatDate(a.acknowledgedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
            </Text>
          ) : (
            <BusyButton colorPalette="blue" onClick={confirm} loading={acknowledge.isPending}>
              <CheckCheck aria-hidden size={16} />
              {t('announcements.acknowledge')}
            </BusyButton>
          )}
        </Card.Footer>
      )}
    </Card.Root>
  );
}
