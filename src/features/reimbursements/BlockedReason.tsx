import { Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { Reimbursement } from '../../api/resources/reimbursements.ts';

/** Why the statechart refuses an event now, from the record's `blockedEvents`: each refusing guard's text. */
export function blockedReasons(record: Pick<Reimbursement, 'blockedEvents'>, event: string): string[] {
  return record.blockedEvents.find((blocked) => blocked.type === event)?.guards.map((guard) => `machine.reimbursement.guard.${guard}`) ?? [];
}

export function BlockedReason({ ids, id }: { ids: string[]; id?: string }) {
  const intl = useIntl();
  if (!ids.length) return null;
  return (
    <Text id={id} fontSize="sm" color="fg.muted">
      <bdi>{ids.map((text) => intl.formatMessage({ id: text })).join(' ')}</bdi>
    </Text>
  );
}
