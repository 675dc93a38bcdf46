import { CarListInputSchema } from '@dealership/car-model';
import { CarBySlugInputSchema, CarCreateInputSchema, CarUpdateInputSchema } from './car.schemas';

describe('control characters in car inputs', () => {
  it('answer a message naming the field', () => {
    const first = (input: unknown) => CarListInputSchema.safeParse(input).error?.issues[0].message;
    expect(first({ search: 'toyota\u0000' })).toBe('search must not contain control characters');
    expect(first({ make: '\u001bToyota' })).toBe('make must not contain control characters');
    expect(first({ brands: 'toyota,\u0000' })).toBe('brands.1 must not contain control characters');
    expect(first({ brands: ['toyota', 'ma\u0007zda'] })).toBe('brands.1 must not contain control characters');
    expect(CarBySlugInputSchema.safeParse({ slug: 'vitz\u0000' }).error?.issues[0].message).toBe('slug must not contain control characters');
    expect(CarListInputSchema.parse({ search: ' land\tcruiser ' }).search).toBe('land\tcruiser');
  });
});

describe('car write contracts', () => {
  const car = {
    brandId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
    images: [{ url: '/media/documents/a-1.webp', publicId: 'documents/a-1' }],
    name: 'Toyota Vitz',
    price: 650_000,
    fuelType: 'Petrol',
    transmission: 'Automatic',
    engineSize: 1300,
    mileage: 80_000,
    year: 2016,
    drive: '2 WD',
    description: 'Clean.',
    bodyType: 'Hatchback',
  };

  it('create: the spec order of checks, then the dealer fields; numbers at least 1', () => {
    expect(CarCreateInputSchema.safeParse({ ...car, brandId: '' }).error?.issues[0].message).toBe('Car Brand is required');
    expect(CarCreateInputSchema.safeParse({ ...car, brandId: 'x' }).error?.issues[0].message).toBe('brandId must be a valid id');
    expect(CarCreateInputSchema.safeParse({ ...car, year: undefined, drive: undefined }).error?.issues.map((i) => i.message)).toEqual([
      'Year of manufucture is required',
      'Drive is required',
    ]);
    expect(CarCreateInputSchema.safeParse({ ...car, bodyType: undefined }).error?.issues[0].message).toBe('Body Type is required');
    expect(CarCreateInputSchema.safeParse({ ...car, engineSize: 0.5 }).error?.issues[0].message).toBe('engineSize must be a whole number');
    expect(CarCreateInputSchema.parse({ ...car, featured: true, status: 'Reserved' })).toMatchObject({ featured: true, status: 'Reserved' });
    expect(CarCreateInputSchema.safeParse({ ...car, name: 'Vi\u0000tz' }).error?.issues[0].message).toBe('name must not contain control characters');
    expect(CarCreateInputSchema.safeParse({ ...car, images: [{ url: '/media/a\u0000.webp', publicId: 'a' }] }).error?.issues[0].message).toBe(
      'images.0.url must not contain control characters',
    );
  });

  it('update: only the fields given, the brand fixed, a blank description refused, null clears a spec', () => {
    const id = '1b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f51';
    expect(CarUpdateInputSchema.parse({ id, price: 1, brandId: car.brandId })).toEqual({ id, price: 1 });
    expect(CarUpdateInputSchema.safeParse({ id, description: ' ' }).error?.issues[0].message).toBe('Description is required');
    expect(CarUpdateInputSchema.parse({ id, seats: null, status: 'Sold' })).toEqual({ id, seats: null, status: 'Sold' });
    expect(CarUpdateInputSchema.safeParse({ id, images: [] }).error?.issues[0].message).toBe('Please Provide atleast one Image');
  });
});
