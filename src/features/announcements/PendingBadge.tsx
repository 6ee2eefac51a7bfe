import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Session } from '../../session/session.tsx';
import { HeaderCountLink } from '../../components/layout/HeaderCountLink.tsx';
import { pendingQuery } from '../../api/resources/announcements.ts';

/** The header's announcements button with how many still wait for the user's reading or acknowledgement. */
export function PendingBadge() {
  const intl = useIntl();
  const token = Session.useSelector((s) => s.context.token);
  // The same query as the sign-in gate: one request serves both.
  const pending = useQuery({ ...pendingQuery(), enabled: Boolean(token) });
  const count = pending.data?.length;
  return (
    <HeaderCountLink
      path="/comunicadospendientes"
      icon={Megaphone}
      count={count}
      label={count === undefined ? intl.formatMessage({ id: 'area.announcements.pending' }) : intl.formatMessage({ id: 'announcements.badgeLabel' }, { count })}
      palette="orange"
      testId="announcements-badge"
    />
  );
}
