import { slugify } from '@dealership/shared-util';
import type { Database } from '../database';
import { brandImages, brands, carImages, cars } from '../schema';

type CarInsert = typeof cars.$inferInsert;

let sequence = 0;

/** Inserts a brand with one logo; fields default to something valid. */
export async function insertBrand(db: Database, fields: { name?: string; description?: string | null; createdAt?: Date } = {}) {
  const name = fields.name ?? `Brand ${++sequence}`;
  const [brand] = await db
    .insert(brands)
    .values({ name, slug: slugify(name), description: fields.description ?? null, createdAt: fields.createdAt })
    .returning();
  await db.insert(brandImages).values({ brandId: brand.id, url: `/media/brands/${brand.slug}.webp`, publicId: `brands/${brand.slug}` });
  return brand;
}

/** Inserts a car with `imageCount` pictures; fields default to something valid. */
export async function insertCar(db: Database, fields: Partial<CarInsert> & { brandId: string | null }, imageCount = 2) {
  const name = fields.name ?? `Car ${++sequence}`;
  const [car] = await db
    .insert(cars)
    .values({
      slug: slugify(name),
      description: `${name} in good condition.`,
      price: 1_500_000,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      engineSize: 1500,
      mileage: 50_000,
      yom: 2018,
      drive: '2 WD',
      condition: 'Foreign Used',
      bodyType: 'Sedan',
      ...fields,
      name,
    })
    .returning();
  if (imageCount > 0) {
    await db.insert(carImages).values(
      Array.from({ length: imageCount }, (_, position) => ({ carId: car.id, url: `/media/cars/${car.slug}-${position}.webp`, publicId: `cars/${car.slug}-${position}`, position })),
    );
  }
  return car;
}
