import { useMemo } from 'react';
import { useFieldContext } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { SegmentedField } from './SegmentedField.tsx';

type Part = 'day' | 'month' | 'year';
const WIDTH: Record<Part, number> = { day: 2, month: 2, year: 4 };
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The day, month and year in the order the language writes them ("28/11/2026" es, "11/28/2026" en, "2026/11/28" ja) and the mark between. */
function orderOf(locale: string): { parts: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 10, 28)));
  return {
    parts: parts.filter((p): p is Intl.DateTimeFormatPart & { type: Part } => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type),
    separator: parts.find((p) => p.type === 'literal')?.value.trim() || '/',
  };
}

const split = (iso: string): Record<Part, string> => {
  const [year = '', month = '', day = ''] = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-') : [];
  return { day, month, year };
};

/** The typed parts as `YYYY-MM-DD` when they make a real day, '' when all are empty, null while incomplete or impossible. */
function isoOf({ day, month, year }: Record<Part, string>): string | null {
  if (!day && !month && !year) return '';
  if (year.length !== 4 || !day || !month) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${pad(Number(month), 2)}-${pad(Number(day), 2)}`;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
}

interface Props {
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onChange: (iso: string) => void;
  /** The id of the label that names the whole date; by default the label of the Field it is in. */
  labelledBy?: string;
  /** Called when focus leaves the date (a form's touched state). */
  onBlur?: () => void;
  size?: 'sm' | 'md';
}

/**
 * A day typed in the panel's language order, not the browser's: a native date input follows the browser's locale
 * (mm/dd/yyyy in a Spanish panel on an English browser). Three numeric boxes in the language's order, each named
 * (Día, Mes, Año); typing fills one and moves to the next, the arrows step a part, Backspace in an empty part goes
 * back. The value changes only when the parts make a real day (or are all emptied).
 */
export function DateField({ value, onChange, labelledBy, onBlur, size = 'md' }: Props) {
  const intl = useIntl();
  const field = useFieldContext() as ReturnType<typeof useFieldContext> | undefined;
  const { parts, separator } = useMemo(() => orderOf(intl.locale), [intl.locale]);
  const segments = parts.map((part) => ({
    part,
    width: WIDTH[part],
    min: 1,
    max: { day: 31, month: 12, year: 9999 }[part],
    start: part === 'year' ? new Date().getFullYear() : undefined,
    label: intl.formatMessage({ id: `dateField.${part}` }),
    placeholder: intl.formatMessage({ id: `dateField.${part}.placeholder` }),
    boxWidth: part === 'year' ? '4.5rem' : '3.25rem',
  }));
  return (
    <SegmentedField
      segments={segments}
      separator={separator}
      value={value}
      split={split}
      join={isoOf}
      onChange={onChange}
      onBlur={onBlur}
      size={size}
      group={{ 'aria-labelledby': labelledBy ?? field?.getLabelProps().id, 'aria-invalid': field?.invalid || undefined, 'data-date-field': true }}
    />
  );
}
