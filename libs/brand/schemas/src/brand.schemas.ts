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
