import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { workflowHistoryQuery } from '../../../api/workflow-history.ts';
import { Loading } from '../../../components/feedback/Loading.tsx';

/** The record's accepted events, oldest first: what happened, who did it, when, and the state it led to. */
export function History({ id }: { id: number }) {
  const intl = useIntl();
  const { data } = useQuery(workflowHistoryQuery('reimbursement', id));
  if (!data) return <Loading />;
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label={intl.formatMessage({ id: 'reimbursements.review.history' })}>
      {data.items.map((entry, index) => {
        const item = entry as typeof entry & { actorName?: string | null; at?: string };
        return (
          <Stack as="li" key={index} gap="0" borderStartWidth="3px" borderColor="blue.solid" ps="3">
            <Text fontWeight="medium">{intl.formatMessage({ id: `machine.reimbursement.state.${entry.toState}` })}</Text>
            <Text fontSize="sm" color="fg.muted">
              <bdi>{[entry.event, item.actorName, item.at ? intl.formatDate(item.at, { dateStyle: 'medium', timeStyle: 'short' }) : null].filter(Boolean).join(' · ')}</bdi>
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
