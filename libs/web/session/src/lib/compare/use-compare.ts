import { sitePath } from '@dealership/shared-schemas';
import { COMPARE_MAX_CARS } from '@dealership/shared-util';
import { useCallback } from 'react';
import { parseJson, useStoredValue } from '../storage/stored-value';

/** Storage key of the cars picked for /compare. */
export const COMPARE_STORAGE_KEY = 'compare';

/** A car picked for comparison: enough to name it in the compare bar and build the link. */
export interface ComparedCar {
  slug: string;
  name: string;
}

function parseCompare(raw: string | null): ComparedCar[] {
  const data = parseJson(raw);
  if (!Array.isArray(data)) return [];
  // Anything malformed is dropped rather than failing the page.
  return data
    .filter((item): item is ComparedCar => typeof item === 'object' && item !== null && typeof item.slug === 'string' && typeof item.name === 'string')
    .slice(0, COMPARE_MAX_CARS);
}

/** The URL of /compare for `slugs`: `/compare?cars=a,b,c`. */
export function compareHref(slugs: readonly string[]): string {
  return `${sitePath('compare')}?cars=${slugs.map(encodeURIComponent).join(',')}`;
}

export interface CompareApi {
  items: ComparedCar[];
  count: number;
  /** Whether the car of `slug` is picked. */
  has: (slug: string) => boolean;
  /** Picks a car; false (and nothing changes) when 4 are picked already. */
  add: (car: ComparedCar) => boolean;
  remove: (slug: string) => void;
  /** Picks or unpicks; false when picking failed because 4 are picked already. */
  toggle: (car: ComparedCar) => boolean;
  clear: () => void;
  /** `/compare?cars=...` of the picked cars. */
  href: string;
}

/** The cars picked for comparison (at most 4), kept in `localStorage`, synced across components and tabs. */
export function useCompare(): CompareApi {
  const [items, update] = useStoredValue(COMPARE_STORAGE_KEY, parseCompare);
  const has = useCallback((slug: string) => items.some((item) => item.slug === slug), [items]);
  const add = useCallback(
    (car: ComparedCar) => {
      if (items.some((item) => item.slug === car.slug)) return true;
      if (items.length >= COMPARE_MAX_CARS) return false;
      update((current) =>
        current.some((item) => item.slug === car.slug) ? current : [...current, { slug: car.slug, name: car.name }].slice(0, COMPARE_MAX_CARS),
      );
      return true;
    },
    [items, update],
  );
  const remove = useCallback((slug: string) => update((current) => current.filter((item) => item.slug !== slug)), [update]);
  const toggle = useCallback((car: ComparedCar) => (has(car.slug) ? (remove(car.slug), true) : add(car)), [has, remove, add]);
  const clear = useCallback(() => update(() => []), [update]);
  return { items, count: items.length, has, add, remove, toggle, clear, href: compareHref(items.map((item) => item.slug)) };
}
