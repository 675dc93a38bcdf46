import type { Car } from '@dealership/car-model';
import { act, renderHook } from '@testing-library/react';
import { useCart } from './use-cart';

let sequence = 0;

/** A car in the domain shape, as `car.list` returns it. */
function makeCar(overrides: Partial<Car> = {}): Car {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name: 'Toyota Land Cruiser Prado',
    model: 'Land Cruiser Prado',
    slug: 'toyota-land-cruiser-prado',
    description: 'A rugged and comfortable SUV.',
    price: 6_500_000,
    brand: { id: 'b1', name: 'Toyota', slug: 'toyota', images: [{ url: '/media/brands/toyota.webp', publicId: 'brands/toyota' }] },
    fuelType: 'Diesel',
    transmission: 'Automatic',
    engineSize: 2800,
    mileage: 45_000,
    safetyRating: null,
    year: 2019,
    seats: null,
    drive: '4 WD',
    horsepower: null,
    torque: null,
    accelerationSeconds: null,
    groundClearanceMm: null,
    fuelTankLitres: null,
    warranty: null,
    condition: 'Foreign Used',
    exteriorColour: null,
    interiorColour: null,
    stockNumber: 'ST-00001',
    chassisNumberEnd: null,
    bodyType: 'SUV',
    featured: false,
    status: 'Available',
    images: [{ url: '/media/cars/prado.webp', publicId: 'cars/prado' }],
    priceReduction: null,
    inspected: false,
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** The same car as builds before the contract rename stored it (the legacy REST wire shape). */
const legacyPrado = {
  _id: '00000000-0000-4000-8000-00000000abcd',
  name: 'Toyota Land Cruiser Prado',
  slug: 'toyota-land-cruiser-prado',
  description: 'A rugged and comfortable SUV.',
  price: 6_500_000,
  brand: { _id: 'b1', name: 'Toyota', slug: 'toyota', image: [{ url: '/media/brands/toyota.webp', public_id: 'brands/toyota' }] },
  fuelType: 'Diesel',
  transmission: 'Automatic',
  engineSize: 2800,
  mileage: 45_000,
  safetyrating: 5,
  yom: 2019,
  seater: 7,
  drive: '4 WD',
  horsepower: 174,
  torque: 450,
  accelaration: 12.7,
  size: 215,
  fuelTank: 87,
  warranty: null,
  condition: 'Foreign Used',
  bodyType: 'SUV',
  documents: [
    { url: '/media/cars/prado.webp', public_id: 'cars/prado' },
    { url: '/media/cars/prado-side.webp', public_id: 'cars/prado-side' },
  ],
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:00.000Z',
};

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

  it('removes by index or by id', () => {
    const [a, b, c] = [makeCar(), makeCar(), makeCar()];
    window.localStorage.setItem('cart', JSON.stringify([a, b, c, b]));
    const { result } = renderHook(() => useCart());

    act(() => result.current.remove(0));
    expect(result.current.items).toEqual([b, c, b]);

    act(() => result.current.remove(b.id));
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

  it('converts cars saved in the legacy shape, next to new ones, and stores them converted on the next change', () => {
    const current = makeCar({ name: 'Mazda CX-5', price: 3_200_000 });
    window.localStorage.setItem('cart', JSON.stringify([legacyPrado, current]));
    const { result } = renderHook(() => useCart());

    // Saved before cars had `featured`, `status` and the vehicle data (model, colours, stock and
    // chassis numbers): it comes back without them.
    const {
      featured: _featured,
      status: _status,
      model: _model,
      exteriorColour: _exteriorColour,
      interiorColour: _interiorColour,
      stockNumber: _stockNumber,
      chassisNumberEnd: _chassisNumberEnd,
      priceReduction: _priceReduction,
      inspected: _inspected,
      ...converted
    } = makeCar({
      id: legacyPrado._id,
      safetyRating: 5,
      year: 2019,
      seats: 7,
      horsepower: 174,
      torque: 450,
      accelerationSeconds: 12.7,
      groundClearanceMm: 215,
      fuelTankLitres: 87,
      images: [
        { url: '/media/cars/prado.webp', publicId: 'cars/prado' },
        { url: '/media/cars/prado-side.webp', publicId: 'cars/prado-side' },
      ],
    });
    expect(result.current.items).toEqual([converted, current]);
    expect(result.current.total).toBe(9_700_000);

    act(() => result.current.remove(current.id));
    expect(stored()).toEqual([converted]);
  });

  it('still drops malformed entries of either shape', () => {
    const { _id: _, ...legacyWithoutId } = legacyPrado;
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        legacyWithoutId,
        { ...legacyPrado, documents: [{ public_id: 'cars/no-url' }] },
        { ...legacyPrado, price: '6500000' },
        { ...makeCar(), images: 'none' },
        null,
        legacyPrado,
      ]),
    );
    const { result } = renderHook(() => useCart());
    expect(result.current.items.map((car) => car.id)).toEqual([legacyPrado._id]);
  });

  it('keeps a legacy car whose brand is missing or malformed, without a brand', () => {
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { ...legacyPrado, brand: null },
        { ...legacyPrado, brand: { name: 'No id' } },
      ]),
    );
    const { result } = renderHook(() => useCart());
    expect(result.current.items.map((car) => car.brand)).toEqual([null, null]);
  });
});
