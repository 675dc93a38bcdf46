import { act, renderHook } from '@testing-library/react';
import { makeCar } from '../../testing';
import { useCart } from './use-cart';

function stored(): unknown {
  return JSON.parse(window.localStorage.getItem('cart') ?? 'null');
}

describe('useCart', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts empty', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current.items).toEqual([]);
    expect(result.current.count).toBe(0);
    expect(result.current.total).toBe(0);
  });

  it('loads the stored list at start', () => {
    const car = makeCar();
    window.localStorage.setItem('cart', JSON.stringify([car]));
    const { result } = renderHook(() => useCart());
    expect(result.current.items).toEqual([car]);
  });

  it('appends cars, duplicates included, and stores them', () => {
    const car = makeCar({ price: 1_000_000 });
    const { result } = renderHook(() => useCart());
    act(() => result.current.add(car));
    act(() => result.current.add(car));
    expect(result.current.count).toBe(2);
    expect(result.current.total).toBe(2_000_000);
    expect(stored()).toEqual([car, car]);
  });

  it('removes by index or by _id', () => {
    const [a, b, c] = [makeCar(), makeCar(), makeCar()];
    window.localStorage.setItem('cart', JSON.stringify([a, b, c, b]));
    const { result } = renderHook(() => useCart());

    act(() => result.current.remove(0));
    expect(result.current.items).toEqual([b, c, b]);

    act(() => result.current.remove(b._id));
    expect(result.current.items).toEqual([c, b]);

    act(() => result.current.remove(99));
    act(() => result.current.remove('not-there'));
    expect(stored()).toEqual([c, b]);
  });

  it('keeps every hook instance in step', () => {
    const first = renderHook(() => useCart());
    const second = renderHook(() => useCart());
    act(() => first.result.current.add(makeCar()));
    expect(second.result.current.count).toBe(1);
  });

  it('survives malformed storage', () => {
    window.localStorage.setItem('cart', '{not json');
    const { result } = renderHook(() => useCart());
    expect(result.current.items).toEqual([]);

    window.localStorage.setItem('cart', JSON.stringify([makeCar(), { junk: true }]));
    const { result: again } = renderHook(() => useCart());
    expect(again.current.count).toBe(1);
  });
});
