import { Field, NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { parseSort, sortText, type SortKey } from './list-state.ts';

/** One order a list offers: the contract's sort text (`-createdAt`, say) and its label, already translated. */
export interface SortOption {
  sort: string;
  label: string;
}

interface Props {
  options: readonly SortOption[];
  value: SortKey[];
  onChange: (sort: SortKey[]) => void;
}

/**
 * The order of a list without column headers (cards, threads): a select of the orders that read as
 * sentences ("newest first"). A sort the URL asks for that is not among them is shown as it is, so the
 * select never claims an order the list is not in.
 */
export function SortSelect({ options, value, onChange }: Props) {
  const intl = useIntl();
  const current = sortText(value);
  const choices = options.some((option) => option.sort === current) ? options : [{ sort: current, label: current }, ...options];
  return (
    <Field.Root width="auto">
      <NativeSelect.Root size="md" width="auto">
        <NativeSelect.Field aria-label={intl.formatMessage({ id: 'list.sort' })} value={current} onChange={(e) => onChange(parseSort(e.currentTarget.value))}>
          {choices.map((option) => (
            <option key={option.sort} value={option.sort}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
