import { makeCar } from '@dealership/web-ui/testing';
import { bestOf, COMPARE_ROWS, slugsFromQuery } from './compare-rows';

const row = (label: string) => {
  const found = COMPARE_ROWS.find((candidate) => candidate.label === label);
  if (!found) throw new Error(`no row ${label}`);
  return found;
};

describe('compare rows', () => {
  const cheap = makeCar({ id: 'a', price: 900_000, year: 2015, mileage: 90_000, safetyRating: 3 });
  const dear = makeCar({ id: 'b', price: 2_500_000, year: 2021, mileage: 20_000, safetyRating: 5 });
  const middle = makeCar({ id: 'c', price: 1_500_000, year: 2021, mileage: 45_000, safetyRating: null });

  it('marks the lowest price and mileage, the newest year and the highest safety rating', () => {
    const cars = [cheap, dear, middle];
    expect([...bestOf(row('Price'), cars)]).toEqual(['a']);
    expect([...bestOf(row('Mileage'), cars)]).toEqual(['b']);
    // A tie: both newest are marked.
    expect([...bestOf(row('Year'), cars)]).toEqual(['b', 'c']);
    // A car without a rating takes no part.
    expect([...bestOf(row('Safety Rating'), cars)]).toEqual(['b']);
  });

  it('compares the vehicle data too: model, both colours (a dash when not given) and stock number', () => {
    const car = makeCar({ model: 'Land Cruiser Prado', exteriorColour: 'Pearl White', interiorColour: null, stockNumber: 'ST-00042' });
    expect(row('Model').value(car)).toBe('Land Cruiser Prado');
    expect(row('Exterior Colour').value(car)).toBe('Pearl White');
    expect(row('Interior Colour').value(car)).toBe('—');
    expect(row('Stock No.').value(car)).toBe('ST-00042');
  });

  it('marks nothing when nothing stands out: one car, all equal, or a field with no best', () => {
    expect(bestOf(row('Price'), [cheap]).size).toBe(0);
    expect(bestOf(row('Year'), [dear, middle]).size).toBe(0);
    expect(bestOf(row('Safety Rating'), [middle, makeCar({ id: 'd', safetyRating: 4 })]).size).toBe(0);
    expect(bestOf(row('Fuel Type'), [cheap, dear]).size).toBe(0);
  });

  it('shows every value in words, a dash for what a car lacks', () => {
    expect(row('Price').value(cheap)).toBe('KES 900,000');
    expect(row('Mileage').value(dear)).toBe('20,000 Kms');
    expect(row('Safety Rating').value(middle)).toBe('—');
  });

  it('reads the slugs of the URL: each once, at most the limit, nothing malformed', () => {
    expect(slugsFromQuery('toyota-vitz,mazda-cx-5,toyota-vitz', 4)).toEqual(['toyota-vitz', 'mazda-cx-5']);
    expect(slugsFromQuery('a,b,c,d,e', 4)).toEqual(['a', 'b', 'c', 'd']);
    expect(slugsFromQuery(' A , ,<x>,b--c,ok ', 4)).toEqual(['a', 'ok']);
    expect(slugsFromQuery(null, 4)).toEqual([]);
  });
});
