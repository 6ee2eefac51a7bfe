import { useState } from 'react';
import { Checkbox, Field, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { money } from '../../components/format/money.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { payableClaimsQuery, useCreateRun, type Reimbursement } from '../../api/resources/payment-runs.ts';
import { DateField } from '../../components/form/DateField.tsx';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Totals per currency of the claims picked, in each currency's own unit (never added across currencies). */
function totalsOf(claims: Reimbursement[]) {
  const totals = new Map<string, { count: number; cents: number }>();
  for (const c of claims) {
    const t = totals.get(c.currency) ?? { count: 0, cents: 0 };
    totals.set(c.currency, { count: t.count + 1, cents: t.cents + c.payableCents });
  }
  return [...totals].sort(([a], [b]) => a.localeCompare(b));
}

/** `/pagos/nueva`: treasury picks approved claims and the execution date; the run starts in draft. */
export default function NewPaymentRunScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const [, navigate] = useLocation();
  const claims = useQuery(payableClaimsQuery(1));
  const create = useCreateRun();
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [date, setDate] = useState(tomorrow());
  const [filter, setFilter] = useState({ insurer: '', currency: '', payee: '' });
  const all = claims.data?.items ?? [];
  // Treasury narrows the approved claims by insurer, currency and payee kind; what was picked stays picked.
  const items = all.filter((c) => (!filter.insurer || c.insurerName === filter.insurer) && (!filter.currency || c.currency === filter.currency) && (!filter.payee || c.payee === filter.payee));
  const choices = (values: string[]) => [...new Set(values)].sort();
  const select = (key: keyof typeof filter, label: string, options: { value: string; label: string }[]) => (
    <NativeSelect.Root maxW="16rem" key={key}>
      <NativeSelect.Field aria-label={label} value={filter[key]} onChange={(e) => setFilter({ ...filter, [key]: e.currentTarget.value })}>
        <option value="">{label}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  const chosen = all.filter((c) => picked.has(c.id));
  const toggle = (id: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = () =>
    create.mutate(
      { executionDate: date, reimbursementIds: [...picked] },
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
      <HStack gap="3" wrap="wrap">
        {select('insurer', t('payments.filter.insurer'), choices(all.map((c) => c.insurerName)).map((v) => ({ value: v, label: v })))}
        {select('currency', t('payments.filter.currency'), choices(all.map((c) => c.currency)).map((v) => ({ value: v, label: v })))}
        {select('payee', t('payments.filter.payee'), ['HOLDER', 'PROVIDER'].map((v) => ({ value: v, label: t(`payments.payee.${v}`) })))}
      </HStack>
      {claims.isPending ? (
        <Loading />
      ) : !items.length ? (
        <Text color="fg.muted">{t('payments.noPayable')}</Text>
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
                <Table.Row key={c.id} data-testid={`payable-${c.folio}`}>
                  <Table.Cell>
                    <Checkbox.Root checked={picked.has(c.id)} onCheckedChange={(e) => toggle(c.id, e.checked === true)}>
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
                  <Table.Cell>{t(`payments.payee.${c.payee}`)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <bdi>{money(intl, c.payableCents, c.currency)}</bdi>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Stack gap="1" aria-live="polite">
        {totalsOf(chosen).map(([currency, total]) => (
          <Text key={currency}>
            <bdi>{t('payments.totalLine', { count: total.count, amount: money(intl, total.cents, currency) })}</bdi>
          </Text>
        ))}
      </Stack>
      <BusyButton colorPalette="blue" alignSelf="flex-start" loading={create.isPending} disabled={!picked.size || !date} onClick={submit}>
        {t('payments.create')}
      </BusyButton>
    </Stack>
  );
}
