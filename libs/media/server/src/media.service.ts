import type { ImageRef, MediaFolder } from '@dealership/media-schemas';
import { Inject, Injectable } from '@nestjs/common';
import { svgToWebp } from './image-encoder';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage';

@Injectable()
export class MediaService {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  /** Stores a generated SVG picture as WebP. */
  async saveSvg(image: { svg: string; folder: MediaFolder; name: string }): Promise<ImageRef> {
    const data = await svgToWebp(image.svg);
    return this.storage.save({ data, folder: image.folder, name: image.name, extension: 'webp' });
  }

  remove(publicId: string): Promise<void> {
    return this.storage.remove(publicId);
  }
}
