import type { IntlShape } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { codeMessage } from '../../i18n/form-messages.ts';
import { notifier } from './toaster.tsx';

/** A failed call as a notification in the user's language. */
export function notifyError(intl: IntlShape, error: unknown) {
  const code = error instanceof ApiError ? error.code : 'server.unexpected';
  notifier.create({ type: 'error', title: codeMessage(intl, code) });
}
