import type { Car } from '@dealership/car-schemas';
import { useCallback, useMemo } from 'react';
import { parseJson, useStoredValue } from './stored-value';

/** Storage key of the favourites list (spec: "cart"). */
export const CART_STORAGE_KEY = 'cart';

// Entries are written only by `add(car)` with cars from the API, so a light check of the fields the
// list relies on guards against foreign or hand-edited storage without shipping the full CarSchema
// (or any zod: this runs in the entry chunk of every page).
function isStoredCar(item: unknown): item is Car {
  if (typeof item !== 'object' || item === null) return false;
  const car = item as Record<string, unknown>;
  return (
    typeof car['_id'] === 'string' &&
    typeof car['name'] === 'string' &&
    typeof car['slug'] === 'string' &&
    typeof car['price'] === 'number' &&
    Array.isArray(car['documents']) &&
    car['documents'].every(
      (doc: unknown) => typeof doc === 'object' && doc !== null && typeof (doc as Record<string, unknown>)['url'] === 'string',
    )
  );
}

function parseCart(raw: string | null): Car[] {
  const data = parseJson(raw);
  // Drop anything malformed instead of failing the page.
  return Array.isArray(data) ? data.filter(isStoredCar) : [];
}

/** The favourites list ("cart", "wishlist") and its operations. */
export interface CartApi {
  items: Car[];
  count: number;
  /** Sum of the saved cars' prices in KES. */
  total: number;
  /** Appends a car; duplicates are allowed (spec §4). */
  add: (car: Car) => void;
  /** Removes the entry at `index`, or the first entry whose `_id` is `id`. */
  remove: (indexOrId: number | string) => void;
  clear: () => void;
}

/** The favourites list kept in `localStorage` under `cart`, synced across components and tabs. */
export function useCart(): CartApi {
  const [items, update] = useStoredValue(CART_STORAGE_KEY, parseCart);

  const add = useCallback((car: Car) => update((current) => [...current, car]), [update]);
  const remove = useCallback(
    (indexOrId: number | string) =>
      update((current) => {
        const index = typeof indexOrId === 'number' ? indexOrId : current.findIndex((c) => c._id === indexOrId);
        if (index < 0 || index >= current.length) return current;
        return current.filter((_, i) => i !== index);
      }),
    [update],
  );
  const clear = useCallback(() => update(() => []), [update]);
  const total = useMemo(() => items.reduce((sum, car) => sum + car.price, 0), [items]);

  return { items, count: items.length, total, add, remove, clear };
}
