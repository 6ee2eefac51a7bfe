import { useIntl } from 'react-intl';
import { Session } from '../../session/session.tsx';
import { codeMessage } from '../../i18n/form-messages.ts';
import { Notice } from '../../components/feedback/Notice.tsx';

/**
 * The session's message (a failed sign-in, a sent reset link), as the specification's showMessage says, with a
 * close button that dismisses it (DISMISS_MESSAGE). The button sits beside the message element, drawn inside its
 * box, so the message keeps its role and its text.
 */
export function AuthMessage() {
  const intl = useIntl();
  const session = Session.useActorRef();
  const { message, showMessage } = Session.useSelector((s) => s.context);
  if (!showMessage || !message) return null;
  const tone = message === 'auth.resetSent' ? 'success' : 'error';
  return (
    <div className="ui-notice-frame" data-tone={tone}>
      <Notice tone={tone}>{codeMessage(intl, message)}</Notice>
      <button type="button" className="ui-notice-close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={() => session.send({ type: 'DISMISS_MESSAGE' })}>
        ×
      </button>
    </div>
  );
}
