import { useIntl } from 'react-intl';
import { Session } from '../../app/session.tsx';
import { codeMessage } from '../../i18n/form-messages.ts';
import { Notice } from '../../components/feedback/Notice.tsx';

/** The session's message (a failed sign-in, a sent reset link), as the specification's showMessage says. */
export function AuthMessage() {
  const intl = useIntl();
  const { message, showMessage } = Session.useSelector((s) => s.context);
  if (!showMessage || !message) return null;
  return <Notice tone={message === 'auth.resetSent' ? 'success' : 'error'}>{codeMessage(intl, message)}</Notice>;
}
