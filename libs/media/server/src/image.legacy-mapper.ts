import type { ImageRef } from '@dealership/media-schemas';
import { z } from 'zod';

/** `POST /api/media/upload`'s answer: the image as the legacy client read Cloudinary's. */
export const LegacyUploadResponseSchema = z.strictObject({
  success: z.literal(true),
  url: z.string(),
  public_id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type LegacyUploadResponse = z.infer<typeof LegacyUploadResponseSchema>;

export function toLegacyUpload(image: ImageRef & { width: number; height: number }): LegacyUploadResponse {
  return { success: true, url: image.url, public_id: image.publicId, width: image.width, height: image.height };
}
