import type { ImageRef, MediaFolder } from '@dealership/media-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage';

@Injectable()
export class MediaService {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  /** Stores a generated SVG picture; it is served as WebP, rendered on first request. */
  saveSvg(image: { svg: string; folder: MediaFolder; name: string }): Promise<ImageRef> {
    return this.storage.save({ data: Buffer.from(image.svg), folder: image.folder, name: image.name, extension: 'svg', servedAs: 'webp' });
  }

  remove(publicId: string): Promise<void> {
    return this.storage.remove(publicId);
  }
}
