import { Field, NativeSelect } from '@chakra-ui/react';

/** A choice of a list's toolbar select: the value sent and its label, already translated. */
export interface ToolbarOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  value: string;
  options: readonly ToolbarOption[];
  onChange: (value: string) => void;
}

/** The select a list's toolbar shows for a filter or an order: labelled for assistive technology, sized to its text. */
export function ToolbarSelect({ label, value, options, onChange }: Props) {
  return (
    <Field.Root width="auto">
      <NativeSelect.Root size="md" width="auto">
        <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map((option) => (
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
