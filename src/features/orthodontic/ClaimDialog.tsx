import { useState } from 'react';
import { Field, Input, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { money, moneyInput, readMoneyInput } from '../../components/format/money.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { useClaimInstallment, type Installment, type Plan } from '../../api/resources/orthodontic-plans.ts';
import { isoToday } from './dates.ts';
import { DateField } from '../../components/form/DateField.tsx';

/**
 * Claims a claimable instalment as an orthodontic reimbursement: the orthodontist's invoice for it (number,
 * date, amount, the instalment's billable amount unless the invoice says otherwise). The reimbursement then
 * takes its documents and is submitted in the reimbursements area, where `onClaimed` leads.
 */
export function ClaimDialog({ plan, installment, onClose, onClaimed }: { plan: Plan; installment: Installment | null; onClose: () => void; onClaimed: (reimbursementId: number) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const claim = useClaimInstallment(plan);
  const [key, setKey] = useState<number | null>(null);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState(isoToday());
  const [amount, setAmount] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [touched, setTouched] = useState(false);
  // A new instalment in the dialog starts a new claim: its own key, the billable amount, an empty invoice.
  if (installment && key !== installment.id) {
    setKey(installment.id);
    setInvoiceNumber('');
    setInvoiceDate(isoToday());
    setAmount(moneyInput(installment.billableCents, plan.currency, intl.locale));
    setIdempotencyKey(crypto.randomUUID());
    setTouched(false);
  }
  const read = readMoneyInput(amount, plan.currency, intl.locale);
  const chargedCents = 'minor' in read ? read.minor : null;
  const invalid = { invoiceNumber: invoiceNumber.trim() === '', amount: chargedCents === null || chargedCents <= 0 };
  const label = installment && (installment.number === 0 ? t('orthodonticPlans.schedule.initial') : t('orthodonticPlans.schedule.periodic', { number: installment.number }));

  const submit = () => {
    setTouched(true);
    if (!installment || invalid.invoiceNumber || invalid.amount) return;
    claim.mutate(
      { installment, invoiceNumber: invoiceNumber.trim(), invoiceDate, chargedCents: chargedCents!, idempotencyKey },
      {
        onSuccess: (reimbursement) => {
          messenger.create({ type: 'success', title: t('orthodonticPlans.claim.done', { folio: reimbursement.folio, installment: label ?? '' }) });
          setKey(null);
          onClaimed(reimbursement.id);
        },
        onError: (error) => notifyError(intl, error),
      },
    );
  };

  return (
    <FormDialog
      open={installment !== null}
      title={t('orthodonticPlans.claim.title', { installment: label ?? '' })}
      submitLabel={t('orthodonticPlans.claim.submit')}
      busy={claim.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {installment && (
        <Text fontSize="sm">
          <bdi>
            {t('orthodonticPlans.claim.intro', {
              billable: money(intl, installment.billableCents, plan.currency),
              benefit: money(intl, installment.benefitCents, plan.currency),
              code: plan.treatmentCode,
            })}
          </bdi>
        </Text>
      )}
      <Field.Root required invalid={touched && invalid.invoiceNumber}>
        <Field.Label>
          {t('orthodonticPlans.claim.invoiceNumber')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input dir="auto" maxLength={40} value={invoiceNumber} onChange={(e) => setInvoiceNumber(e.currentTarget.value)} />
        <Field.ErrorText>{t('orthodonticPlans.claim.invoiceNumberRequired')}</Field.ErrorText>
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          {t('orthodonticPlans.claim.invoiceDate')}
          <Field.RequiredIndicator />
        </Field.Label>
        <DateField value={invoiceDate} onChange={setInvoiceDate} />
      </Field.Root>
      <Field.Root required invalid={touched && invalid.amount}>
        <Field.Label>
          {t('orthodonticPlans.claim.charged', { currency: plan.currency })}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          inputMode="decimal"
          dir="ltr"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
        <Field.ErrorText>
          {'problem' in read && read.problem === 'currencyDecimals'
            ? t('form.rule.currencyDecimals', { label: t('orthodonticPlans.claim.charged', { currency: plan.currency }) })
            : t('orthodonticPlans.claim.chargedInvalid')}
        </Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
