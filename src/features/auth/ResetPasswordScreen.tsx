import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { resetPassword } from '../../api/auth.ts';
import type { ApiError } from '../../api/client.ts';
import { codeMessage } from '../../i18n/form-messages.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthField } from './AuthField.tsx';
import { Notice } from '../../components/feedback/Notice.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { usePublicForm } from './usePublicForm.ts';

/** The page the reset link opens: the token comes in the query string. */
export default function ResetPasswordScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useMutation<unknown, ApiError, { token: string; password: string }>({ mutationFn: (body) => resetPassword(body.token, body.password) });
  const { errors, onSubmit, formRef } = usePublicForm('ResetPasswordRequest', (v) => ({ token, password: v.password ?? '' }), (body) => reset.mutate(body));
  const label = (id: string) => intl.formatMessage({ id });
  if (reset.isSuccess) {
    return (
      <AuthCard titleId="auth.reset.title" links={[{ href: '/log-in', labelId: 'auth.link.logIn' }]}>
        <Notice tone="success">{label('auth.reset.done')}</Notice>
      </AuthCard>
    );
  }
  const tokenProblem = reset.error ? codeMessage(intl, reset.error.code) : !token || errors.token ? label('auth.reset.missingToken') : null;
  return (
    <AuthCard titleId="auth.reset.title" links={[{ href: '/log-in', labelId: 'auth.link.logIn' }]}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="ui-stack">
        {tokenProblem && <Notice tone="error">{tokenProblem}</Notice>}
        <AuthField name="password" type="password" label={label('auth.newPassword')} autoComplete="new-password" autoFocus error={errors.password} />
        <SubmitButton labelId="auth.reset.submit" busy={reset.isPending} disabled={!token} />
      </form>
    </AuthCard>
  );
}
