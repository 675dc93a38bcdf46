import { act, renderHook } from '@testing-library/react';
import { RECENTLY_VIEWED_MAX, RECENTLY_VIEWED_STORAGE_KEY, rememberViewedCar, useRecentlyViewed } from './use-recently-viewed';

const car = (n: number) => ({ slug: `car-${n}`, name: `Car ${n}`, price: n * 1_000_000, year: 2015 + (n % 10) });

describe('useRecentlyViewed', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the newest first, once each, at most 12', () => {
    const { result } = renderHook(() => useRecentlyViewed());
    expect(result.current.items).toEqual([]);
    act(() => {
      for (let n = 1; n <= 14; n += 1) rememberViewedCar(car(n));
      rememberViewedCar(car(10));
    });
    const slugs = result.current.items.map((item) => item.slug);
    expect(slugs).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(slugs.slice(0, 3)).toEqual(['car-10', 'car-14', 'car-13']);
    expect(slugs).not.toContain('car-1');
    expect(slugs.filter((slug) => slug === 'car-10')).toHaveLength(1);
  });

  it('clears, and drops malformed stored entries instead of failing', () => {
    window.localStorage.setItem(RECENTLY_VIEWED_STORAGE_KEY, JSON.stringify([car(1), { slug: 'x' }, null, 'y', { ...car(2), image: 3 }]));
    const { result } = renderHook(() => useRecentlyViewed());
    expect(result.current.items.map((item) => item.slug)).toEqual(['car-1']);
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
    expect(window.localStorage.getItem(RECENTLY_VIEWED_STORAGE_KEY)).toBeNull();
  });
});
