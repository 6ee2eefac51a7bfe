import { useIntl } from 'react-intl';
import type { FieldSpec } from '../form/field-spec.ts';
import { ToolbarSelect, type ToolbarOption } from './ToolbarSelect.tsx';

/** A filter's choice: the value sent and its label, already translated. */
export type FilterOption = ToolbarOption;

interface Props {
  resource: string;
  name: string;
  spec: FieldSpec;
  /** The choices, when the contract does not list them (a value from another resource); else from the spec. */
  options?: FilterOption[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/**
 * A filter of the list operation: its label is `<resource>.filter.<name>`; a yes/no or enum filter's
 * options read `<resource>.<name>.<value>` (the same texts its column shows).
 */
export function FilterSelect({ resource, name, spec, options, value, onChange }: Props) {
  const intl = useIntl();
  const optionLabel = (option: string) => {
    const id = `${resource}.${name}.${option}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : option;
  };
  const label = intl.formatMessage({ id: `${resource}.filter.${name}` });
  const choices = options ?? (spec.type === 'boolean' ? ['true', 'false'] : (spec.enum ?? []).map(String)).map((option) => ({ value: option, label: optionLabel(option) }));
  return (
    <ToolbarSelect
      label={label}
      value={value ?? ''}
      options={[{ value: '', label: intl.formatMessage({ id: 'list.filterAll' }, { filter: label }) }, ...choices]}
      onChange={(selected) => onChange(selected || undefined)}
    />
  );
}
