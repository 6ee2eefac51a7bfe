import { useRef, useState } from 'react';
import { Box, Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { DateField } from '../../components/form/DateField.tsx';

interface Props {
  /** What is asked: the reason to suspend or cancel, or the new end of validity to renew. */
  ask: 'reason' | 'endsOn';
  title: string;
  body: string;
  confirmLabel: string;
  /** The value proposed (a renewal's first day), as `YYYY-MM-DD`; the statechart refuses a date too early. */
  initial?: string;
  busy: boolean;
  /** The reason or date refused by the statechart, in words; shown under the input. */
  error?: string;
  onConfirm: (value: string) => void;
  onClose: () => void;
}

/** Asks for the one thing a policy event needs before it is sent; the statechart's refusal shows under the input. */
export function EventDialog({ ask, title, body, confirmLabel, initial, busy, error, onConfirm, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [value, setValue] = useState(initial ?? '');
  const [blank, setBlank] = useState(false);
  // Focused when the dialog opens; Field gives it the id its label points at.
  const input = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const dateBox = useRef<HTMLDivElement>(null);
  const label = t(ask === 'reason' ? 'policies.event.reason' : 'policies.event.endsOn');
  const confirm = () => {
    const trimmed = value.trim();
    setBlank(!trimmed);
    if (trimmed) onConfirm(trimmed);
  };
  const message = blank ? intl.formatMessage({ id: 'form.required' }, { label }) : error;
  return (
    <Dialog.Root role="alertdialog" open onOpenChange={(e) => !e.open && onClose()} initialFocusEl={() => input.current ?? dateBox.current?.querySelector('input') ?? null}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="4">{body}</Text>
              <Field.Root required invalid={Boolean(message)}>
                <Field.Label>
                  <bdi>{label}</bdi>
                  <Field.RequiredIndicator />
                </Field.Label>
                {ask === 'reason' ? (
                  <Textarea ref={input} rows={3} dir="auto" maxLength={1000} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
                ) : (
                  <Box ref={dateBox}>
                    <DateField value={value} onChange={setValue} />
                  </Box>
                )}
                {message && (
                  <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
                    <bdi>{message}</bdi>
                  </Field.ErrorText>
                )}
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <BusyButton colorPalette={ask === 'reason' ? 'red' : 'blue'} loading={busy} onClick={confirm}>
                {confirmLabel}
              </BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
