import { Field, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

/** Why a claim is paid by hand, outside a payment run: required, shown in the claim's history afterwards. */
export function PayReasonField({ value, onChange, invalid }: { value: string; onChange: (value: string) => void; invalid: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'reimbursements.review.paymentReason' });
  return (
    <Field.Root required invalid={invalid}>
      <Field.Label>
        <bdi>{label}</bdi>
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea rows={2} dir="auto" maxLength={1000} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      {invalid && (
        <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
          <bdi>{intl.formatMessage({ id: 'form.required' }, { label })}</bdi>
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
