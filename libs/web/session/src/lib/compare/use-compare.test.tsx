import { act, renderHook } from '@testing-library/react';
import { COMPARE_STORAGE_KEY, compareHref, useCompare } from './use-compare';

const car = (n: number) => ({ slug: `car-${n}`, name: `Car ${n}` });

describe('useCompare', () => {
  beforeEach(() => window.localStorage.clear());

  it('picks up to four cars, once each, and builds the link', () => {
    const { result } = renderHook(() => useCompare());
    for (const n of [1, 2, 2, 3, 4]) act(() => void result.current.add(car(n)));
    expect(result.current.items.map((item) => item.slug)).toEqual(['car-1', 'car-2', 'car-3', 'car-4']);
    let added = true;
    act(() => {
      added = result.current.add(car(5));
    });
    expect(added).toBe(false);
    expect(result.current.count).toBe(4);
    expect(result.current.href).toBe('/compare?cars=car-1,car-2,car-3,car-4');
    expect(JSON.parse(window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]')).toHaveLength(4);
  });

  it('toggles, removes and clears, shared between components', () => {
    const first = renderHook(() => useCompare());
    const second = renderHook(() => useCompare());
    act(() => void first.result.current.toggle(car(1)));
    expect(second.result.current.has('car-1')).toBe(true);
    act(() => void second.result.current.toggle(car(1)));
    expect(first.result.current.count).toBe(0);
    act(() => void first.result.current.add(car(2)));
    act(() => first.result.current.remove('car-2'));
    expect(second.result.current.items).toEqual([]);
    act(() => void first.result.current.add(car(3)));
    act(() => first.result.current.clear());
    expect(second.result.current.count).toBe(0);
  });

  it('drops malformed stored entries instead of failing', () => {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([{ slug: 'ok', name: 'Ok' }, { slug: 3 }, null, 'x']));
    const { result } = renderHook(() => useCompare());
    expect(result.current.items).toEqual([{ slug: 'ok', name: 'Ok' }]);
    window.localStorage.setItem(COMPARE_STORAGE_KEY, '{not json');
    expect(renderHook(() => useCompare()).result.current.items).toEqual([]);
  });

  it('escapes slugs in the link', () => {
    expect(compareHref(['a b', 'c,d'])).toBe('/compare?cars=a%20b,c%2Cd');
  });
});
