import { describe, expect, it } from '@jest/globals';
import { escapeRegExp, parseBrandList, parseCarList } from './api';

describe('parseCarList', () => {
  it('keeps the checked fields of each car, in order', () => {
    const body = {
      success: true,
      cars: [
        { name: 'A', slug: 'a', price: 1, status: 'Available', extra: true },
        { name: 'B', slug: 'b', price: 2, status: 'Sold' },
      ],
    };
    expect(parseCarList(body)).toEqual([
      { name: 'A', slug: 'a', price: 1, status: 'Available' },
      { name: 'B', slug: 'b', price: 2, status: 'Sold' },
    ]);
  });

  it('rejects an error answer and malformed cars with a readable message', () => {
    expect(() => parseCarList({ success: false, message: 'Not found' })).toThrow(/success: true, cars/);
    expect(() => parseCarList({ success: true, cars: [{ name: 'A', slug: 'a', price: '1', status: 'Available' }] })).toThrow(/cars\[0\]/);
    expect(() => parseCarList({ success: true, cars: [{ name: 'A', slug: 'a', price: 1 }] })).toThrow(/cars\[0\]/);
  });
});

describe('parseBrandList', () => {
  it('reads brands', () => {
    expect(parseBrandList({ success: true, brands: [{ name: 'Toyota', slug: 'toyota', image: [] }] })).toEqual([{ name: 'Toyota', slug: 'toyota' }]);
  });
});

describe('escapeRegExp', () => {
  it('matches the text literally', () => {
    const name = 'Mazda CX-5 2.5 (Signature) +';
    expect(new RegExp(`^${escapeRegExp(name)}$`).test(name)).toBe(true);
    expect(new RegExp(escapeRegExp('2.5')).test('245')).toBe(false);
  });
});
