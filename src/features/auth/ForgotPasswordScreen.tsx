import { useIntl } from 'react-intl';
import { Session } from '../../session/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { AuthField } from './AuthField.tsx';
import { AuthMessage } from './AuthMessage.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { usePublicForm } from './usePublicForm.ts';

const toPayload = (v: Record<string, string>) => ({ email: (v.email ?? '').trim() });

export default function ForgotPasswordScreen() {
  const intl = useIntl();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const { errors, onSubmit, formRef } = usePublicForm('ForgotPasswordRequest', toPayload, ({ email }) => session.send({ type: 'REQUEST_RESET', email }));
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <AuthCard titleId="auth.forgot.title" links={[{ href: '/log-in', labelId: 'auth.link.logIn' }]}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="ui-stack">
        <p className="ui-muted">{label('auth.forgot.help')}</p>
        <AuthMessage />
        <AuthField name="email" type="email" label={label('auth.email')} autoComplete="email" autoFocus error={errors.email} />
        <SubmitButton labelId="auth.forgot.submit" busy={loading} />
      </form>
    </AuthCard>
  );
}
