import { type QueryResult, type RouterOutputs, trpc } from '@dealership/web-trpc-client';

/** Cars one order may hold: `MAX_ORDER_CARS` of the order contract, restated so no zod schema ships in this page. */
export const MAX_ORDER_CARS = 10;

/** The ids a checkout asks about: each saved car once, at most one order's worth. */
export function quoteIds(carIds: readonly string[]): string[] {
  return [...new Set(carIds)].slice(0, MAX_ORDER_CARS);
}

/**
 * `order.quote` for the saved cars: their current prices and status, priced by the server. The
 * favourites list and the checkout box share it (one request, one cache entry).
 */
export function useCartQuote(carIds: readonly string[]): QueryResult<RouterOutputs['order']['quote']> {
  const ids = quoteIds(carIds);
  return trpc.order.quote.useQuery({ carIds: ids }, { enabled: ids.length > 0 });
}
