import { LegacyCarSchema, toLegacyCar } from '@dealership/car-server';
import type { Brand } from '@dealership/brand-schemas';
import type { Car } from '@dealership/car-model';
import { LegacyImageSchema, toLegacyImage } from '@dealership/server-legacy-rest';
import { z } from 'zod';

// The legacy REST brand shapes (`getAll-brand`, `getBrandBtId-brand`), byte for byte.

export const LegacyBrandSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    image: z.array(LegacyImageSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'LegacyBrand', description: 'A brand in the legacy shape, with its logos.' });
export type LegacyBrand = z.infer<typeof LegacyBrandSchema>;

/** The by-slug call's brand: the brand with its cars under the legacy (misspelt) key. */
export const LegacyBrandWithCarsSchema = LegacyBrandSchema.extend({ carInvoleInThisBrand: z.array(LegacyCarSchema) }).meta({
  id: 'LegacyBrandWithCars',
  description: 'A brand with its listed cars, newest first (the legacy key keeps its spelling).',
});
export type LegacyBrandWithCars = z.infer<typeof LegacyBrandWithCarsSchema>;

// The answers of the `/api/brand/...` routes (the REST document describes them with these).

/** `getAll-brand`: every brand, without cars. */
export const LegacyBrandListResponseSchema = z.strictObject({ success: z.literal(true), message: z.string(), brands: z.array(LegacyBrandSchema) });
/** `getBrandBtId-brand`: the brand with its cars. */
export const LegacyBrandWithCarsResponseSchema = z.strictObject({ success: z.literal(true), message: z.string(), brand: LegacyBrandWithCarsSchema });
/** A brand write's answer: `create-brand`, `update-brand`, `delete-brand-image`. */
export const LegacyBrandResponseSchema = z.strictObject({ success: z.literal(true), message: z.string(), brand: LegacyBrandSchema });

/**
 * The body of a legacy brand write, for the REST document, derived from the contract the route
 * parses it with (`BrandCreateInputSchema`, `BrandUpdateInputSchema`): `name` and `description`
 * as there, and the logos under the legacy field (`documents` on create, `image` on update),
 * repeated: image data URLs, image files (multipart) or `{url, public_id}` (or its JSON text).
 */
export function legacyBrandBodySchema(contract: z.ZodObject, imagesField: 'documents' | 'image', form: 'json' | 'multipart'): z.ZodObject {
  const { name, description } = contract.shape as Record<string, z.ZodType>;
  const entry =
    form === 'json'
      ? z.union([z.string().meta({ description: 'An image data URL, or the JSON text of `{url, public_id}`.' }), LegacyImageSchema])
      : z.string().meta({ description: 'An image file, an image data URL, or the JSON text of `{url, public_id}`.' });
  const images = z.array(entry).meta({ description: 'The logos in order (on update: the whole new list).' });
  const optionalImages = contract.shape.images instanceof z.ZodOptional;
  return z.object({ name, description, [imagesField]: optionalImages ? images.optional() : images });
}

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
