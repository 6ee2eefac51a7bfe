import { useState, type ReactNode } from 'react';
import { Box, Button, Card, DataList, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useIntl } from 'react-intl';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { money } from '../../components/format/money.ts';
import { revealAccount, type PaymentRun, type PaymentRunItem } from '../../api/resources/payment-runs.ts';
import { BankStatus } from './RunCells.tsx';

interface Props {
  run: PaymentRun;
  /** Offered while the run can still be edited: takes a claim out of it. */
  onRemove?: (reimbursementId: number) => void;
}

/**
 * A run's claims: folio, patient, payee, the payee's account (masked, revealed on demand and audited), amount and the
 * bank's answer. A table on a wide screen; on a phone a card per claim, so nothing scrolls sideways (issue 26).
 */
export function RunItems({ run, onRemove }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const reveal = (reimbursementId: number) =>
    revealAccount(run.id, reimbursementId)
      .then((account) => setRevealed((shown) => ({ ...shown, [reimbursementId]: [account.number, account.bic, account.bankCode, account.holderTaxId].filter(Boolean).join(' · ') })))
      .catch((error) => notifyError(intl, error));
  const items = run.items ?? [];

  const payee = (item: PaymentRunItem) => (
    <Stack gap="0">
      <bdi>{item.payeeName ?? '—'}</bdi>
      <Text fontSize="xs" color="fg.muted">
        {t(`payments.payee.${item.payeeKind}`)}
      </Text>
    </Stack>
  );
  const account = (item: PaymentRunItem) => (
    <Stack gap="0">
      <Text fontFamily="mono" dir="ltr" wordBreak="break-all" data-testid={`account-${item.folio}`}>
        {item.payeeScheme ? `${item.payeeScheme} ${revealed[item.reimbursementId] ?? item.maskedAccount ?? ''}` : '—'}
      </Text>
      {item.maskedAccount && !revealed[item.reimbursementId] && (
        <Button size="xs" variant="plain" alignSelf="flex-start" px="0" textDecoration="underline" onClick={() => reveal(item.reimbursementId)} aria-label={t('payments.revealFor', { folio: item.folio })}>
          {t('payments.reveal')}
        </Button>
      )}
      {item.accountProblem && (
        <Text fontSize="xs" color={{ base: 'red.700', _dark: 'red.300' }}>
          {t(item.accountProblem)}
        </Text>
      )}
    </Stack>
  );
  const amount = (item: PaymentRunItem) => <bdi>{money(intl, item.amountCents, item.currency)}</bdi>;
  const remove = (item: PaymentRunItem) =>
    onRemove && (
      <Button size="xs" variant="ghost" aria-label={t('payments.removeClaim', { folio: item.folio })} onClick={() => onRemove(item.reimbursementId)}>
        <X aria-hidden size={14} />
      </Button>
    );

  if (phone) {
    const entry = (label: string, value: ReactNode) => (
      <DataList.Item>
        <DataList.ItemLabel>
          <bdi>{label}</bdi>
        </DataList.ItemLabel>
        <DataList.ItemValue>{value}</DataList.ItemValue>
      </DataList.Item>
    );
    return (
      <Stack as="ul" gap="3" m="0" p="0" listStyleType="none" aria-label={t('payments.items.title')} data-testid="run-item-cards">
        {items.map((item) => (
          <Card.Root as="li" key={item.reimbursementId} size="sm" data-testid={`item-${item.folio}`}>
            <Card.Body gap="2">
              <Card.Title display="flex" justifyContent="space-between" alignItems="center" gap="2">
                <bdi>{item.folio}</bdi>
                {remove(item)}
              </Card.Title>
              <DataList.Root orientation="horizontal" size="sm" gap="1">
                {entry(t('payments.field.patient'), <bdi>{item.patientName}</bdi>)}
                {entry(t('payments.field.payee'), payee(item))}
                {entry(t('payments.field.account'), account(item))}
                {entry(t('payments.field.amount'), amount(item))}
                {entry(t('payments.field.bankStatus'), <Box><BankStatus item={item} /></Box>)}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('payments.items.title')}>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('payments.field.folio')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.field.patient')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.field.payee')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.field.account')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('payments.field.amount')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.field.bankStatus')}</Table.ColumnHeader>
            {onRemove && <Table.ColumnHeader>{t('payments.field.remove')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.reimbursementId} data-testid={`item-${item.folio}`}>
              <Table.Cell>{item.folio}</Table.Cell>
              <Table.Cell>
                <bdi>{item.patientName}</bdi>
              </Table.Cell>
              <Table.Cell>{payee(item)}</Table.Cell>
              <Table.Cell>{account(item)}</Table.Cell>
              <Table.Cell textAlign="end">{amount(item)}</Table.Cell>
              <Table.Cell>
                <BankStatus item={item} />
              </Table.Cell>
              {onRemove && <Table.Cell>{remove(item)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
