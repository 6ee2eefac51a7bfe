import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ConversationSummary } from '../../api/resources/messages.ts';

/** The user's conversations, latest activity first; the open one is marked, unread ones are bold with their count. */
export function ConversationList({ items, selected, myId }: { items: ConversationSummary[]; selected: number | null; myId: number | undefined }) {
  const intl = useIntl();
  return (
    <Stack as="ul" gap="1" listStyleType="none" aria-label={intl.formatMessage({ id: 'messages.conversations' })}>
      {items.map((conversation) => {
        const others = conversation.participants.filter((p) => p.id !== myId).map((p) => p.name);
        const current = conversation.id === selected;
        return (
          <li key={conversation.id}>
            <Box
              asChild
              display="block"
              px="3"
              py="2"
              borderRadius="md"
              bg={current ? 'bg.emphasized' : undefined}
              _hover={{ bg: 'bg.muted' }}
              data-testid="conversation-item"
            >
              <Link href={`/mensajes/${conversation.id}`} aria-current={current ? 'page' : undefined}>
                <HStack justify="space-between" gap="2">
                  <Text fontWeight={conversation.unread ? 'bold' : 'medium'} truncate>
                    <bdi>{conversation.subject}</bdi>
                  </Text>
                  {conversation.unread > 0 && (
                    <Badge colorPalette="red" variant="solid" aria-label={intl.formatMessage({ id: 'messages.unreadCount' }, { count: conversation.unread })}>
                      {conversation.unread}
                    </Badge>
                  )}
                </HStack>
                <HStack justify="space-between" gap="2" fontSize="xs" color="fg.muted">
                  <Text truncate>
                    <bdi>{others.join(', ')}</bdi>
                  </Text>
                  {/* Isolated, so a right-to-left page keeps the date before the time. */}
                  <bdi>
                    <time dateTime={conversation.lastMessageAt}>{intl.formatDate(conversation.lastMessageAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                  </bdi>
                </HStack>
              </Link>
            </Box>
          </li>
        );
      })}
    </Stack>
  );
}
