import { z } from 'zod';

/** An image as the legacy REST shapes carry it (`public_id`, Cloudinary's spelling). */
export const LegacyImageSchema = z.strictObject({ url: z.string(), public_id: z.string() }).meta({ id: 'LegacyImage' });
export type LegacyImage = z.infer<typeof LegacyImageSchema>;

/** A stored picture as our contracts name its fields (media's `ImageRef`). */
export interface StoredImage {
  url: string;
  publicId: string;
}

export function toLegacyImage(image: StoredImage): LegacyImage {
  return { url: image.url, public_id: image.publicId };
}

/**
 * One legacy image entry as our `ImageRef`: a `{url, public_id}` object, or its JSON text (each
 * multipart `documents` entry). Anything else is passed on for the contract to refuse.
 */
export function fromLegacyImage(entry: unknown): unknown {
  let value = entry;
  if (typeof entry === 'string') {
    try {
      value = JSON.parse(entry);
    } catch {
      return entry;
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { url, public_id: publicId } = value as { url?: unknown; public_id?: unknown };
    return { url, publicId };
  }
  return value;
}
