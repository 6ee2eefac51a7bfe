import { useRef, useState, type KeyboardEvent } from 'react';
import { HStack, Input, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { blurLeavingGroup } from './group-blur.ts';

type Part = 'hour' | 'minute';
const PARTS: Part[] = ['hour', 'minute'];
const LIMIT: Record<Part, number> = { hour: 23, minute: 59 };
const pad = (n: number) => String(n).padStart(2, '0');
const split = (time: string): Record<Part, string> => {
  const [hour = '', minute = ''] = /^\d{2}:\d{2}$/.test(time) ? time.split(':') : [];
  return { hour, minute };
};

/** The typed parts as `HH:MM` when both make a time of day, '' when both are empty, null otherwise. */
function timeOf({ hour, minute }: Record<Part, string>): string | null {
  if (!hour && !minute) return '';
  if (!hour || !minute || Number(hour) > LIMIT.hour || Number(minute) > LIMIT.minute) return null;
  return `${pad(Number(hour))}:${pad(Number(minute))}`;
}

/**
 * `label` names the pair (the date beside it is named by the field's label). A time of day on the 24-hour clock, the companion of DateField (issue 28 item 11): an hour and a minute box,
 * each named (Hora, Minuto), filled by typing (two digits move on), stepped with the arrows; the value changes
 * only when both make a time (or both are emptied). Every panel language writes hours before minutes.
 */
export function TimeField({ value, onChange, label, onBlur }: { value: string; onChange: (time: string) => void; label: string; onBlur?: () => void }) {
  const intl = useIntl();
  const [typed, setTyped] = useState(() => split(value));
  const [shown, setShown] = useState(value);
  // A value changed from outside (a reset, the date emptied) replaces what was typed.
  if (value !== shown) {
    setShown(value);
    setTyped(split(value));
  }
  const boxes = useRef<Record<Part, HTMLInputElement | null>>({ hour: null, minute: null });
  const update = (next: Record<Part, string>) => {
    setTyped(next);
    const time = timeOf(next);
    if (time !== null && time !== value) {
      setShown(time);
      onChange(time);
    }
  };
  const onKeyDown = (part: Part) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const current = Number(typed[part]) || 0;
      const next = Math.min(LIMIT[part], Math.max(0, current + (event.key === 'ArrowUp' ? 1 : -1)));
      update({ ...typed, [part]: pad(next) });
    } else if (event.key === 'Backspace' && !typed[part] && part === 'minute') boxes.current.hour?.focus();
  };
  return (
    <HStack
      role="group"
      aria-label={label}
      gap="1"
      dir="ltr"
      data-time-field
      onBlur={blurLeavingGroup(onBlur)}
    >
      {PARTS.map((part, index) => (
        <HStack key={part} gap="1">
          {index > 0 && (
            <Text as="span" aria-hidden color="fg.muted">
              :
            </Text>
          )}
          <Input
            ref={(element) => {
              boxes.current[part] = element;
            }}
            inputMode="numeric"
            data-part={part}
            autoComplete="off"
            aria-label={intl.formatMessage({ id: `timeField.${part}` })}
            placeholder={intl.formatMessage({ id: `timeField.${part}.placeholder` })}
            width="3.25rem"
            textAlign="center"
            maxLength={2}
            value={typed[part]}
            onKeyDown={onKeyDown(part)}
            // As in DateField: a box reached is selected, so typing replaces its digits.
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => {
              const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 2);
              update({ ...typed, [part]: digits });
              if (digits.length === 2 && part === 'hour') boxes.current.minute?.focus();
            }}
          />
        </HStack>
      ))}
    </HStack>
  );
}
