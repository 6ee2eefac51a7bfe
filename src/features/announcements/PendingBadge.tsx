import { Badge, Button, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { Session } from '../../app/session.tsx';
import { pendingQuery } from './api.ts';

/** The header's announcements button with how many still wait for the user's reading or acknowledgement. */
export function PendingBadge() {
  const intl = useIntl();
  const token = Session.useSelector((s) => s.context.token);
  const [location] = useLocation();
  // The same query as the sign-in gate: one request serves both.
  const pending = useQuery({ ...pendingQuery(), enabled: Boolean(token) });
  const count = pending.data?.length ?? 0;
  const label = intl.formatMessage({ id: 'announcements.badgeLabel' }, { count });
  return (
    // On a phone the header has no room to spare: the button shows there only when something is pending.
    <Button asChild size="sm" variant="ghost" px="2" display={{ base: count > 0 ? 'inline-flex' : 'none', md: 'inline-flex' }} aria-label={label} data-testid="announcements-badge" data-pending={count}>
      <Link href="~/app/comunicadospendientes" aria-current={location.includes('/comunicadospendientes') ? 'page' : undefined}>
        <HStack gap="1">
          <Megaphone aria-hidden size={18} />
          {count > 0 && (
            <Badge aria-hidden colorPalette="orange" variant="solid" size="xs" borderRadius="full">
              {count > 99 ? '99+' : count}
            </Badge>
          )}
        </HStack>
      </Link>
    </Button>
  );
}
