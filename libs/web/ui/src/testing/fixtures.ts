import type { Brand } from '@dealership/brand-schemas';
import type { Car } from '@dealership/car-schemas';

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

const timestamp = '2025-01-15T10:00:00.000Z';

/** A brand shaped like the API's `Brand`. */
export function makeBrand(overrides: Partial<Brand> = {}): Brand {
  return {
    _id: nextId(),
    name: 'Toyota',
    slug: 'toyota',
    description: null,
    image: [{ url: '/media/brands/toyota.webp', public_id: 'brands/toyota' }],
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

/** A car shaped like the API's `Car`. */
export function makeCar(overrides: Partial<Car> = {}): Car {
  const brand = makeBrand();
  return {
    _id: nextId(),
    name: 'Toyota Land Cruiser Prado',
    slug: 'toyota-land-cruiser-prado',
    description: 'A rugged and comfortable SUV.',
    price: 6_500_000,
    brand: { _id: brand._id, name: brand.name, slug: brand.slug, image: brand.image },
    fuelType: 'Diesel',
    transmission: 'Automatic',
    engineSize: 2800,
    mileage: 45_000,
    safetyrating: null,
    yom: 2019,
    seater: null,
    drive: '4 WD',
    horsepower: null,
    torque: null,
    accelaration: null,
    size: null,
    fuelTank: null,
    warranty: null,
    condition: 'Foreign Used',
    bodyType: 'SUV',
    documents: [{ url: '/media/cars/prado.webp', public_id: 'cars/prado' }],
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}
