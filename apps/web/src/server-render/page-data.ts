import { createQueryClient } from '@dealership/web-trpc-client';
import {
  dehydrate,
  QueryClient,
  type DefaultError,
  skipToken,
  type DefaultedQueryObserverOptions,
  type DehydratedState,
  type Query,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

type AnyDefaultedOptions = DefaultedQueryObserverOptions<unknown, Error, unknown, unknown, QueryKey>;

/**
 * The query cache of one server render. A component's `useQuery` does not fetch on the server (its
 * effects never run), but it does ask the client for its defaulted options, which say what it
 * wants: the key, the query function and whether it is enabled. This client records them, so the
 * renderer can fetch exactly what the page asked for and render again — the page declares its data
 * once, in its hooks, and no loader can drift from it.
 */
export class PageDataClient extends QueryClient {
  private readonly requested = new Map<string, AnyDefaultedOptions>();

  constructor() {
    const defaults = createQueryClient().getDefaultOptions();
    // No retry on the server. A failed query renders as failed (a missing car, its not-found page)
    // rather than as loading again: `retryOnMount` would make the render show it refetching. The
    // browser hydrates it the same way (`hydratePageState`).
    super({ defaultOptions: { ...defaults, queries: { ...defaults.queries, retry: false, retryOnMount: false } } });
  }

  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    if (defaulted.queryHash) this.requested.set(defaulted.queryHash, defaulted as unknown as AnyDefaultedOptions);
    return defaulted;
  }

  /** The queries the last render asked for that are enabled and have never been fetched. */
  private wanted(): AnyDefaultedOptions[] {
    return [...this.requested.values()].filter((options) => {
      const query = this.getQueryCache().get<unknown, Error>(options.queryHash ?? '');
      if (!query || query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      if (options.queryFn === skipToken) return false;
      const enabled = typeof options.enabled === 'function' ? options.enabled(query as Query<unknown, Error, unknown, QueryKey>) : options.enabled;
      return enabled !== false;
    });
  }

  /**
   * Fetches what the last render asked for and has not got yet; false when there was nothing to
   * fetch (the render had all its data). Data is passed through JSON, as the browser will receive
   * it, so the server renders exactly what the browser hydrates.
   */
  async fetchWanted(): Promise<boolean> {
    const wanted = this.wanted();
    if (wanted.length === 0) return false;
    await Promise.all(
      wanted.map(async (options) => {
        await this.prefetchQuery({ ...options, retry: false });
        const query = this.getQueryCache().get(options.queryHash ?? '');
        if (query?.state.status === 'success') this.setQueryData(options.queryKey, JSON.parse(JSON.stringify(query.state.data ?? null)) as unknown);
      }),
    );
    return true;
  }

  /**
   * The cache for the page: successful queries and failed ones (a missing car renders its
   * not-found page on both sides). An error travels as what the pages read of it: its message and
   * tRPC's `data` (`code`, `httpStatus`), never a stack.
   */
  dehydrateForPage(): DehydratedState {
    const state = dehydrate(this, { shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error' });
    return {
      ...state,
      queries: state.queries.map((query) => {
        const error = query.state.error as (Error & { data?: unknown }) | null;
        if (!error) return query;
        const plain = { name: 'TRPCClientError', message: error.message, data: error.data ?? null } as unknown as Error;
        return { ...query, state: { ...query.state, error: plain, fetchFailureReason: plain } };
      }),
    };
  }
}
