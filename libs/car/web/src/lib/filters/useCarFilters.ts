import { startTransition, useCallback, useMemo, useOptimistic } from 'react';
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
  const update = useCallback(
    (change: Partial<CarFilters>, options: { replace?: boolean } = {}) =>
      startTransition(() => {
        showChange(change);
        setParams((current) => writeCarFilters(applyChange(readCarFilters(current), change)), {
          replace: options.replace,
        });
      }),
    [setParams, showChange],
  );
  return { filters, update };
}
