import { Field, NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { reasonCodesQuery, useReasonText } from '../../../api/resources/settings.ts';

interface Props {
  value: string;
  onChange: (code: string) => void;
  required: boolean;
  /** Shows "required" under the field (the user tried to send without a code). */
  invalid: boolean;
  /** Why a line is reduced rather than why it or the claim is rejected: the field is named for it. */
  reduction?: boolean;
}

/** A reason from the rejection catalog, in the words Configuraciones gives it in the user's language. */
export function ReasonCodeField({ value, onChange, required, invalid, reduction = false }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { data: reasons = [] } = useQuery(reasonCodesQuery());
  const reasonText = useReasonText();
  const label = t(reduction ? 'reimbursements.review.reductionReason' : 'reimbursements.review.reasonCode');
  return (
    <Field.Root required={required} invalid={invalid}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{t('reimbursements.review.chooseReason')}</option>
          {reasons.map((reason) => (
            <option key={reason.code} value={reason.code}>
              {reasonText(reason.code)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>{t('form.requiredChoice', { label })}</Field.ErrorText>
    </Field.Root>
  );
}
