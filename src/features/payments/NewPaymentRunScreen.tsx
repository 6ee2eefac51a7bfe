import { useState } from 'react';
import { Checkbox, Field, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { money } from '../../components/format/money.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { DateRange } from '../../components/list/DateRange.tsx';
import { Pagination } from '../../components/list/Pagination.tsx';
import { ToolbarSelect } from '../../components/list/ToolbarSelect.tsx';
import { allInsurersQuery } from '../../api/resources/insurers.ts';
import { payableClaimsQuery, useCreateRun, type PayableClaim } from '../../api/resources/payment-runs.ts';
import { ExcludedClaims } from './ExcludedClaims.tsx';
import { usePayableFilter } from './payable-filter.ts';
import { RunTotals } from './RunCells.tsx';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Totals per currency of the claims picked, in each currency's own unit (never added across currencies). */
function totalsOf(claims: Iterable<PayableClaim>) {
  const totals = new Map<string, { currency: string; count: number; amountCents: number }>();
  for (const c of claims) {
    const t = totals.get(c.currency) ?? { currency: c.currency, count: 0, amountCents: 0 };
    totals.set(c.currency, { ...t, count: t.count + 1, amountCents: t.amountCents + c.amountCents });
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** `/pagos/nueva`: treasury picks approved claims and the execution date; the run starts in draft. */
export default function NewPaymentRunScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const [, navigate] = useLocation();
  const { filter, range, set } = usePayableFilter();
  const claims = useQuery(payableClaimsQuery(filter));
  const insurers = useQuery(allInsurersQuery());
  const create = useCreateRun();
  // Picked claims stay picked across filters and pages: the run takes them all.
  const [picked, setPicked] = useState<Map<number, PayableClaim>>(new Map());
  const [date, setDate] = useState(tomorrow());
  const items = claims.data?.items ?? [];
  const insurerList = insurers.data?.items ?? [];
  const choose = (name: 'insurerId' | 'currency' | 'payee', label: string, options: { value: string; label: string }[]) => (
    <ToolbarSelect label={label} value={String(filter[name] ?? '')} options={[{ value: '', label }, ...options]} onChange={(value) => set(name, value)} />
  );
  const toggle = (claim: PayableClaim, on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(claim.reimbursementId, claim);
      else next.delete(claim.reimbursementId);
      return next;
    });
  const submit = () =>
    create.mutate(
      { executionDate: date, reimbursementIds: [...picked.keys()] },
      { onSuccess: (run) => navigate(link('edit', { id: run.id }) ?? '/'), onError: (error) => notifyError(intl, error) },
    );
  return (
    <Stack gap="4">
      <PageHeader title={t('payments.newTitle')} />
      <Field.Root required maxW="16rem">
        <Field.Label>
          {t('payments.field.executionDate')}
          <Field.RequiredIndicator />
        </Field.Label>
        <DateField value={date} onChange={setDate} />
      </Field.Root>
      <HStack gap="3" wrap="wrap" role="group" aria-label={t('payments.filters')}>
        {choose('insurerId', t('payments.filter.insurer'), insurerList.map((i) => ({ value: String(i.id), label: i.name })))}
        {choose('currency', t('payments.filter.currency'), [...new Set(insurerList.map((i) => i.currency))].sort().map((v) => ({ value: v, label: v })))}
        {choose('payee', t('payments.filter.payee'), ['HOLDER', 'PROVIDER'].map((v) => ({ value: v, label: t(`payments.payee.${v}`) })))}
        <DateRange range={range} labelIds={{ from: 'payments.filter.approvedFrom', to: 'payments.filter.approvedTo' }} />
      </HStack>
      {claims.data && !!claims.data.totals.length && (
        <Stack gap="1" data-testid="selection-totals">
          <Text fontWeight="semibold">{t('payments.selectionTotals')}</Text>
          <RunTotals totals={claims.data.totals} />
        </Stack>
      )}
      {claims.isPending ? (
        <Loading />
      ) : !items.length ? (
        <Text color="fg.muted">
          <bdi>{t('payments.noPayable')}</bdi>
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="28rem" tabIndex={0} role="region" aria-label={t('payments.payableClaims')}>
          <Table.Root size="sm" stickyHeader>
            <Table.Caption srOnly>{t('payments.payableClaims')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('payments.field.pick')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.folio')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.patient')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.insurer')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.payee')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payments.field.amount')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((c) => (
                <Table.Row key={c.reimbursementId} data-testid={`payable-${c.folio}`}>
                  <Table.Cell>
                    <Checkbox.Root checked={picked.has(c.reimbursementId)} onCheckedChange={(e) => toggle(c, e.checked === true)}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label srOnly>{t('payments.pickClaim', { folio: c.folio })}</Checkbox.Label>
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell>{c.folio}</Table.Cell>
                  <Table.Cell>
                    <bdi>{c.patientName}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    <bdi>{c.insurerName}</bdi>
                  </Table.Cell>
                  <Table.Cell>{t(`payments.payee.${c.payeeKind}`)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <bdi>{money(intl, c.amountCents, c.currency)}</bdi>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {claims.data && claims.data.total > filter.pageSize && (
        <Pagination page={filter.page} pageSize={filter.pageSize} total={claims.data.total} onChange={({ page }) => page && set('page', String(page))} />
      )}
      {claims.data && <ExcludedClaims page={claims.data} />}
      <Stack gap="1" aria-live="polite" data-testid="picked-totals">
        {picked.size > 0 && <Text fontWeight="semibold">{t('payments.pickedTotals')}</Text>}
        <RunTotals totals={totalsOf(picked.values())} />
      </Stack>
      <BusyButton colorPalette="blue" alignSelf="flex-start" loading={create.isPending} disabled={!picked.size || !date} onClick={submit}>
        {t('payments.create')}
      </BusyButton>
    </Stack>
  );
}
