import type { ImageRef } from '@dealership/media-schemas';
import { z } from 'zod';

/** An image as the legacy REST shapes carry it (`public_id`, Cloudinary's spelling). */
export const LegacyImageSchema = z.strictObject({ url: z.string(), public_id: z.string() });
export type LegacyImage = z.infer<typeof LegacyImageSchema>;

export function toLegacyImage(image: ImageRef): LegacyImage {
  return { url: image.url, public_id: image.publicId };
}
