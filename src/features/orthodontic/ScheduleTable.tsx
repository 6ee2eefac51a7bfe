import { Button, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { HandCoins } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useReasonText } from '../../api/resources/settings.ts';
import { money } from '../../components/format/money.ts';
import type { Installment } from '../../api/resources/orthodontic-plans.ts';
import { Day, InstallmentStateBadge, Money } from './PlanCells.tsx';
import { summarize, type ScheduleRow } from './schedule.ts';

interface Props {
  rows: ScheduleRow[];
  currency: string;
  frequency: string;
  lifetimeMaximumCents: number;
  /** Where an instalment's reimbursement opens (the reimbursements area's screen). */
  reimbursementHref: (reimbursementId: number) => string;
  /** Offered on claimable instalments when the user may create reimbursements. */
  onClaim?: (installment: Installment) => void;
}

/** The engine's schedule: what it pays in one sentence (the worked fixture reads 600 + 9 × 100), then every instalment. */
export function ScheduleTable({ rows, currency, frequency, lifetimeMaximumCents, reimbursementHref, onClaim }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const m = (cents: number) => money(intl, cents, currency);
  const reasonText = useReasonText();
  const summary = summarize(rows);
  return (
    <Stack gap="3">
      <Text data-testid="schedule-summary">
        <bdi>
          {t(summary.lastPeriodicCents === null ? 'orthodonticPlans.schedule.summary' : 'orthodonticPlans.schedule.summaryWithLast', {
            initial: m(summary.initialCents),
            count: summary.alikeCount,
            amount: m(summary.periodicCents),
            frequency: t(`orthodonticPlans.frequency.per.${frequency}`),
            last: summary.lastPeriodicCents === null ? '' : m(summary.lastPeriodicCents),
            total: m(summary.totalCents),
          })}
        </bdi>
      </Text>
      {summary.skippedFrom === 0 && (
        <Text data-testid="schedule-exhausted" color={{ base: 'purple.700', _dark: 'purple.300' }}>
          <bdi>{t('orthodonticPlans.schedule.nothingLeft', { maximum: m(lifetimeMaximumCents) })}</bdi>
        </Text>
      )}
      {summary.exhaustedWith !== null && summary.skippedFrom !== null && (
        <Text data-testid="schedule-exhausted" color={{ base: 'purple.700', _dark: 'purple.300' }}>
          <bdi>
            {t('orthodonticPlans.schedule.exhausted', {
              maximum: m(lifetimeMaximumCents),
              number: summary.exhaustedWith,
              from: summary.skippedFrom,
              to: summary.lastNumber,
            })}
          </bdi>
        </Text>
      )}
      {/* Scrolls on its own (a 36-month plan): reachable and named for keyboard and screen-reader users. */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="30rem" tabIndex={0} role="region" aria-label={t('orthodonticPlans.schedule.title')}>
        <Table.Root size="sm" stickyHeader>
          <Table.Caption srOnly>{t('orthodonticPlans.schedule.title')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('orthodonticPlans.schedule.number')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orthodonticPlans.schedule.dueDate')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('orthodonticPlans.schedule.billable')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('orthodonticPlans.schedule.benefit')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orthodonticPlans.schedule.state')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orthodonticPlans.schedule.claim')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => {
              const installment = row.installment;
              const label = row.number === 0 ? t('orthodonticPlans.schedule.initial') : t('orthodonticPlans.schedule.periodic', { number: row.number });
              return (
                <Table.Row key={row.number} data-testid={`installment-${row.number}`} data-state={row.state}>
                  <Table.Cell>{label}</Table.Cell>
                  <Table.Cell>
                    <Day value={row.dueDate} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Money cents={row.billableCents} currency={currency} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Money cents={row.benefitCents} currency={currency} />
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="0" align="flex-start">
                      <InstallmentStateBadge state={row.state} />
                      {row.reason && (
                        <Text fontSize="xs" color="fg.muted">
                          <bdi>{reasonText(row.reason)}</bdi>
                        </Text>
                      )}
                      {installment?.paidCents != null && (
                        <Text fontSize="xs" color="fg.muted">
                          <bdi>{t('orthodonticPlans.schedule.paid', { amount: m(installment.paidCents) })}</bdi>
                        </Text>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    {installment?.reimbursementId ? (
                      <ChakraLink asChild color={{ base: 'blue.700', _dark: 'blue.300' }} textDecoration="underline">
                        <Link href={reimbursementHref(installment.reimbursementId)}>{t('orthodonticPlans.schedule.reimbursement', { folio: installment.reimbursementFolio ?? String(installment.reimbursementId) })}</Link>
                      </ChakraLink>
                    ) : installment?.draftReimbursementId ? (
                      <ChakraLink asChild color={{ base: 'blue.700', _dark: 'blue.300' }} textDecoration="underline">
                        <Link href={reimbursementHref(installment.draftReimbursementId)}>{t('orthodonticPlans.schedule.draft', { folio: installment.reimbursementFolio ?? String(installment.draftReimbursementId) })}</Link>
                      </ChakraLink>
                    ) : installment?.state === 'claimable' && onClaim ? (
                      <Button size="xs" colorPalette="blue" onClick={() => onClaim(installment)} aria-label={t('orthodonticPlans.claim.actionFor', { installment: label })}>
                        <HandCoins aria-hidden size={14} />
                        {t('orthodonticPlans.claim.action')}
                      </Button>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
