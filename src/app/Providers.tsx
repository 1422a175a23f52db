// App-wide providers: server data (react-query), the session actor, and the language (react-intl).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { SessionActor } from '#actors/session';
import { SessionContext } from '#lib/use-session';
import { defaultLocale, useLocale, useMessages } from '#lib/locale';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A 401 is already retried once by the API middleware after a refresh; 4xx answers will not change.
      queries: { staleTime: 30_000, retry: (failures, error) => failures < 2 && !isClientError(error) },
    },
  });
}

function isClientError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status >= 400 && error.status < 500
    : false;
}

function LanguageProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const messages = useMessages();
  return (
    <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}

export function Providers({
  session,
  queryClient,
  children,
}: {
  session: SessionActor;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionContext value={session}>
        <LanguageProvider>{children}</LanguageProvider>
      </SessionContext>
    </QueryClientProvider>
  );
}
