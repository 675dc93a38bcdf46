import { IdSchema, SlugSchema, text, TimestampSchema } from '@dealership/shared-schemas';
import { ImageRefSchema } from '@dealership/media-schemas';
import { z } from 'zod';

/** A brand: its name, page slug, description and logo pictures (the first is the logo shown). */
export const BrandSchema = z.object({
  id: IdSchema,
  name: text(),
  slug: text(),
  description: text().nullable(),
  images: z.array(ImageRefSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Brand = z.infer<typeof BrandSchema>;

/** The brand embedded in a car: enough for a badge and a link. */
export const BrandRefSchema = BrandSchema.pick({ id: true, name: true, slug: true, images: true });
export type BrandRef = z.infer<typeof BrandRefSchema>;

export const BrandBySlugInputSchema = z.object({ slug: SlugSchema });
export type BrandBySlugInput = z.infer<typeof BrandBySlugInputSchema>;

export const BrandNameSchema = text({ error: 'Brand name is required' })
  .trim()
  .min(1, { error: 'Brand name is required' })
  .max(80, { error: 'Brand name must be at most 80 characters' });

/** Logos one brand may have. */
export const MAX_BRAND_IMAGES = 10;

const brandImages = z
  .array(ImageRefSchema, { error: 'Please upload Brand Image' })
  .min(1, { error: 'Please upload Brand Image' })
  .max(MAX_BRAND_IMAGES, { error: `At most ${MAX_BRAND_IMAGES} images per brand` });
const brandDescription = text().trim().max(2000, { error: 'description must be at most 2000 characters' }).nullable().optional();

/** A new brand: a name unique whatever its case, and at least one logo (spec §5's checks and messages). */
export const BrandCreateInputSchema = z.object({ name: BrandNameSchema, images: brandImages, description: brandDescription });
export type BrandCreateInput = z.input<typeof BrandCreateInputSchema>;
export type BrandCreateFields = z.output<typeof BrandCreateInputSchema>;

/** Changes to a brand: only the fields given change; `images`, when given, is the whole new list. */
export const BrandUpdateInputSchema = z.object({
  id: IdSchema,
  name: BrandNameSchema.optional(),
  images: brandImages.optional(),
  description: brandDescription,
});
export type BrandUpdateInput = z.input<typeof BrandUpdateInputSchema>;
export type BrandUpdateFields = z.output<typeof BrandUpdateInputSchema>;

export const BrandRemoveInputSchema = z.object({ id: IdSchema });
export type BrandRemoveInput = z.infer<typeof BrandRemoveInputSchema>;

/** Detach one logo (by its public id) from a brand and delete it from storage. */
export const BrandRemoveImageInputSchema = z.object({
  brandId: IdSchema,
  publicId: text({ error: 'Image publicId is required' }).trim().min(1, { error: 'Image publicId is required' }).max(512),
});
export type BrandRemoveImageInput = z.infer<typeof BrandRemoveImageInputSchema>;
