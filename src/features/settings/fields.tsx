import { Checkbox, Input, NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { encodeRule } from '../../components/form/rule-codec.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { LANGUAGES, type CatalogTexts } from '../../api/resources/settings.ts';
import type { FieldErrors } from './useCatalogSave.ts';

const errorOf = (errors: FieldErrors, path: string) => (errors[path] ? encodeRule(errors[path]) : undefined);

/** A text field of a catalog form, with its rule's message under it. */
export function TextField({ label, path, value, errors, onChange, helper, dir }: { label: string; path: string; value: string; errors: FieldErrors; onChange: (value: string) => void; helper?: string; dir?: 'auto' | 'ltr' }) {
  return (
    <FormField label={label} error={errorOf(errors, path)} required helper={helper}>
      <Input name={path} dir={dir ?? 'auto'} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </FormField>
  );
}

/** The same text in the five languages, each its own required field (a missing one is named). */
export function TextsFields({ labelId, path, texts, errors, onChange }: { labelId: string; path: string; texts: CatalogTexts; errors: FieldErrors; onChange: (texts: CatalogTexts) => void }) {
  const intl = useIntl();
  return LANGUAGES.map((language) => (
    <TextField
      key={language}
      label={intl.formatMessage({ id: labelId }, { language: intl.formatMessage({ id: `lang.${language}` }) })}
      path={`${path}/${language}`}
      value={texts[language] ?? ''}
      errors={errors}
      onChange={(value) => onChange({ ...texts, [language]: value })}
    />
  ));
}

/** A choice among the contract's values, each by its catalog text. */
export function SelectField<V extends string>({ label, path, value, options, optionLabel, errors, onChange }: { label: string; path: string; value: V; options: readonly V[]; optionLabel: (value: V) => string; errors: FieldErrors; onChange: (value: V) => void }) {
  return (
    <FormField label={label} error={errorOf(errors, path)} required choice>
      <NativeSelect.Root>
        <NativeSelect.Field name={path} value={value} onChange={(e) => onChange(e.currentTarget.value as V)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        <bdi>{label}</bdi>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}
