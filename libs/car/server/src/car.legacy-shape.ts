import type { BrandRef } from '@dealership/brand-schemas';
import type { Car } from '@dealership/car-model';
import { z } from 'zod';
import { LegacyImageSchema, toLegacyImage } from '@dealership/server-legacy-rest';

// A car in the legacy REST shape (`../shared/spec/legacy-rest-contract.md`), which two routes answer
// with: car's own and brand's by-slug (`carInvoleInThisBrand`); one mapper keeps both byte for byte
// the same. Third-party clients read these names and this key order.

/** The brand embedded in a legacy car. */
export const LegacyBrandRefSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    image: z.array(LegacyImageSchema),
  })
  .meta({ id: 'LegacyBrandRef', description: "A car's brand (null once the brand is deleted)." });
export type LegacyBrandRef = z.infer<typeof LegacyBrandRefSchema>;

export const LegacyCarSchema = z
  .strictObject({
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
    // Added with the back office (not in the legacy shape): appended, so the legacy keys keep their order.
    featured: z.boolean(),
    status: z.string(),
  })
  .meta({ id: 'LegacyCar', description: 'A car in the legacy shape. `documents[0]` is the main picture; `price` is whole KES.' });
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
    featured: car.featured,
    status: car.status,
  };
}
