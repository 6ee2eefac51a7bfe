import { useState } from 'react';
import { Checkbox, Field, Input, NativeSelect, RadioGroup, SimpleGrid, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { FlowInvoice, ReimbursementFlowEvent } from '../../../machines/reimbursement-flow.machine.ts';
import { doctorQuery, doctorSearchQuery } from '../../../api/resources/doctors.ts';
import { DateField } from '../../../components/form/DateField.tsx';

interface Props {
  invoice: FlowInvoice;
  currency: string;
  today: string;
  send: (event: ReimbursementFlowEvent) => void;
}

/**
 * The invoice: the doctor (searched by name or licence), its number and date, whether it is marked paid, whom to pay;
 * the currency is the insurer's.
 */
export function InvoiceStep({ invoice, currency, today, send }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [search, setSearch] = useState('');
  const { data: found = [] } = useQuery(doctorSearchQuery(search.trim(), { active: true }));
  const { data: chosen } = useQuery({ ...doctorQuery(invoice.doctorId ?? 0), enabled: invoice.doctorId !== null });
  const edit = (changes: Partial<FlowInvoice>) => send({ type: 'EDIT_INVOICE', changes });
  const choices = chosen && !found.some((d) => d.id === chosen.id) ? [chosen, ...found] : found;
  const future = invoice.invoiceDate !== '' && invoice.invoiceDate > today;

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Field.Root>
        <Field.Label>{t('reimbursements.invoice.doctorSearch')}</Field.Label>
        <Input type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder={t('reimbursements.invoice.doctorSearchHint')} />
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          {t('reimbursements.invoice.doctor')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={invoice.doctorId ?? ''} onChange={(e) => edit({ doctorId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}>
            <option value="">{t('reimbursements.invoice.chooseDoctor')}</option>
            {choices.map((doctor) => (
              <option key={doctor.id} value={doctor.id}>{`${doctor.lastNames}, ${doctor.firstNames} · ${doctor.licenseNumber}`}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          {t('reimbursements.invoice.number')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={invoice.invoiceNumber} maxLength={40} onChange={(e) => edit({ invoiceNumber: e.currentTarget.value })} />
      </Field.Root>
      <Field.Root required invalid={future}>
        <Field.Label>
          {t('reimbursements.invoice.date')}
          <Field.RequiredIndicator />
        </Field.Label>
        <DateField value={invoice.invoiceDate} onChange={(iso) => edit({ invoiceDate: iso })} />
        {future && <Field.ErrorText>{t('reimbursements.invoice.dateFuture')}</Field.ErrorText>}
      </Field.Root>
      <Field.Root gap="1" alignSelf="end">
        <Checkbox.Root checked={invoice.invoicePaid} onCheckedChange={(e) => edit({ invoicePaid: e.checked === true })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('reimbursements.invoice.paid')}</Checkbox.Label>
        </Checkbox.Root>
        <Field.HelperText>
          <bdi>{t('reimbursements.invoice.paidHelp')}</bdi>
        </Field.HelperText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('reimbursements.invoice.currency')}</Field.Label>
        <Input value={currency} readOnly />
        <Field.HelperText>
          <bdi>{t('reimbursements.invoice.currencyHelp')}</bdi>
        </Field.HelperText>
      </Field.Root>
      <RadioGroup.Root value={invoice.payee} onValueChange={(e) => e.value && edit({ payee: e.value as FlowInvoice['payee'] })}>
        <RadioGroup.Label mb="2" display="block">{t('reimbursements.invoice.payee')}</RadioGroup.Label>
        <HStack gap="4" wrap="wrap">
          {(['HOLDER', 'PROVIDER'] as const).map((payee) => (
            <RadioGroup.Item key={payee} value={payee}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`reimbursements.payee.${payee}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </SimpleGrid>
  );
}
