import { Button, Field, Fieldset, HStack, IconButton, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { decodeRule } from '../../components/form/rule-codec.ts';
import type { FormRow } from '../../components/form/field-spec.ts';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { insurerChoicesQuery } from '../../api/resources/insurers.ts';
import { DateField } from '../../components/form/DateField.tsx';

interface Props {
  value: FormRow[];
  onChange: (rows: FormRow[]) => void;
  /** The contract's or the server's refusal of the agreements (their dates, an overlap). */
  error?: { type: string; message?: string };
}

const CELL_LABELS: Record<string, string> = { insurerId: 'doctors.agreements.insurer', validFrom: 'doctors.agreements.validFrom', validTo: 'doctors.agreements.validTo' };

const today = () => new Date().toISOString().slice(0, 10);

/** Agreements with insurers as rows of insurer, first and last day (blank: open-ended), added and removed in place. */
export function AgreementsEditor({ value, onChange, error }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data: insurers = [] } = useQuery(insurerChoicesQuery());
  const label = t('doctors.field.agreements');
  const set = (index: number, field: string, text: string) => onChange(value.map((agreement, i) => (i === index ? { ...agreement, [field]: text } : agreement)));
  // Where the refusal points: `2/validTo` is the third row's last day; without a place it concerns the whole list.
  const rule = error ? decodeRule(error) : null;
  const [row, cell] = String(rule?.params?.at ?? '').split('/');
  const badRow = row === '' || !rule ? -1 : Number(row);
  const invalid = (index: number, field: string) => index === badRow && cell === field;
  const message = !rule
    ? null
    : badRow >= 0
      ? t('doctors.agreements.error', { n: badRow + 1, message: fieldMessage(intl, t(CELL_LABELS[cell] ?? 'doctors.field.agreements'), rule, { choice: cell === 'insurerId' }) })
      : fieldMessage(intl, label, rule);
  return (
    <Fieldset.Root invalid={Boolean(error)} data-testid="agreements">
      <Fieldset.Legend fontWeight="medium">{label}</Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="3">
          {value.length === 0 && (
            <Text color="fg.muted">
              <bdi>{t('doctors.agreements.none')}</bdi>
            </Text>
          )}
          {value.map((agreement, index) => {
            const n = index + 1;
            return (
              <Fieldset.Root key={index} borderWidth="1px" borderRadius="md" p="3" data-testid="agreement-row">
                <Fieldset.Legend srOnly>{t('doctors.agreements.row', { n })}</Fieldset.Legend>
                <HStack align="end" gap="3">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" flex="1">
                    <Field.Root required invalid={invalid(index, 'insurerId')}>
                      <Field.Label>{t('doctors.agreements.insurer')}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field value={agreement.insurerId ?? ''} onChange={(e) => set(index, 'insurerId', e.currentTarget.value)}>
                          <option value="">{t('form.choose')}</option>
                          {insurers.map((insurer) => (
                            <option key={insurer.value} value={insurer.value}>
                              {insurer.label}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Field.Root required invalid={invalid(index, 'validFrom')}>
                      <Field.Label>{t('doctors.agreements.validFrom')}</Field.Label>
                      <DateField value={agreement.validFrom ?? ''} onChange={(iso) => set(index, 'validFrom', iso)} />
                    </Field.Root>
                    <Field.Root invalid={invalid(index, 'validTo')}>
                      <Field.Label>{t('doctors.agreements.validTo')}</Field.Label>
                      <DateField value={agreement.validTo ?? ''} onChange={(iso) => set(index, 'validTo', iso)} />
                      <Field.HelperText>
                        <bdi>{t('doctors.agreements.validTo.help')}</bdi>
                      </Field.HelperText>
                    </Field.Root>
                  </SimpleGrid>
                  <IconButton variant="ghost" colorPalette="red" aria-label={t('doctors.agreements.remove', { n })} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                    <Trash2 aria-hidden />
                  </IconButton>
                </HStack>
              </Fieldset.Root>
            );
          })}
          <Button type="button" variant="outline" alignSelf="flex-start" onClick={() => onChange([...value, { insurerId: '', validFrom: today(), validTo: '' }])}>
            <Plus aria-hidden size={16} />
            {t('doctors.agreements.add')}
          </Button>
        </Stack>
      </Fieldset.Content>
      {message && (
        <Fieldset.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }} role="alert">
          <bdi>{message}</bdi>
        </Fieldset.ErrorText>
      )}
    </Fieldset.Root>
  );
}

/** The rows as the contract's agreements: ids as numbers, a blank last day as none. */
export const agreementsPayload = (rows: FormRow[]) =>
  rows.map((row) => ({ insurerId: row.insurerId ? Number(row.insurerId) : undefined, validFrom: row.validFrom || undefined, validTo: row.validTo || null }));
