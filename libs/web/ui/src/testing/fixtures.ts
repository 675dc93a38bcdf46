import type { Brand } from '@dealership/brand-schemas';
import type { Car, CarStaff } from '@dealership/car-model';

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

const timestamp = '2025-01-15T10:00:00.000Z';

/** A brand shaped like the API's `Brand`. */
export function makeBrand(overrides: Partial<Brand> = {}): Brand {
  return {
    id: nextId(),
    name: 'Toyota',
    slug: 'toyota',
    description: null,
    images: [{ url: '/media/brands/toyota.webp', publicId: 'brands/toyota' }],
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

/** A car shaped like the API's `Car`. */
export function makeCar(overrides: Partial<Car> = {}): Car {
  const brand = makeBrand();
  return {
    id: nextId(),
    name: 'Toyota Land Cruiser Prado',
    model: 'Land Cruiser Prado',
    slug: 'toyota-land-cruiser-prado',
    description: 'A rugged and comfortable SUV.',
    price: 6_500_000,
    brand: { id: brand.id, name: brand.name, slug: brand.slug, images: brand.images },
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
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

/** A car as staff read it (`car.forStaff`, the admin writes' answers): with its whole chassis number. */
export function makeStaffCar(overrides: Partial<CarStaff> = {}): CarStaff {
  const { chassisNumber = null, ...car } = overrides;
  return { ...makeCar(car), chassisNumber, ...(chassisNumber ? { chassisNumberEnd: chassisNumber.slice(-6) } : {}) };
}
