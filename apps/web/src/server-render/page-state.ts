import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` holding a server-rendered page's query cache. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * The query cache a server-rendered page was rendered with, or undefined when the page was not
 * rendered on the server (its `#root` is empty: the browser renders it).
 */
export function readPageState(doc: Document): DehydratedState | undefined {
  const text = doc.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return undefined;
  }
}

/**
 * Puts a server-rendered page's data into the browser's cache before hydration. A query that
 * failed on the server (a missing car) keeps its error through the first render, as on the
 * server, instead of showing itself loading again and refetching a known 404.
 */
export function hydratePageState(queryClient: QueryClient, state: DehydratedState): void {
  for (const query of state.queries) {
    if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(queryClient, state);
}
