import { Alert } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Session } from '../../app/session.tsx';
import { codeMessage } from '../../i18n/form-messages.ts';

/** The session's message (a failed sign-in, a sent reset link), as the specification's showMessage says. */
export function AuthMessage() {
  const intl = useIntl();
  const { message, showMessage } = Session.useSelector((s) => s.context);
  if (!showMessage || !message) return null;
  const success = message === 'auth.resetSent';
  return (
    <Alert.Root status={success ? 'success' : 'error'} role={success ? 'status' : 'alert'}>
      <Alert.Indicator />
      <Alert.Title>{codeMessage(intl, message)}</Alert.Title>
    </Alert.Root>
  );
}
