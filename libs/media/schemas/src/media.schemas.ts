import { text } from '@dealership/shared-schemas';
import { z } from 'zod';

/**
 * A stored image: where to load it from and the id the storage knows it by (Cloudinary's public
 * id, or the local file key). The legacy REST shape spells the id `public_id`; its mappers convert.
 */
export const ImageRefSchema = z.object({
  url: text().trim().min(1, { error: 'Image url is required' }).max(2048),
  publicId: text().trim().min(1, { error: 'Image publicId is required' }).max(512),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

/** Folders images are stored under. */
export const MEDIA_FOLDERS = ['cars', 'brands', 'documents', 'leads'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/** URL prefix local storage serves images from. */
export const MEDIA_URL_PREFIX = '/media';

/** Largest upload the spec allows, per kind (after the client's 800x600 JPEG re-encode). */
export const IMAGE_SIZE_LIMIT_BYTES = {
  brand: 204_800,
  car: 41_943_040,
} as const;

/** The box the client redraws each picked image into, and the JPEG quality. */
export const IMAGE_RESIZE_BOX = { width: 800, height: 600, quality: 0.6 } as const;
