import { useEffect } from 'react';
import { Badge, Button, HStack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { sessionBridge } from '../../api/client.ts';
import { Session } from '../../app/session.tsx';
import { notifier } from '../../components/feedback/toaster.tsx';
import { MESSAGES_KEY, unreadQuery } from './api.ts';
import { followEvents } from './event-stream.ts';

/**
 * The header's messages button with the unread count. It holds the tab's one live connection: each
 * event refreshes the messages queries, and a new message elsewhere than on screen shows "you have a
 * new message" — never its text (research 2.10).
 */
export function UnreadBadge() {
  const intl = useIntl();
  const client = useQueryClient();
  const token = Session.useSelector((s) => s.context.token);
  const [location] = useLocation();
  const unread = useQuery({ ...unreadQuery(), enabled: Boolean(token) });
  const count = unread.data?.unread ?? 0;

  useEffect(() => {
    if (!token) return;
    return followEvents(
      (event) => {
        void client.invalidateQueries({ queryKey: MESSAGES_KEY });
        const showing = window.location.pathname.endsWith(`/app${event.data.link}`);
        if (event.data.kind === 'message' && !showing) notifier.create({ type: 'info', title: intl.formatMessage({ id: 'messages.newMessage' }) });
      },
      () => sessionBridge.onUnauthorized(),
    );
  }, [token, client, intl]);

  const label = intl.formatMessage({ id: 'messages.badgeLabel' }, { count });
  return (
    <Button asChild size="sm" variant="ghost" px="2" aria-label={label} data-testid="messages-badge" data-unread={count}>
      <Link href="~/app/mensajes" aria-current={location.includes('/mensajes') ? 'page' : undefined}>
        <HStack gap="1">
          <MessageSquare aria-hidden size={18} />
          {count > 0 && (
            <Badge aria-hidden colorPalette="red" variant="solid" size="xs" borderRadius="full">
              {count > 99 ? '99+' : count}
            </Badge>
          )}
        </HStack>
      </Link>
    </Button>
  );
}
