import type { BrandRef } from '@dealership/brand-schemas';
import type { Car } from '@dealership/car-schemas';
import { LegacyImageSchema, toLegacyImage } from '@dealership/media-server';
import { z } from 'zod';

// The legacy REST shapes (`../shared/spec/legacy-rest-contract.md`): third-party clients read these
// names and this key order, so they are kept byte for byte. Nothing of our own uses them.

/** The brand embedded in a legacy car. */
export const LegacyBrandRefSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.array(LegacyImageSchema),
});
export type LegacyBrandRef = z.infer<typeof LegacyBrandRefSchema>;

export const LegacyCarSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number(),
  brand: LegacyBrandRefSchema.nullable(),
  fuelType: z.string(),
  transmission: z.string(),
  engineSize: z.number(),
  mileage: z.number(),
  safetyrating: z.number().nullable(),
  yom: z.number(),
  seater: z.number().nullable(),
  drive: z.string(),
  horsepower: z.number().nullable(),
  torque: z.number().nullable(),
  accelaration: z.number().nullable(),
  size: z.number().nullable(),
  fuelTank: z.number().nullable(),
  warranty: z.string().nullable(),
  condition: z.string(),
  bodyType: z.string(),
  documents: z.array(LegacyImageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LegacyCar = z.infer<typeof LegacyCarSchema>;

export function toLegacyBrandRef(brand: BrandRef): LegacyBrandRef {
  return { _id: brand.id, name: brand.name, slug: brand.slug, image: brand.images.map(toLegacyImage) };
}

export function toLegacyCar(car: Car): LegacyCar {
  return {
    _id: car.id,
    name: car.name,
    slug: car.slug,
    description: car.description,
    price: car.price,
    brand: car.brand ? toLegacyBrandRef(car.brand) : null,
    fuelType: car.fuelType,
    transmission: car.transmission,
    engineSize: car.engineSize,
    mileage: car.mileage,
    safetyrating: car.safetyRating,
    yom: car.year,
    seater: car.seats,
    drive: car.drive,
    horsepower: car.horsepower,
    torque: car.torque,
    accelaration: car.accelerationSeconds,
    size: car.groundClearanceMm,
    fuelTank: car.fuelTankLitres,
    warranty: car.warranty,
    condition: car.condition,
    bodyType: car.bodyType,
    documents: car.images.map(toLegacyImage),
    createdAt: car.createdAt,
    updatedAt: car.updatedAt,
  };
}
