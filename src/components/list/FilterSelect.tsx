import { Field, NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { FieldSpec } from '../form/field-spec.ts';

/**
 * A filter of the list operation: its label is `<resource>.filter.<name>`; a yes/no filter's
 * options read `<resource>.<name>.true|false` (the same texts its column shows).
 */
export function FilterSelect({ resource, name, spec, value, onChange }: { resource: string; name: string; spec: FieldSpec; value: string | undefined; onChange: (value: string | undefined) => void }) {
  const intl = useIntl();
  const values = spec.type === 'boolean' ? ['true', 'false'] : (spec.enum ?? []).map(String);
  const optionLabel = (option: string) => {
    const id = `${resource}.${name}.${option}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : option;
  };
  return (
    <Field.Root width="auto">
      <NativeSelect.Root size="md" width="auto">
        <NativeSelect.Field aria-label={intl.formatMessage({ id: `${resource}.filter.${name}` })} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value || undefined)}>
          <option value="">{intl.formatMessage({ id: 'list.filterAll' }, { filter: intl.formatMessage({ id: `${resource}.filter.${name}` }) })}</option>
          {values.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
