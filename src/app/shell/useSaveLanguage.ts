import { useIntl } from 'react-intl';
import { useMe } from '../../session/useMe.ts';
import { useUpdateMe } from '../../api/resources/me.ts';
import { notifier } from '../../components/feedback/toaster.tsx';

/**
 * The language chosen in the header is the user's preference: saved to the profile as the profile form saves it,
 * so the next sign-in, on any browser, opens in it. The screen changes at once; a failed save says so.
 */
export function useSaveLanguage() {
  const intl = useIntl();
  const { data } = useMe();
  const update = useUpdateMe();
  return (locale: string) => {
    if (!data || data.user.locale === locale) return;
    update.mutate(
      { name: data.user.name, locale: locale as typeof data.user.locale, version: data.user.version },
      { onError: () => notifier.create({ type: 'error', title: intl.formatMessage({ id: 'header.language.notSaved' }) }) },
    );
  };
}
