// The media constants, apart from the zod schema (media.schemas.ts): the buyers' photo picker on a
// public page uses them without loading zod.

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
