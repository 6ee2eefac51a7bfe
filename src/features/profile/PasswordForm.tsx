import { useState } from 'react';
import { Card, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { contractResolver } from '../../components/form/contract-resolver.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { useChangePassword } from '../../api/resources/me.ts';
import { SavedNotice } from './SavedNotice.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';

type Values = { currentPassword: string; newPassword: string; confirm: string };
const EMPTY: Values = { currentPassword: '', newPassword: '', confirm: '' };

/**
 * Changes one's own password with the current one; the other sessions are signed out, this one stays. `first`: the
 * password an administrator gave is being replaced before anything else (titled and explained for that).
 */
export function PasswordForm({ first = false }: { first?: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver: contractResolver('PasswordChange', ({ currentPassword, newPassword }: Values) => ({ currentPassword, newPassword })),
    defaultValues: EMPTY,
  });
  const errorOf = (name: keyof Values) => form.formState.errors[name] as { type: string; message?: string } | undefined;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword, confirm }) => {
    if (confirm !== newPassword) return form.setError('confirm', { type: 'passwordMismatch' }, { shouldFocus: true });
    setDone(false);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          setDone(true);
        },
        onError: (error) => {
          if (!applyServerErrors(error, ['currentPassword', 'newPassword'], form.setError)) notifyError(intl, error);
        },
      },
    );
  });

  return (
    <Card.Root as="section" aria-labelledby="profile-password">
      <Card.Header>
        <Card.Title as="h2" id="profile-password">
          {t(first ? 'profile.password.first.title' : 'profile.password.title')}
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          <bdi>{t(first ? 'profile.password.first.help' : 'profile.password.help')}</bdi>
        </Text>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField label={t(first ? 'profile.password.given' : 'profile.password.current')} required error={errorOf('currentPassword')}>
                <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
              </FormField>
              <FormField label={t('profile.password.new')} required error={errorOf('newPassword')}>
                <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
              </FormField>
              <FormField label={t('profile.password.confirm')} required error={errorOf('confirm')}>
                <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
              </FormField>
            </SimpleGrid>
            <SavedNotice message={done ? t('profile.password.done') : null} />
            <HStack justify="flex-end">
              <BusyButton type="submit" colorPalette="blue" loading={change.isPending}>
                {t(first ? 'profile.password.first.title' : 'profile.password.title')}
              </BusyButton>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
