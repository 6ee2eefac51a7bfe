import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { readyVerifications } from '../../api/resources/verifications.ts';

// Verifiers hand verified verifications on without telling anyone (research 2.12): the analysts' menu counts them.
const REFRESH_MS = 30_000;

/** How many verified verifications wait for their reimbursement, beside the menu's *Nuevos* (nothing when none). */
export function ReadyCount() {
  const intl = useIntl();
  const { data } = useQuery({ ...readyVerifications.listQuery({ pageSize: 1 }), refetchInterval: REFRESH_MS });
  const count = data?.total ?? 0;
  if (count === 0) return null;
  return (
    <Badge colorPalette="blue" variant="solid" borderRadius="full" marginInlineStart="auto" data-testid="ready-count">
      <span aria-hidden>{intl.formatNumber(count)}</span>
      <VisuallyHidden>{intl.formatMessage({ id: 'nav.reimbursementsNewCount' }, { count })}</VisuallyHidden>
    </Badge>
  );
}
