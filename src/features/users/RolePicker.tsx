import { Checkbox, Fieldset, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { allRolesQuery } from '../../api/roles.ts';
import { decodeRule } from '../../components/form/contract-resolver.ts';
import { fieldMessage } from '../../i18n/form-messages.ts';

interface Props {
  value: string[];
  onChange: (codes: string[]) => void;
  error?: { type: string; message?: string };
}

/** The roles a user holds, one checkbox per role by its translated name; the server's refusals show under the group. */
export function RolePicker({ value, onChange, error }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const roles = useQuery(allRolesQuery());
  const label = t('users.field.roles');
  const toggle = (code: string, on: boolean) => onChange(on ? [...value, code].sort() : value.filter((c) => c !== code));
  return (
    <Fieldset.Root invalid={Boolean(error)} data-testid="role-picker">
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">{label}</Fieldset.Legend>
      <Fieldset.HelperText>
        <bdi>{t('users.field.roles.help')}</bdi>
      </Fieldset.HelperText>
      <Fieldset.Content>
        {roles.isPending && <Skeleton h="16" />}
        {roles.isError && <Text color="fg.error">{t('users.rolesLoadFailed')}</Text>}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {roles.data?.items.map((role) => (
            <Checkbox.Root key={role.code} checked={value.includes(role.code)} onCheckedChange={(e) => toggle(role.code, e.checked === true)}>
              <Checkbox.HiddenInput name="roles" value={role.code} />
              <Checkbox.Control />
              <Checkbox.Label>{intl.formatMessage({ id: `role.${role.code}`, defaultMessage: role.code })}</Checkbox.Label>
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
