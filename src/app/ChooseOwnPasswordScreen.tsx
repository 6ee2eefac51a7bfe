import { useIntl } from 'react-intl';
import { Notice } from '../components/feedback/Notice.tsx';
import { PageHeader } from '../components/layout/PageHeader.tsx';
import { PasswordForm } from '../features/profile/PasswordForm.tsx';

/**
 * What every screen shows a user who signed in with a password an administrator gave (research 2.12
 * debe_cambiar_password): until they choose their own, the server refuses everything else too.
 */
export function ChooseOwnPasswordScreen() {
  const intl = useIntl();
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'profile.password.first.title' })} />
      <Notice tone="warning">{intl.formatMessage({ id: 'code.auth.passwordChangeRequired' })}</Notice>
      <PasswordForm first />
    </>
  );
}
