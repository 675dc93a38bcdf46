import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from '../ErrorState/ErrorState';
import { PageLoader } from '../PageLoader/PageLoader';

/** What `QueryState` reads of a react-query (tRPC) query result. */
export interface QueryStateQuery<TData> {
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  data: TData | undefined;
  refetch: () => unknown;
}

export interface QueryStateProps<TData> {
  query: QueryStateQuery<TData>;
  /** The spinner's words while the first load is under way ('Loading leads…'). */
  loadingLabel: string;
  loaderMinHeight?: number;
  /** The failed load's title ('Could not load the leads'). */
  errorTitle: string;
  errorMessage?: string;
  /**
   * A failed refetch leaves the data already shown on screen (the error shows only when there is
   * nothing to show); by default any failure replaces it.
   */
  keepDataOnError?: boolean;
  /** Whether the loaded data has nothing to list; `empty` is then shown instead of `children`. */
  isEmpty?: (data: TData) => boolean;
  /** What an empty list says, inside the bordered empty-state box. */
  empty?: ReactNode | ((data: TData) => ReactNode);
  children: (data: TData) => ReactNode;
}

/** The retry advice under a failed load's title. */
const RETRY_MESSAGE = 'Please check your connection and try again.';

/**
 * A query's screen in its four states: a spinner while it first loads, a failure with a retry
 * button, the empty state, and the loaded data (`children`).
 */
export function QueryState<TData>({
  query,
  loadingLabel,
  loaderMinHeight = 240,
  errorTitle,
  errorMessage = RETRY_MESSAGE,
  keepDataOnError = false,
  isEmpty,
  empty,
  children,
}: QueryStateProps<TData>) {
  if (query.isPending) return <PageLoader label={loadingLabel} minHeight={loaderMinHeight} />;
  const { data } = query;
  if (data === undefined || (query.isError && !keepDataOnError)) {
    return <ErrorState title={errorTitle} message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  if (isEmpty?.(data)) return <EmptyState>{typeof empty === 'function' ? empty(data) : empty}</EmptyState>;
  return children(data);
}

/** The bordered, centred box an empty list shows. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      {children}
    </Paper>
  );
}
