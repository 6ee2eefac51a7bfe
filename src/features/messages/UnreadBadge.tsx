import { useEffect } from 'react';
import { Box, IconButton } from '@chakra-ui/react';
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
    <IconButton asChild size="sm" variant="ghost" aria-label={label} data-testid="messages-badge" data-unread={count}>
      <Link href="~/app/mensajes" aria-current={location.includes('/mensajes') ? 'page' : undefined}>
        <Box position="relative">
          <MessageSquare aria-hidden size={18} />
          {count > 0 && (
            <Box
              as="span"
              aria-hidden
              position="absolute"
              top="-2"
              insetEnd="-2.5"
              minW="4"
              h="4"
              px="1"
              borderRadius="full"
              bg="red.600"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              lineHeight="4"
              textAlign="center"
            >
              {count > 99 ? '99+' : count}
            </Box>
          )}
        </Box>
      </Link>
    </IconButton>
  );
}
