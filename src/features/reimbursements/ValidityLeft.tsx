import { Badge, HStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Day, daysFromToday } from './ReimbursementCells.tsx';

/** The last day a verification is valid, and how many days are left (orange in the last week). */
export function ValidityLeft({ until }: { until: string | null | undefined }) {
  if (!until) return <FormattedMessage id="reimbursements.ready.noLimit" />;
  const left = daysFromToday(until);
  return (
    <HStack gap="2" wrap="wrap">
      <Day value={until} />
      <Badge colorPalette={left <= 7 ? 'orange' : 'green'} variant="subtle">
        <bdi>
          <FormattedMessage id="reimbursements.ready.daysLeft" values={{ days: left }} />
        </bdi>
      </Badge>
    </HStack>
  );
}
