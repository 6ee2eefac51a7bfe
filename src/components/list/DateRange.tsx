import { useId } from 'react';
import { Field, HStack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { DateField } from '../form/DateField.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A list's date range (`from`, `to`: which date is the list's own) kept in the URL beside its other filters. */
export function useDateRange() {
  const [search, setSearch] = useSearchParams();
  const read = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  const set = (name: 'from' | 'to', value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { from: read('from'), to: read('to'), set };
}

/** The two dates of the range; `labelIds` name what they bound (service dates, creation dates). */
export function DateRange({ range, labelIds }: { range: ReturnType<typeof useDateRange>; labelIds: { from: string; to: string } }) {
  const intl = useIntl();
  const id = useId();
  return (
    <HStack gap="2" wrap="wrap">
      {(['from', 'to'] as const).map((name) => (
        <Field.Root key={name} width="auto" orientation="horizontal" gap="2">
          <Field.Label id={`${id}-${name}`} whiteSpace="nowrap" fontWeight="normal">
            {intl.formatMessage({ id: labelIds[name] })}
          </Field.Label>
          {/* The panel's language order, not the browser's (a native date input's). */}
          <DateField value={range[name] ?? ''} onChange={(iso) => range.set(name, iso)} labelledBy={`${id}-${name}`} />
        </Field.Root>
      ))}
    </HStack>
  );
}
