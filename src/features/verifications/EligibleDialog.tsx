import { useState } from 'react';
import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { VERIFICATION_CHANNELS, type VerificationChannel } from '@core/workflows/verification.machine.ts';

interface Props {
  open: boolean;
  /** A pre-authorisation records the insurer's authorisation number. */
  needsAuthorization: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (result: { channel: VerificationChannel; authorizationNumber?: string }) => void;
  onClose: () => void;
}

/** Records the verification as eligible: the channel the insurer answered by and, for a pre-authorisation, its number. */
export function EligibleDialog({ open, needsAuthorization, busy, error, onConfirm, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [channel, setChannel] = useState<VerificationChannel | ''>('');
  const [number, setNumber] = useState('');
  const [tried, setTried] = useState(false);
  const missingChannel = tried && !channel;
  const missingNumber = tried && needsAuthorization && !number.trim();
  const confirm = () => {
    setTried(true);
    if (!channel || (needsAuthorization && !number.trim())) return;
    onConfirm({ channel, ...(needsAuthorization ? { authorizationNumber: number.trim() } : {}) });
  };
  return (
    <FormDialog
      role="alertdialog"
      open={open}
      title={t('verifications.eligible.title')}
      submitLabel={t('verifications.event.RECORD_ELIGIBLE')}
      palette="green"
      busy={busy}
      error={error}
      onExitComplete={() => {
        setChannel('');
        setNumber('');
        setTried(false);
      }}
      onSubmit={confirm}
      onClose={onClose}
    >
      <Field.Root required invalid={missingChannel}>
        <Field.Label>
          {t('verifications.field.channel')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={channel} onChange={(e) => setChannel(e.currentTarget.value as VerificationChannel | '')}>
            <option value="">{t('verifications.eligible.chooseChannel')}</option>
            {VERIFICATION_CHANNELS.map((value) => (
              <option key={value} value={value}>
                {t(`verifications.channel.${value}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {missingChannel && <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>{t('form.requiredChoice', { label: t('verifications.field.channel') })}</Field.ErrorText>}
      </Field.Root>
      {needsAuthorization && (
        <Field.Root required invalid={missingNumber}>
          <Field.Label>
            {t('verifications.field.authorizationNumber')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input dir="auto" maxLength={40} value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
          {missingNumber && (
            <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>{t('form.required', { label: t('verifications.field.authorizationNumber') })}</Field.ErrorText>
          )}
        </Field.Root>
      )}
    </FormDialog>
  );
}
