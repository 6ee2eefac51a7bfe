import { Badge, HStack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { money } from '../../components/format/money.ts';
import type { PaymentRun, PaymentRunItem } from '../../api/resources/payment-runs.ts';

const STATE_PALETTE: Record<PaymentRun['state'], string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'teal',
  generated: 'purple',
  sent: 'orange',
  settled: 'green',
  partiallyRejected: 'red',
  cancelled: 'gray',
};

export function RunStateBadge({ state }: { state: PaymentRun['state'] }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={STATE_PALETTE[state]} data-state={state} data-testid="run-state">
      {intl.formatMessage({ id: `machine.paymentRun.state.${state}` })}
    </Badge>
  );
}

/** Totals per currency, each amount isolated so a right-to-left page keeps its sign by its figure. */
export function RunTotals({ totals }: { totals: readonly Pick<PaymentRun['totals'][number], 'currency' | 'count' | 'amountCents'>[] }) {
  const intl = useIntl();
  return (
    <HStack gap="3" wrap="wrap">
      {totals.map((t) => (
        <Text key={t.currency} data-testid={`total-${t.currency}`}>
          <bdi>{intl.formatMessage({ id: 'payments.totalLine' }, { count: t.count, amount: money(intl, t.amountCents, t.currency) })}</bdi>
        </Text>
      ))}
    </HStack>
  );
}

/**
 * The claims the bank returned, per currency: the run's totals no longer count them (they are payable again), and a
 * header reading only "1 pago: 400,00 PEN" would hide the returned transfer beside it.
 */
export function ReturnedTotals({ items }: { items: readonly PaymentRunItem[] }) {
  const intl = useIntl();
  const returned = new Map<string, { count: number; cents: number }>();
  for (const item of items.filter((i) => i.bankOutcome === 'rejected')) {
    const total = returned.get(item.currency) ?? { count: 0, cents: 0 };
    returned.set(item.currency, { count: total.count + 1, cents: total.cents + item.amountCents });
  }
  if (!returned.size) return null;
  return (
    <HStack gap="3" wrap="wrap" data-testid="returned-totals">
      {[...returned].sort(([a], [b]) => a.localeCompare(b)).map(([currency, t]) => (
        <Text key={currency} color={{ base: 'red.700', _dark: 'red.300' }}>
          <bdi>{intl.formatMessage({ id: 'payments.returnedLine' }, { count: t.count, amount: money(intl, t.cents, currency) })}</bdi>
        </Text>
      ))}
    </HStack>
  );
}

const OUTCOME_PALETTE = { accepted: 'green', rejected: 'red', pending: 'orange' } as const;

/** The bank's answer for one transfer: its code, what it means for the claim, and the bank's reason. */
export function BankStatus({ item }: { item: PaymentRunItem }) {
  const intl = useIntl();
  if (!item.bankStatus || !item.bankOutcome) return <Text color="fg.muted">{intl.formatMessage({ id: 'payments.bank.none' })}</Text>;
  return (
    <HStack gap="2" wrap="wrap">
      <Badge colorPalette={OUTCOME_PALETTE[item.bankOutcome]}>{intl.formatMessage({ id: `payments.bank.${item.bankOutcome}` })}</Badge>
      <Text fontFamily="mono" fontSize="sm">
        {item.bankStatus}
      </Text>
      {(item.bankReasonCode || item.bankReasonText) && (
        <Text fontSize="sm">
          <bdi>{[item.bankReasonCode, item.bankReasonText].filter(Boolean).join(' ')}</bdi>
        </Text>
      )}
    </HStack>
  );
}
