import { Button, Checkbox, Fieldset, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { decodeRule } from '../../components/form/contract-resolver.ts';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { insurerChoicesQuery } from './api.ts';

interface Props {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: { type: string; message?: string };
}

/**
 * The insurers whose staff the user belongs to (an announcement for "an insurer's staff" reaches them): one
 * checkbox per insurer by name; the server's refusals show under the group.
 */
export function InsurerStaffPicker({ value, onChange, error }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const insurers = useQuery(insurerChoicesQuery());
  const label = t('users.field.insurerIds');
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id].sort((a, b) => a - b) : value.filter((v) => v !== id));
  return (
    <Fieldset.Root invalid={Boolean(error)} data-testid="insurer-staff-picker">
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">{label}</Fieldset.Legend>
      <Fieldset.HelperText>
        <bdi>{t('users.field.insurerIds.help')}</bdi>
      </Fieldset.HelperText>
      <Fieldset.Content>
        {insurers.isPending && <Skeleton h="12" />}
        {insurers.isError && (
          <HStack role="alert" gap="3">
            <Text color="fg.error">{t('users.insurersLoadFailed')}</Text>
            <Button size="xs" variant="outline" onClick={() => void insurers.refetch()}>
              {t('common.retry')}
            </Button>
          </HStack>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {insurers.data?.map((insurer) => (
            <Checkbox.Root key={insurer.id} checked={value.includes(insurer.id)} onCheckedChange={(e) => toggle(insurer.id, e.checked === true)}>
              <Checkbox.HiddenInput name="insurerIds" value={String(insurer.id)} />
              <Checkbox.Control />
              <Checkbox.Label>
                <bdi>{insurer.name}</bdi>
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
