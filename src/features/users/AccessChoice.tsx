import { Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { FormValues } from '../../components/form/field-spec.ts';
import { FormField } from '../../components/form/FormField.tsx';

/** A new user's way in: an initial password the administrator sets, or an invitation mailed as a reset link. */
export function AccessChoice({ form }: { form: UseFormReturn<FormValues> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const invite = useWatch({ control: form.control, name: 'invite' }) === true;
  return (
    <Stack gap="4">
      <Controller
        control={form.control}
        name="invite"
        render={({ field }) => (
          <RadioGroup.Root
            name={field.name}
            value={field.value === true ? 'invite' : 'password'}
            onValueChange={(e) => field.onChange(e.value === 'invite')}
            aria-label={t('users.section.access')}
          >
            <Stack gap="2">
              {(['invite', 'password'] as const).map((choice) => (
                <RadioGroup.Item key={choice} value={choice}>
                  <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`users.access.${choice}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
      />
      {invite ? (
        <Text fontSize="sm" color="fg.muted">
          <bdi>{t('users.access.inviteHelp')}</bdi>
        </Text>
      ) : (
        <FormField label={t('users.field.password')} required error={form.formState.errors.password as { type: string; message?: string } | undefined} helper={<bdi>{t('users.field.password.help')}</bdi>}>
          {/* A password field (FieldInput has no such widget): never shown in clear, never autofilled with the admin's own. */}
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
      )}
    </Stack>
  );
}
