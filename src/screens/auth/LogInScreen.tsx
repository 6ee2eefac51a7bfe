import { Button, Input, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Session } from '../../app/session.tsx';
import { contractResolver } from '../../components/form/contract-resolver.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { AuthMessage } from './AuthMessage.tsx';

interface Values {
  email: string;
  password: string;
}
const toPayload = (v: Values) => ({ email: v.email.trim(), password: v.password });

export default function LogInScreen() {
  const intl = useIntl();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: contractResolver('LoginRequest', toPayload), defaultValues: { email: '', password: '' } });
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <AuthCard
      titleId="auth.logIn.title"
      subtitleId="auth.logIn.subtitle"
      links={[
        { href: '/forgot-password', labelId: 'auth.link.forgot' },
        { href: '/register', labelId: 'auth.link.register' },
      ]}
    >
      <form noValidate onSubmit={handleSubmit((values) => session.send({ type: 'SIGN_IN', ...toPayload(values) }))}>
        <Stack gap="4">
          <AuthMessage />
          <FormField label={label('auth.email')} required error={formState.errors.email}>
            <Input type="email" autoComplete="username" autoFocus {...register('email')} />
          </FormField>
          <FormField label={label('auth.password')} required error={formState.errors.password}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <Button type="submit" colorPalette="blue" loading={loading} w="full">
            {label('auth.logIn.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
