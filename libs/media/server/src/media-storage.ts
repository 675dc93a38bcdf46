import type { ImageRef, MediaFolder } from '@dealership/media-schemas';

export interface StoredFile {
  data: Buffer;
  folder: MediaFolder;
  name: string;
  extension: 'webp' | 'jpg' | 'png' | 'svg';
  /**
   * The format the url asks for, when it differs from the stored master: an SVG master is
   * served as WebP, rendered on the first request (see `LocalMediaStorage.resolve`).
   */
  servedAs?: 'webp';
}

/** Where images are kept: local disk by default, Cloudinary when configured. */
export interface MediaStorage {
  /** Stores the bytes of an image and returns its public url and id. */
  save(file: StoredFile): Promise<ImageRef>;
  /** Deletes an image by its public id; deleting one that is gone is not an error. */
  remove(publicId: string): Promise<void>;
}

/** Injection token of the active `MediaStorage`. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
