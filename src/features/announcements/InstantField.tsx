import { useState } from 'react';
import { HStack } from '@chakra-ui/react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { DateField } from '../../components/form/DateField.tsx';
import { FormField } from '../../components/form/FormField.tsx';
import { TimeField } from '../../components/form/TimeField.tsx';
import type { FormValues } from '../../components/form/field-spec.ts';

type FieldError = { type: string; message?: string } | undefined;

/** An instant as the reader's own clock shows it: `YYYY-MM-DD` and `HH:MM` (both '' when there is none). */
function localParts(iso: string): { date: string; time: string } {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return { date: '', time: '' };
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** The instant of a day and a time on the reader's clock; no day is no instant (the form's "now"), no time is midnight. */
const instantOf = (date: string, time: string) => (date ? new Date(`${date}T${time || '00:00'}`).toISOString() : '');

/**
 * A publication bound (issue 28 item 11): the day in a DateField and the time in a TimeField (24 hours), in the
 * panel's language order rather than the browser's datetime-local. A time typed before the day waits for it.
 */
function DateAndTime({ value, onChange, onBlur, label }: { value: string; onChange: (iso: string) => void; onBlur: () => void; label: string }) {
  const intl = useIntl();
  const [seen, setSeen] = useState(value);
  const [time, setTime] = useState(() => localParts(value).time);
  // A value set from outside (the record loaded, a reset) shows its own time.
  if (value !== seen) {
    setSeen(value);
    if (value) setTime(localParts(value).time);
  }
  const date = localParts(value).date;
  const change = (nextDate: string, nextTime: string) => {
    const next = instantOf(nextDate, nextTime);
    setSeen(next);
    if (next !== value) onChange(next);
  };
  return (
    <HStack gap="3" wrap="wrap" onBlur={onBlur}>
      <DateField value={date} onChange={(iso) => change(iso, time)} />
      <TimeField
        value={time}
        label={intl.formatMessage({ id: 'timeField.group' }, { label })}
        onChange={(next) => {
          setTime(next);
          change(date, next);
        }}
      />
    </HStack>
  );
}

export function InstantField({ form, name, label }: { form: UseFormReturn<FormValues>; name: 'publishFrom' | 'publishUntil'; label: string }) {
  const intl = useIntl();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} error={fieldState.error as FieldError} helper={intl.formatMessage({ id: `announcements.field.${name}.help` })}>
          <DateAndTime value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} label={label} />
        </FormField>
      )}
    />
  );
}
