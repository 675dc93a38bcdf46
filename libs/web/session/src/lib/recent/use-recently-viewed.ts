import { useCallback } from 'react';
import { parseJson, readStoredValue, useStoredValue, writeStoredValue } from '../storage/stored-value';

/** Storage key of the cars this browser has opened, newest first. */
export const RECENTLY_VIEWED_STORAGE_KEY = 'recentlyViewed';

/** How many viewed cars the browser keeps. */
export const RECENTLY_VIEWED_MAX = 12;

/** A car a buyer opened: enough to show it in the "Recently viewed" strip without asking the server. */
export interface ViewedCar {
  slug: string;
  name: string;
  price: number;
  year: number;
  /** The main picture's URL, when the car has one. */
  image?: string;
}

function isViewedCar(item: unknown): item is ViewedCar {
  if (typeof item !== 'object' || item === null) return false;
  const car = item as Record<string, unknown>;
  return (
    typeof car['slug'] === 'string' &&
    typeof car['name'] === 'string' &&
    typeof car['price'] === 'number' &&
    typeof car['year'] === 'number' &&
    (car['image'] === undefined || typeof car['image'] === 'string')
  );
}

function parseViewed(raw: string | null): ViewedCar[] {
  const data = parseJson(raw);
  // Anything malformed is dropped rather than failing the page.
  return Array.isArray(data) ? data.filter(isViewedCar).slice(0, RECENTLY_VIEWED_MAX) : [];
}

/** Puts `car` first in the browser's viewed list (once; at most 12 kept). */
export function rememberViewedCar(car: ViewedCar): void {
  const rest = readStoredValue(RECENTLY_VIEWED_STORAGE_KEY, parseViewed).filter((item) => item.slug !== car.slug);
  const entry: ViewedCar = { slug: car.slug, name: car.name, price: car.price, year: car.year, ...(car.image ? { image: car.image } : {}) };
  writeStoredValue(RECENTLY_VIEWED_STORAGE_KEY, [entry, ...rest].slice(0, RECENTLY_VIEWED_MAX));
}

export interface RecentlyViewedApi {
  /** Newest first; empty during a server render and hydration (the server knows no browser's history). */
  items: ViewedCar[];
  clear: () => void;
}

/** The cars this browser has opened, newest first, kept in `localStorage` and synced across tabs. */
export function useRecentlyViewed(): RecentlyViewedApi {
  const [items, update] = useStoredValue(RECENTLY_VIEWED_STORAGE_KEY, parseViewed);
  const clear = useCallback(() => update(() => null), [update]);
  return { items, clear };
}
