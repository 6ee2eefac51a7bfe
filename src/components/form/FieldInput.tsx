import { Checkbox, Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { CountryPicker, CurrencyPicker } from './CodePicker.tsx';
import { DateField } from './DateField.tsx';
import { decodeRule } from './rule-codec.ts';
import { widgetOf, type FieldSpec, type FormValues, type Widget } from './field-spec.ts';
import { FormField } from './FormField.tsx';

const INPUT_TYPES: Partial<Record<Widget, string>> = { email: 'email', url: 'url', tel: 'tel' };
const INPUT_MODES: Partial<Record<Widget, 'numeric' | 'decimal'>> = { integer: 'numeric', decimal: 'decimal' };

interface Props {
  resource: string;
  name: string;
  spec: FieldSpec;
  widget?: Widget;
  form: UseFormReturn<FormValues>;
}

/**
 * One field of a form, as its specification says: label `<resource>.field.<name>`, help text
 * `<resource>.field.<name>.help` when the catalog has one, the input its type calls for, and its error.
 * Typed values keep their own direction (`dir="auto"`) in a right-to-left page.
 */
export function FieldInput({ resource, name, spec, widget, form }: Props) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: `${resource}.field.${name}` });
  const helpId = `${resource}.field.${name}.help`;
  const helper = intl.messages[helpId] ? intl.formatMessage({ id: helpId }) : undefined;
  const error = form.formState.errors[name] as { type: string; message?: string } | undefined;
  const kind = widgetOf(spec, widget);

  if (kind === 'checkbox') {
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          // Its help and a server's refusal (a rule about this flag) show under it, like any field's.
          <Field.Root invalid={Boolean(error)} alignSelf="end" gap="1">
            <Checkbox.Root checked={Boolean(field.value)} onCheckedChange={(e) => field.onChange(e.checked === true)} invalid={Boolean(error)}>
              <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} ref={field.ref} />
              <Checkbox.Control />
              <Checkbox.Label>
                <bdi>{label}</bdi>
              </Checkbox.Label>
            </Checkbox.Root>
            {helper && !error && (
              <Field.HelperText>
                <bdi>{helper}</bdi>
              </Field.HelperText>
            )}
            {error && (
              <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
                <bdi>{fieldMessage(intl, label, decodeRule(error))}</bdi>
              </Field.ErrorText>
            )}
          </Field.Root>
        )}
      />
    );
  }

  let input;
  const choice = kind === 'country' || kind === 'currency' || kind === 'select';
  if (choice) {
    input = (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => {
          const props = { name: field.name, ref: field.ref, onBlur: field.onBlur, value: String(field.value ?? ''), onChange: (e: { currentTarget: { value: string } }) => field.onChange(e.currentTarget.value) };
          if (kind === 'country') return <CountryPicker {...props} />;
          if (kind === 'currency') return <CurrencyPicker {...props} />;
          return (
            <NativeSelect.Root>
              <NativeSelect.Field {...props}>
                <option value="">{intl.formatMessage({ id: 'form.choose' })}</option>
                {(spec.enum ?? []).map((option) => (
                  <option key={option} value={option}>
                    {intl.formatMessage({ id: `${resource}.${name}.${option}` })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          );
        }}
      />
    );
  } else if (kind === 'date') {
    // The panel's language order (DateField), not the browser's: a native date input read mm/dd/yyyy in Spanish.
    input = <Controller control={form.control} name={name} render={({ field }) => <DateField value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} />} />;
  } else if (kind === 'multiline') {
    input = <Textarea rows={3} dir="auto" {...form.register(name)} />;
  } else {
    input = <Input type={INPUT_TYPES[kind] ?? 'text'} inputMode={INPUT_MODES[kind]} dir="auto" {...form.register(name)} />;
  }
  return (
    <FormField label={label} required={spec.required} error={error} helper={helper} choice={choice}>
      {input}
    </FormField>
  );
}
