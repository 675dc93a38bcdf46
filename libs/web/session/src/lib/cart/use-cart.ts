import type { Car } from '@dealership/car-model';
import { useCallback, useMemo } from 'react';
import { parseJson, useStoredValue } from '../storage/stored-value';
import { toStoredCar } from './stored-car';

/** Storage key of the favourites list (spec: "cart"). */
export const CART_STORAGE_KEY = 'cart';

function parseCart(raw: string | null): Car[] {
  const data = parseJson(raw);
  // Convert entries saved in the legacy shape; drop anything malformed instead of failing the page.
  return Array.isArray(data) ? data.map(toStoredCar).filter((car): car is Car => car !== null) : [];
}

/** The favourites list ("cart", "wishlist") and its operations. */
export interface CartApi {
  items: Car[];
  count: number;
  /** Sum of the saved cars' prices in KES. */
  total: number;
  /** Appends a car; duplicates are allowed (spec §4). */
  add: (car: Car) => void;
  /** Removes the entry at `index`, or the first entry whose `id` is `id`. */
  remove: (indexOrId: number | string) => void;
  clear: () => void;
}

/**
 * The favourites list kept in `localStorage` under `cart`, synced across components and tabs.
 * Legacy-shaped entries are converted on read and stored in the domain shape on the next change.
 */
export function useCart(): CartApi {
  const [items, update] = useStoredValue(CART_STORAGE_KEY, parseCart);

  const add = useCallback((car: Car) => update((current) => [...current, car]), [update]);
  const remove = useCallback(
    (indexOrId: number | string) =>
      update((current) => {
        const index = typeof indexOrId === 'number' ? indexOrId : current.findIndex((c) => c.id === indexOrId);
        if (index < 0 || index >= current.length) return current;
        return current.filter((_, i) => i !== index);
      }),
    [update],
  );
  const clear = useCallback(() => update(() => []), [update]);
  const total = useMemo(() => items.reduce((sum, car) => sum + car.price, 0), [items]);

  return { items, count: items.length, total, add, remove, clear };
}
