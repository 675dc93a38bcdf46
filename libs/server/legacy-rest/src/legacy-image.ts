import type { ImageRef } from '@dealership/media-schemas';
import { z } from 'zod';

/** An image as the legacy REST shapes carry it (`public_id`, Cloudinary's spelling). */
export const LegacyImageSchema = z.strictObject({ url: z.string(), public_id: z.string() }).meta({ id: 'LegacyImage' });
export type LegacyImage = z.infer<typeof LegacyImageSchema>;

export function toLegacyImage(image: ImageRef): LegacyImage {
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
