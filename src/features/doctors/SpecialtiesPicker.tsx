import { Checkbox, Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { decodeRule } from '../../components/form/rule-codec.ts';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { DOCTOR_FIELDS } from './fields.tsx';

interface Props {
  value: string[];
  /** The main specialty, which is not offered again. */
  main: string;
  onChange: (codes: string[]) => void;
  error?: { type: string; message?: string };
}

const SPECIALTIES = (DOCTOR_FIELDS.specialty.enum ?? []).map(String);

/** The other specialties the doctor practises, one checkbox each, in the contract's order. */
export function SpecialtiesPicker({ value, main, onChange, error }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const label = t('doctors.field.otherSpecialties');
  const toggle = (code: string, on: boolean) => onChange(SPECIALTIES.filter((c) => (c === code ? on : value.includes(c))));
  return (
    <Fieldset.Root invalid={Boolean(error)} data-testid="other-specialties">
      <Fieldset.Legend fontWeight="medium">{label}</Fieldset.Legend>
      <Fieldset.HelperText>
        <bdi>{t('doctors.field.otherSpecialties.help')}</bdi>
      </Fieldset.HelperText>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {SPECIALTIES.filter((code) => code !== main).map((code) => (
            <Checkbox.Root key={code} checked={value.includes(code)} onCheckedChange={(e) => toggle(code, e.checked === true)}>
              <Checkbox.HiddenInput name="otherSpecialties" value={code} />
              <Checkbox.Control />
              <Checkbox.Label>{t(`doctors.specialty.${code}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </Fieldset.Content>
      {error && (
        <Fieldset.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
          <bdi>{fieldMessage(intl, label, decodeRule(error))}</bdi>
        </Fieldset.ErrorText>
      )}
    </Fieldset.Root>
  );
}
