import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useSessionToken } from '../../session/useMe.ts';
import { meQuery, useUpdateMe } from '../../api/resources/me.ts';
import { notifier } from '../../components/feedback/toaster.tsx';

/**
 * The language chosen in the header is the user's preference: saved to the profile as the profile form saves it,
 * so the next sign-in, on any browser, opens in it. The screen changes at once; a failed save says so.
 */
export function useSaveLanguage() {
  const intl = useIntl();
  const client = useQueryClient();
  const token = useSessionToken();
  const update = useUpdateMe();
  const notSaved = () => notifier.create({ type: 'error', title: intl.formatMessage({ id: 'header.language.notSaved' }) });
  return async (locale: string) => {
    // Chosen just after signing in, the profile may not have been read yet: it is read first, not the choice dropped.
    const me = await client.fetchQuery(meQuery(token)).catch(() => null);
    if (!me) return notSaved();
    if (me.user.locale === locale) return;
    update.mutate({ name: me.user.name, locale: locale as typeof me.user.locale, version: me.user.version }, { onError: notSaved });
  };
}
