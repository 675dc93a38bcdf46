import type { ImageRef, MediaFolder } from '@dealership/media-schemas';

export interface StoredFile {
  data: Buffer;
  folder: MediaFolder;
  name: string;
  extension: 'webp' | 'jpg' | 'png' | 'svg';
  /**
   * The format the url asks for, when it differs from the stored master: an SVG master is
   * served as WebP, rendered on the first request (see `LocalMediaStorage.localFile`).
   */
  servedAs?: 'webp';
}

/** Where images are kept: local disk by default, Cloudinary when configured. */
export interface MediaStorage {
  /** Stores the bytes of an image and returns its public url and id. */
  save(file: StoredFile): Promise<ImageRef>;
  /** Deletes an image by its public id; deleting one that is gone is not an error. */
  remove(publicId: string): Promise<void>;
  /**
   * The file to send for a `/media/<path>` url, relative to `MEDIA_DIR`, or undefined when there
   * is none (a storage whose urls point elsewhere, such as Cloudinary, serves no local files).
   */
  localFile(path: string): Promise<string | undefined>;
}

/** Injection token of the active `MediaStorage`. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
