import { Button, Checkbox, Fieldset, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { decodeRule } from './rule-codec.ts';

export interface CheckboxChoice<V> {
  value: V;
  label: ReactNode;
}

interface Props<V extends string | number> {
  /** The form field's name, given to each box's hidden input. */
  name: string;
  label: string;
  help: string;
  /** The choices as loaded from the server: a skeleton while they load, the failure with a retry. */
  choices: UseQueryResult<CheckboxChoice<V>[]>;
  loadFailed: string;
  value: V[];
  onChange: (value: V[]) => void;
  error?: { type: string; message?: string };
  testId?: string;
}

/** A set of values picked with one checkbox each, in the order the server gives; the server's refusal shows under the group. */
export function CheckboxGroupField<V extends string | number>({ name, label, help, choices, loadFailed, value, onChange, error, testId }: Props<V>) {
  const intl = useIntl();
  const toggle = (choice: V, on: boolean) => onChange(on ? [...value, choice].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) : value.filter((v) => v !== choice));
  return (
    <Fieldset.Root invalid={Boolean(error)} data-testid={testId}>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">{label}</Fieldset.Legend>
      <Fieldset.HelperText>
        <bdi>{help}</bdi>
      </Fieldset.HelperText>
      <Fieldset.Content>
        {choices.isPending && <Skeleton h="12" />}
        {choices.isError && (
          <HStack role="alert" gap="3">
            <Text color="fg.error">{loadFailed}</Text>
            <Button size="xs" variant="outline" onClick={() => void choices.refetch()}>
              {intl.formatMessage({ id: 'common.retry' })}
            </Button>
          </HStack>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {choices.data?.map((choice) => (
            <Checkbox.Root key={choice.value} checked={value.includes(choice.value)} onCheckedChange={(e) => toggle(choice.value, e.checked === true)}>
              <Checkbox.HiddenInput name={name} value={String(choice.value)} />
              <Checkbox.Control />
              <Checkbox.Label>
                <bdi>{choice.label}</bdi>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </Fieldset.Content>
      {error && (
        <Fieldset.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }} role="alert">
          <bdi>{fieldMessage(intl, label, decodeRule(error))}</bdi>
        </Fieldset.ErrorText>
      )}
    </Fieldset.Root>
  );
}
