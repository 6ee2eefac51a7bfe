import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { PreferencesProvider, usePreferences } from '../session/preferences.tsx';
import { Session, SessionProvider } from '../session/session.tsx';
import { ShellSkeleton } from './shell/ShellSkeleton.tsx';
import { landingPath } from './landing.ts';
import { startSignedIn } from './signed-in-code.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors will not fix themselves; only network and server failures are retried.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
  queryCache: new QueryCache(),
  mutationCache: new MutationCache(),
});

const onSessionStart = (token: string, redirect: string) => startSignedIn(queryClient, token, landingPath(redirect));

function LocalizedApp() {
  const { locale } = usePreferences();
  const signedIn = Session.useSelector((s) => Boolean(s.context.token));
  return (
    <I18nProvider locale={locale} full={signedIn} fallback={<ShellSkeleton />}>
      <AppRoutes />
    </I18nProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <SessionProvider onSessionStart={onSessionStart}>
          <LocalizedApp />
        </SessionProvider>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
