import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { PreferencesProvider, usePreferences } from './preferences.tsx';
import { SessionProvider } from './session.tsx';

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

function LocalizedApp() {
  const { locale } = usePreferences();
  return (
    <I18nProvider locale={locale}>
      <AppRoutes />
    </I18nProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <SessionProvider>
          <LocalizedApp />
        </SessionProvider>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
