export { LocalMediaStorage } from './local-media-storage';
export { MEDIA_STORAGE, type MediaStorage } from './media-storage';
export { MediaModule } from './media.module';
export { MediaService } from './media.service';
