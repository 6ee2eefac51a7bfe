import type { ReactNode } from 'react';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { emotionCache } from './emotion-cache.ts';
import { system } from './theme.ts';
import { Toasters } from '../components/feedback/toaster.tsx';
import { useMe, useSessionToken } from '../session/useMe.ts';
import { AppLayout } from './shell/AppLayout.tsx';
import { HEADER_ITEMS, NAV_ITEMS } from './areas.ts';
import { SessionExpiredDialog } from './SessionExpiredDialog.tsx';
import { usePreferences } from '../session/preferences.tsx';
import { BlockingGate } from '../features/announcements/BlockingGate.tsx';
import { lazyScreen } from '../components/feedback/lazyScreen.tsx';

// Only a user given a password by an administrator sees it, once: its code (and every form's rules) stays off the pages.
const ChooseOwnPasswordScreen = lazyScreen(() => import('./ChooseOwnPasswordScreen.tsx'));

/**
 * The signed-in layout with the menu the user's permissions allow, and the re-sign-in dialog.
 * The component library loads with it, so the public pages stay light. A user who signed in with a password an
 * administrator gave sees only the form to choose their own: no menu, no counters, no screen (the server would
 * refuse them all until then). The library's styles go through the Emotion cache that carries the page's CSP nonce.
 */
export default function SignedInShell({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  const { can, data } = useMe();
  const mustChoosePassword = data?.user.mustChangeCredentials === true;
  const { direction, locale } = usePreferences();
  return (
    <CacheProvider value={emotionCache}>
      <ChakraProvider value={system}>
        {/* Ark-based parts (checkboxes, radios, dialogs) take their direction from the locale: a right-to-left
            page in a left-to-right language gets a right-to-left locale's direction (Arabic's) for them. */}
        <LocaleProvider locale={direction === 'rtl' ? 'ar' : locale}>
          <AppLayout items={mustChoosePassword ? [] : NAV_ITEMS} headerItems={mustChoosePassword ? [] : HEADER_ITEMS} searchable={!mustChoosePassword} can={can}>
            {mustChoosePassword ? <ChooseOwnPasswordScreen /> : <BlockingGate enabled={Boolean(token)}>{children}</BlockingGate>}
            <SessionExpiredDialog />
          </AppLayout>
          <Toasters />
        </LocaleProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
