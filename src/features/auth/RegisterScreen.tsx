import { useIntl } from 'react-intl';
import { Session } from '../../session/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { AuthField } from './AuthField.tsx';
import { AuthMessage } from './AuthMessage.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { usePublicForm } from './usePublicForm.ts';

const toPayload = (v: Record<string, string>) => ({ name: (v.name ?? '').trim(), email: (v.email ?? '').trim(), password: v.password ?? '' });

export default function RegisterScreen() {
  const intl = useIntl();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const { errors, onSubmit, formRef } = usePublicForm('RegisterRequest', toPayload, (registration) => session.send({ type: 'REGISTER', ...registration }));
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <AuthCard titleId="auth.register.title" links={[{ href: '/log-in', labelId: 'auth.link.logIn' }]}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="ui-stack">
        <p className="ui-muted">{label('auth.register.help')}</p>
        <AuthMessage />
        <AuthField name="name" label={label('auth.name')} autoComplete="name" autoFocus error={errors.name} />
        <AuthField name="email" type="email" label={label('auth.email')} autoComplete="email" error={errors.email} />
        <AuthField name="password" type="password" label={label('auth.password')} autoComplete="new-password" error={errors.password} />
        <SubmitButton labelId="auth.register.submit" busy={loading} />
      </form>
    </AuthCard>
  );
}
