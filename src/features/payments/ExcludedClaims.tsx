import { List, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { money } from '../../components/format/money.ts';
import type { PayableClaims } from '../../api/resources/payment-runs.ts';

type Excluded = PayableClaims['excluded'][number];

/** One reason in the reader's words: the run holding it, the account's problem, or the missing debtor account. */
function reasonText(intl: ReturnType<typeof useIntl>, claim: Excluded, reason: Excluded['reasons'][number]) {
  if (reason.rule === 'paymentRun.claimInOpenRun') return intl.formatMessage({ id: 'payments.excluded.inOpenRun' }, { folio: reason.detail ?? '' });
  if (reason.rule === 'paymentRun.debtorAccountMissing') return intl.formatMessage({ id: 'payments.excluded.debtorAccountMissing' }, { currency: claim.currency });
  // The account's own reason (missing, to be corrected, a failed check) when the catalog has it.
  const detail = reason.detail && intl.messages[reason.detail] ? reason.detail : 'machine.paymentRun.guard.payeeAccountsValid';
  return intl.formatMessage({ id: detail });
}

/**
 * The claims the filters match that a run would refuse, each with why (the run's own rule, said beforehand). Each
 * sentence is isolated so a right-to-left page keeps its count first and its full stop last.
 */
export function ExcludedClaims({ page }: { page: PayableClaims }) {
  const intl = useIntl();
  if (!page.excludedTotal) return null;
  return (
    <Stack gap="2" as="section" aria-labelledby="excluded-title" data-testid="excluded-claims">
      <Text id="excluded-title" fontWeight="semibold">
        <bdi>{intl.formatMessage({ id: 'payments.excluded.title' }, { count: page.excludedTotal })}</bdi>
      </Text>
      <List.Root gap="2" ps="5">
        {page.excluded.map((claim) => (
          <List.Item key={claim.reimbursementId} data-testid={`excluded-${claim.folio}`}>
            <Text>
              <bdi>{claim.folio}</bdi> · <bdi>{claim.patientName}</bdi> · <bdi>{money(intl, claim.amountCents, claim.currency)}</bdi>
            </Text>
            {claim.reasons.map((reason) => (
              <Text key={reason.rule} color="fg.muted" fontSize="sm" data-rule={reason.rule}>
                <bdi>{reasonText(intl, claim, reason)}</bdi>
              </Text>
            ))}
          </List.Item>
        ))}
      </List.Root>
      {page.excludedTotal > page.excluded.length && (
        <Text color="fg.muted" fontSize="sm">
          <bdi>{intl.formatMessage({ id: 'payments.excluded.more' }, { count: page.excludedTotal - page.excluded.length })}</bdi>
        </Text>
      )}
    </Stack>
  );
}
