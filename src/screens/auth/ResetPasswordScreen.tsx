import { Alert, Button, Input, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { resetPassword } from '../../api/auth.ts';
import { contractResolver } from '../../components/form/contract-resolver.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { codeMessage } from '../../i18n/form-messages.ts';
import type { ApiError } from '../../api/client.ts';
import { AuthCard } from './AuthCard.tsx';

/** The page the reset link opens: the token comes in the query string. */
export default function ResetPasswordScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useMutation<unknown, ApiError, string>({ mutationFn: (password) => resetPassword(token, password) });
  const { register, handleSubmit, formState } = useForm<{ password: string }>({
    resolver: contractResolver('ResetPasswordRequest', (v: { password: string }) => ({ token, password: v.password })),
    defaultValues: { password: '' },
  });
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <AuthCard titleId="auth.reset.title" links={[{ href: '/log-in', labelId: 'auth.link.logIn' }]}>
      {reset.isSuccess ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{label('auth.reset.done')}</Alert.Title>
        </Alert.Root>
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => reset.mutate(values.password))}>
          <Stack gap="4">
            {(reset.isError || "token" in formState.errors || !token) && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{reset.error ? codeMessage(intl, reset.error.code) : label('auth.reset.missingToken')}</Alert.Title>
              </Alert.Root>
            )}
            <FormField label={label('auth.newPassword')} required error={formState.errors.password}>
              <Input type="password" autoComplete="new-password" autoFocus {...register('password')} />
            </FormField>
            <Button type="submit" colorPalette="blue" loading={reset.isPending} w="full" disabled={!token}>
              {label('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
