import { useIntl } from 'react-intl';
import { SegmentedField } from './SegmentedField.tsx';

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
 * A time of day on the 24-hour clock, the companion of DateField (issue 28 item 11): an hour and a minute box, each
 * named (Hora, Minuto); the value changes only when both make a time (or both are emptied). Every panel language
 * writes hours before minutes. `label` names the pair (the date beside it is named by the field's label).
 */
export function TimeField({ value, onChange, label, onBlur }: { value: string; onChange: (time: string) => void; label: string; onBlur?: () => void }) {
  const intl = useIntl();
  const segments = PARTS.map((part) => ({
    part,
    width: 2,
    min: 0,
    max: LIMIT[part],
    label: intl.formatMessage({ id: `timeField.${part}` }),
    placeholder: intl.formatMessage({ id: `timeField.${part}.placeholder` }),
    boxWidth: '3.25rem',
  }));
  return <SegmentedField segments={segments} separator=":" value={value} split={split} join={timeOf} onChange={onChange} onBlur={onBlur} group={{ 'aria-label': label, 'data-time-field': true }} />;
}
