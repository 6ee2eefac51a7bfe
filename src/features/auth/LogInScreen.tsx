import { useIntl } from 'react-intl';
import { Session } from '../../session/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { AuthField } from './AuthField.tsx';
import { AuthMessage } from './AuthMessage.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { usePublicForm } from './usePublicForm.ts';

const toPayload = (v: Record<string, string>) => ({ email: (v.email ?? '').trim(), password: v.password ?? '' });

export default function LogInScreen() {
  const intl = useIntl();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const { errors, onSubmit, formRef } = usePublicForm('LoginRequest', toPayload, (credentials) => session.send({ type: 'SIGN_IN', ...credentials }));
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
      <form ref={formRef} noValidate onSubmit={onSubmit} className="ui-stack">
        <AuthMessage />
        <AuthField name="email" type="email" label={label('auth.email')} autoComplete="username" autoFocus error={errors.email} />
        <AuthField name="password" type="password" label={label('auth.password')} autoComplete="current-password" error={errors.password} />
        <SubmitButton labelId="auth.logIn.submit" busy={loading} />
      </form>
    </AuthCard>
  );
}
