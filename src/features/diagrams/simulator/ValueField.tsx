import { useState } from 'react';
import { Checkbox, chakra, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

/**
 * One editable value of the facts or of an event's payload, by the kind of its starting value: a check box for
 * a yes/no, a number, a text (empty = no value, for what may be null) or JSON for lists and objects. Any text is
 * accepted where a date is read, so an analyst can try a malformed one too. The label is the value's name in the
 * reader's language; the engineer's view also shows the code's identifier (`name`).
 */
export function ValueField(props: { id: string; name: string; label: string; engineer: boolean; value: unknown; example: unknown; onChange: (value: unknown) => void }) {
  const { id, value, example, onChange } = props;
  const intl = useIntl();
  const text = <LabelText {...props} />;
  const label = (
    <chakra.label htmlFor={id} fontSize="sm">
      {text}
    </chakra.label>
  );
  if (typeof example === 'boolean') {
    return (
      <Checkbox.Root id={id} size="sm" checked={value === true} onCheckedChange={(e) => onChange(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontSize="sm">{text}</Checkbox.Label>
      </Checkbox.Root>
    );
  }
  if (typeof example === 'number') {
    return (
      <Stack gap="1">
        {label}
        <Input id={id} size="sm" type="number" dir="ltr" value={Number.isFinite(value) ? String(value) : ''} onChange={(e) => onChange(e.currentTarget.value === '' ? Number.NaN : Number(e.currentTarget.value))} />
      </Stack>
    );
  }
  if (example !== null && typeof example === 'object') return <JsonField id={id} label={label} value={value} onChange={onChange} invalidText={intl.formatMessage({ id: 'simulator.invalidJson' })} />;
  return (
    <Stack gap="1">
      {label}
      <Input
        id={id}
        size="sm"
        dir="auto"
        value={typeof value === 'string' ? value : ''}
        placeholder={value === null ? intl.formatMessage({ id: 'simulator.empty' }) : undefined}
        onChange={(e) => onChange(e.currentTarget.value === '' && example === null ? null : e.currentTarget.value)}
      />
    </Stack>
  );
}

function JsonField({ id, label, value, onChange, invalidText }: { id: string; label: React.ReactNode; value: unknown; onChange: (value: unknown) => void; invalidText: string }) {
  const [text, setText] = useState(() => JSON.stringify(value));
  const [invalid, setInvalid] = useState(false);
  return (
    <Stack gap="1">
      {label}
      <Textarea
        id={id}
        size="sm"
        rows={2}
        dir="ltr"
        fontFamily="mono"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.currentTarget.value);
          try {
            onChange(JSON.parse(e.currentTarget.value));
            setInvalid(false);
          } catch {
            setInvalid(true);
          }
        }}
      />
      {invalid && (
        <Text id={`${id}-error`} fontSize="xs" color={{ base: 'red.700', _dark: 'red.300' }}>
          {invalidText}
        </Text>
      )}
    </Stack>
  );
}

/** The localized name, and in the engineer's view the identifier beside it (left to right on any page). */
function LabelText({ name, label, engineer }: { name: string; label: string; engineer: boolean }) {
  return (
    <>
      {label}
      {engineer && (
        <>
          {' '}
          <chakra.code fontSize="xs" dir="ltr" wordBreak="break-all" color="fg.muted" data-identifier>
            {name}
          </chakra.code>
        </>
      )}
    </>
  );
}
