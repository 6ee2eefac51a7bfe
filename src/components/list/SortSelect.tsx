import { useIntl } from 'react-intl';
import { parseSort, sortText, type SortKey } from './list-state.ts';
import { ToolbarSelect } from './ToolbarSelect.tsx';

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
    <ToolbarSelect
      label={intl.formatMessage({ id: 'list.sort' })}
      value={current}
      options={choices.map((option) => ({ value: option.sort, label: option.label }))}
      onChange={(sort) => onChange(parseSort(sort))}
    />
  );
}
