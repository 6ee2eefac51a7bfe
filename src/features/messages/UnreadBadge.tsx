import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useIntl } from 'react-intl';
import { sessionBridge } from '../../api/client.ts';
import { dashboardKeys } from '../../api/resources/dashboard.ts';
import { Session } from '../../session/session.tsx';
import { notifier } from '../../components/feedback/toaster.tsx';
import { HeaderCountLink } from '../../components/layout/HeaderCountLink.tsx';
import { conversationKeys, unreadQuery } from '../../api/resources/messages.ts';
import { followEvents } from './event-stream.ts';

/**
 * The header's messages button with the unread count. It holds the tab's one live connection: each
 * event refreshes the messages queries and the dashboard's figures, and a new message elsewhere than on screen
 * shows who wrote and on what subject — never its text (research 2.10).
 */
export function UnreadBadge() {
  const intl = useIntl();
  const client = useQueryClient();
  const token = Session.useSelector((s) => s.context.token);
  const unread = useQuery({ ...unreadQuery(), enabled: Boolean(token) });
  const count = unread.data?.unread;

  useEffect(() => {
    if (!token) return;
    return followEvents(
      (event) => {
        void client.invalidateQueries({ queryKey: conversationKeys.all });
        void client.invalidateQueries({ queryKey: dashboardKeys.all });
        const showing = window.location.pathname.endsWith(`/app${event.data.link}`);
        if (event.data.kind === 'message' && !showing) {
          const { senderName, subject } = event.data;
          notifier.create({
            type: 'info',
            title: senderName ? intl.formatMessage({ id: 'messages.newMessageFrom' }, { name: senderName }) : intl.formatMessage({ id: 'messages.newMessage' }),
            description: subject,
          });
        }
      },
      () => sessionBridge.onUnauthorized(),
    );
  }, [token, client, intl]);

  return (
    <HeaderCountLink
      path="/mensajes"
      icon={MessageSquare}
      count={count}
      label={count === undefined ? intl.formatMessage({ id: 'nav.messages' }) : intl.formatMessage({ id: 'messages.badgeLabel' }, { count })}
      palette="red"
      testId="messages-badge"
    />
  );
}
