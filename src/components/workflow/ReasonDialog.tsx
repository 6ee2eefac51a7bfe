import { useRef, useState, type ReactNode } from 'react';
import { Field, Text, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../form/FormDialog.tsx';

interface Props {
  open: boolean;
  title: string;
  body?: string;
  /** The text asked for (a reason, a note): its label. */
  label: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  maxLength?: number;
  /** When false the text may stay empty (the other fields are what the event needs). */
  required?: boolean;
  busy?: boolean;
  /** The server's refusal in words, shown as an alert in the dialog. */
  error?: string | null;
  /** More fields the event needs (a channel, an authorisation number), above the text. */
  children?: ReactNode;
  onConfirm: (text: string) => void;
  onClose: () => void;
}

/**
 * Confirms a workflow event that needs words from the user (cancel with a reason, request information with a
 * note): the text is focused on open, a blank one is refused in place, and the statechart's refusal shows here.
 */
export function ReasonDialog({ open, title, body, label, confirmLabel, tone = 'primary', maxLength = 1000, required = true, busy, error, children, onConfirm, onClose }: Props) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [blank, setBlank] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const message = blank ? intl.formatMessage({ id: 'form.required' }, { label }) : null;
  const confirm = () => {
    const trimmed = text.trim();
    setBlank(required && !trimmed);
    if (trimmed || !required) onConfirm(trimmed);
  };
  return (
    <FormDialog
      role="alertdialog"
      open={open}
      title={title}
      submitLabel={confirmLabel}
      palette={tone === 'danger' ? 'red' : 'blue'}
      busy={busy}
      error={error}
      initialFocusEl={() => input.current}
      onExitComplete={() => {
        setText('');
        setBlank(false);
      }}
      onSubmit={confirm}
      onClose={onClose}
    >
      {body && <Text>{body}</Text>}
      {children}
      <Field.Root required={required} invalid={Boolean(message)}>
        <Field.Label>
          <bdi>{label}</bdi>
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <Textarea ref={input} rows={3} dir="auto" maxLength={maxLength} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        {message && (
          <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
            <bdi>{message}</bdi>
          </Field.ErrorText>
        )}
      </Field.Root>
    </FormDialog>
  );
}
