import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Session } from '../../app/session.tsx';
import { contractResolver } from '../../components/form/contract-resolver.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { AuthMessage } from './AuthMessage.tsx';

const toPayload = (v: { email: string }) => ({ email: v.email.trim() });

export default function ForgotPasswordScreen() {
  const intl = useIntl();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ resolver: contractResolver('ForgotPasswordRequest', toPayload), defaultValues: { email: '' } });
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <AuthCard titleId="auth.forgot.title" links={[{ href: '/log-in', labelId: 'auth.link.logIn' }]}>
      <form noValidate onSubmit={handleSubmit((values) => session.send({ type: 'REQUEST_RESET', ...toPayload(values) }))}>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">{label('auth.forgot.help')}</Text>
          <AuthMessage />
          <FormField label={label('auth.email')} required error={formState.errors.email}>
            <Input type="email" autoComplete="email" autoFocus {...register('email')} />
          </FormField>
          <Button type="submit" colorPalette="blue" loading={loading} w="full">
            {label('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
