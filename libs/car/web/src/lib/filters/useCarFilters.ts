import { startTransition, useCallback, useLayoutEffect, useMemo, useOptimistic, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readCarFilters, writeCarFilters, type CarFilters } from './car-filter-params';

export interface CarFiltersApi {
  filters: CarFilters;
  /**
   * Changes some filters; the page goes back to 1 unless `change` names one. `replace` rewrites
   * the current history entry (typing in the search box) instead of adding one.
   */
  update: (change: Partial<CarFilters>, options?: { replace?: boolean }) => void;
}

function applyChange(current: CarFilters, change: Partial<CarFilters>): CarFilters {
  return { ...current, page: 1, ...change };
}

/** The listing filters, kept in the URL's query string. */
export function useCarFilters(): CarFiltersApi {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => readCarFilters(params), [params]);
  // The router applies URL changes in a transition; the controls show the change at once
  // (a ticked box stays ticked) while the new URL and results follow.
  const [filters, showChange] = useOptimistic(fromUrl, applyChange);
  // Each change builds on the one before it, even when the URL of that one has not rendered yet:
  // React Router's `setParams(current => ...)` hands over the params of the last render, so a
  // second change in the meantime (two boxes ticked quickly on a slow phone, the search box's
  // delayed update after a tick, taps replayed after hydration) would drop the first. A new URL
  // from elsewhere (back button, a link) starts over from it.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: Partial<CarFilters>, options: { replace?: boolean } = {}) =>
      startTransition(() => {
        showChange(change);
        const next = writeCarFilters(applyChange(readCarFilters(latest.current), change));
        latest.current = next;
        setParams(next, { replace: options.replace });
      }),
    [setParams, showChange],
  );
  return { filters, update };
}
