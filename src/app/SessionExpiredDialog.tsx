import { Button, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { LoginRequest } from '../../openapi/public-validators.ts';
import { rulesOf } from '../components/form/form-rules.ts';
import { rulesResolver } from '../components/form/rules-resolver.ts';
import { FormField } from '../components/form/FormField.tsx';
import { AuthMessage } from '../features/auth/AuthMessage.tsx';
import { Session } from '../session/session.tsx';
import { BusyButton } from '../components/form/BusyButton.tsx';

interface Values {
  email: string;
  password: string;
}
const toPayload = (v: Values) => ({ email: v.email.trim(), password: v.password });

/** Signing in again over the current screen, so a form being edited is not lost. */
export function SessionExpiredDialog() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const session = Session.useActorRef();
  const expired = Session.useSelector((s) => s.matches({ authenticated: 'sessionExpired' }));
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const email = Session.useSelector((s) => s.context.user?.email ?? '');
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: rulesResolver((payload: Values) => rulesOf(LoginRequest, payload), toPayload), values: { email, password: '' } });
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Dialog.Root role="alertdialog" open={expired} closeOnEscape={false} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form noValidate onSubmit={handleSubmit((values) => session.send({ type: 'SIGN_IN', ...toPayload(values) }))}>
              <Dialog.Header>
                <Dialog.Title>{t('auth.sessionExpired.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{t('auth.sessionExpired.body')}</Text>
                  <AuthMessage />
                  <FormField label={t('auth.email')} required error={formState.errors.email}>
                    <Input type="email" autoComplete="username" {...register('email')} />
                  </FormField>
                  <FormField label={t('auth.password')} required error={formState.errors.password}>
                    <Input type="password" autoComplete="current-password" autoFocus {...register('password')} />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button
                  variant="outline"
                  onClick={() => {
                    session.send({ type: 'LOG_OUT' });
                    navigate('~/log-in', { replace: true });
                  }}
                >
                  {t('header.logout')}
                </Button>
                <BusyButton type="submit" colorPalette="blue" loading={loading}>{t('auth.logIn.submit')}</BusyButton>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
