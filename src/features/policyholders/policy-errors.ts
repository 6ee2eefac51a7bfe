import type { IntlShape } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { codeMessage } from '../../i18n/form-messages.ts';
import { policyGuardRules } from '@core/workflows/policy.machine.ts';

/** A refused policy event reads as its guard's sentence (the statechart's catalog text); other failures by their code. */
export function policyErrorText(intl: IntlShape, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'server.unexpected';
  const guard = Object.entries(policyGuardRules).find(([, rule]) => rule.rule === code)?.[0];
  return guard ? intl.formatMessage({ id: `machine.policy.guard.${guard}` }) : codeMessage(intl, code);
}
