import type { AppRouter } from '@dealership/app-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, type TRPCLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { authHeaders } from './auth-headers';
import { trpc } from './trpc';

/** Query defaults: data stays fresh for 30 s, a failed query is retried once. */
export const QUERY_DEFAULTS = { staleTime: 30_000, retry: 1 } as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}

export interface TrpcProviderProps {
  children: ReactNode;
  /** Returns the current session token; read on every request, so login and logout apply at once. */
  getAuthToken: () => string | null;
  /** Where the tRPC endpoint is mounted. */
  url?: string;
  /** Supply a client (tests, a server-rendered page's hydrated cache); one is created otherwise. */
  queryClient?: QueryClient;
  /**
   * Where calls go instead of HTTP to `url`: the server renders pages with a link that calls the
   * procedures in its own process.
   */
  link?: TRPCLink<AppRouter>;
}

/** Provides react-query and the typed tRPC client to the app. */
export function TrpcProvider({ children, getAuthToken, url = '/trpc', queryClient, link }: TrpcProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [trpcClient] = useState(() =>
    trpc.createClient({
      // Within the server's TRPC_LIMITS (shared-schemas; not imported here, it would bring zod into the entry chunk).
      links: [link ?? httpBatchLink({ url, maxItems: 10, maxURLLength: 8_192, headers: () => authHeaders(getAuthToken()) })],
    }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={client}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
