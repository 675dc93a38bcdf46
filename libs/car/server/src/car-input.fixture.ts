import type { CarCreateInput } from '@dealership/car-schemas';

/** An image ref of our local store, as an upload gives one. */
export const uploadedImage = (name: string) => ({ url: `/media/documents/${name}.webp`, publicId: `documents/${name}` });

let pictures = 0;

/** A valid `car.create` input of `brandId` (a 2016 Vitz) with fresh pictures (one picture is never shared by two cars). */
export const validCarInput = (brandId: string, overrides: Partial<CarCreateInput> = {}): CarCreateInput => ({
  brandId,
  images: [uploadedImage(`car-front-${++pictures}`), uploadedImage(`car-side-${pictures}`)],
  name: 'Toyota Vitz',
  price: 650_000,
  fuelType: 'Petrol',
  transmission: 'Automatic',
  engineSize: 1300,
  mileage: 80_000,
  year: 2016,
  drive: '2 WD',
  description: 'Clean, low mileage.',
  bodyType: 'Hatchback',
  ...overrides,
});
