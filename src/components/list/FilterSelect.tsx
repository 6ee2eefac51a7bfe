import { Field, NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { FieldSpec } from '../form/field-spec.ts';

/** A filter's choice: the value sent and its label, already translated. */
export interface FilterOption {
  value: string;
  label: string;
}

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
  const choices = options ?? (spec.type === 'boolean' ? ['true', 'false'] : (spec.enum ?? []).map(String)).map((option) => ({ value: option, label: optionLabel(option) }));
  return (
    <Field.Root width="auto">
      <NativeSelect.Root size="md" width="auto">
        <NativeSelect.Field aria-label={intl.formatMessage({ id: `${resource}.filter.${name}` })} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value || undefined)}>
          <option value="">{intl.formatMessage({ id: 'list.filterAll' }, { filter: intl.formatMessage({ id: `${resource}.filter.${name}` }) })}</option>
          {choices.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
