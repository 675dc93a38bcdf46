import type { ImageRef, MediaFolder } from '@dealership/media-schemas';

/** Where images are kept: local disk by default, Cloudinary when configured. */
export interface MediaStorage {
  /** Stores the bytes of an image and returns its public url and id. */
  save(file: { data: Buffer; folder: MediaFolder; name: string; extension: 'webp' | 'jpg' | 'png' }): Promise<ImageRef>;
  /** Deletes an image by its public id; deleting one that is gone is not an error. */
  remove(publicId: string): Promise<void>;
}

/** Injection token of the active `MediaStorage`. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
