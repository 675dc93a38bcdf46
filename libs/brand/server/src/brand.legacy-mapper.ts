import type { Brand } from '@dealership/brand-schemas';
import type { Car } from '@dealership/car-schemas';
import { LegacyCarSchema, toLegacyCar } from '@dealership/car-server';
import { LegacyImageSchema, toLegacyImage } from '@dealership/media-server';
import { z } from 'zod';

// The legacy REST brand shapes (`getAll-brand`, `getBrandBtId-brand`), byte for byte.

export const LegacyBrandSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  image: z.array(LegacyImageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LegacyBrand = z.infer<typeof LegacyBrandSchema>;

/** The by-slug call's brand: the brand with its cars under the legacy (misspelt) key. */
export const LegacyBrandWithCarsSchema = LegacyBrandSchema.extend({ carInvoleInThisBrand: z.array(LegacyCarSchema) });
export type LegacyBrandWithCars = z.infer<typeof LegacyBrandWithCarsSchema>;

export function toLegacyBrand(brand: Brand): LegacyBrand {
  return {
    _id: brand.id,
    name: brand.name,
    slug: brand.slug,
    description: brand.description,
    image: brand.images.map(toLegacyImage),
    createdAt: brand.createdAt,
    updatedAt: brand.updatedAt,
  };
}

export function toLegacyBrandWithCars(brand: Brand, cars: Car[]): LegacyBrandWithCars {
  return { ...toLegacyBrand(brand), carInvoleInThisBrand: cars.map(toLegacyCar) };
}
