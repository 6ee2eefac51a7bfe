import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Session } from '../../app/session.tsx';
import { contractResolver } from '../../components/form/contract-resolver.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { AuthMessage } from './AuthMessage.tsx';

interface Values {
  name: string;
  email: string;
  password: string;
}
const toPayload = (v: Values) => ({ name: v.name.trim(), email: v.email.trim(), password: v.password });

export default function RegisterScreen() {
  const intl = useIntl();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: contractResolver('RegisterRequest', toPayload), defaultValues: { name: '', email: '', password: '' } });
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <AuthCard titleId="auth.register.title" links={[{ href: '/log-in', labelId: 'auth.link.logIn' }]}>
      <form noValidate onSubmit={handleSubmit((values) => session.send({ type: 'REGISTER', ...toPayload(values) }))}>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">{label('auth.register.help')}</Text>
          <AuthMessage />
          <FormField label={label('auth.name')} required error={formState.errors.name}>
            <Input autoComplete="name" autoFocus {...register('name')} />
          </FormField>
          <FormField label={label('auth.email')} required error={formState.errors.email}>
            <Input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField label={label('auth.password')} required error={formState.errors.password}>
            <Input type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <Button type="submit" colorPalette="blue" loading={loading} w="full">
            {label('auth.register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
