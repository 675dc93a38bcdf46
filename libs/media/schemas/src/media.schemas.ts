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
