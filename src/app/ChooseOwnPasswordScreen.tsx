import { Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Notice } from '../components/feedback/Notice.tsx';
import { PageHeader } from '../components/layout/PageHeader.tsx';
import { PasswordForm } from '../features/profile/PasswordForm.tsx';
import { useRouteMeta } from './route-meta.ts';

/**
 * What the signed-in shell shows, instead of any screen, to a user who signed in with a password an administrator
 * gave (research 2.12 debe_cambiar_password): until they choose their own, the server refuses everything else too.
 */
export default function ChooseOwnPasswordScreen() {
  const intl = useIntl();
  useRouteMeta(false, 'profile.password.first.title');
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'profile.password.first.title' })} />
      <Stack gap="4">
        <Notice tone="warning">{intl.formatMessage({ id: 'code.auth.passwordChangeRequired' })}</Notice>
        <PasswordForm first />
      </Stack>
    </>
  );
}
