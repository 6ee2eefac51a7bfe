import { useRef, useState } from 'react';
import { Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { validateForm } from '../../components/form/validate.ts';
import { fieldMessage, type FieldRule } from '../../i18n/form-messages.ts';
import { BusyButton } from '../../components/form/BusyButton.tsx';

interface Props {
  open: boolean;
  name: string;
  version: number;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks why before suspending; the reason is checked by the contract's own schema of the state change. */
export function SuspendDialog({ open, name, version, busy, onConfirm, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [reason, setReason] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const [rule, setRule] = useState<FieldRule | null>(null);
  const label = t('doctors.suspend.reason');
  const confirm = () => {
    const broken = validateForm('DoctorStateChange', { state: 'SUSPENDED', reason: reason.trim(), version }).reason ?? null;
    setRule(broken);
    if (!broken) onConfirm(reason.trim());
  };
  const close = () => {
    setReason('');
    setRule(null);
    onClose();
  };
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => !e.open && close()} initialFocusEl={() => input.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('doctors.suspend.title', { name })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="4">{t('doctors.suspend.body')}</Text>
              <Field.Root required invalid={Boolean(rule)}>
                <Field.Label>
                  <bdi>{label}</bdi>
                  <Field.RequiredIndicator />
                </Field.Label>
                <Textarea ref={input} rows={3} dir="auto" maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
                {rule && (
                  <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
                    <bdi>{fieldMessage(intl, label, rule)}</bdi>
                  </Field.ErrorText>
                )}
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={close}>{t('common.cancel')}</Button>
              <BusyButton colorPalette="red" loading={busy} onClick={confirm}>{t('doctors.action.suspend')}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
