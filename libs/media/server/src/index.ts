export { MEDIA_STORAGE, type MediaStorage } from './media-storage';
export { MediaModule } from './media.module';
export { MediaService, type UploadedImage } from './media.service';
export { LegacyImageSchema, toLegacyImage, type LegacyImage } from './image.legacy-mapper';
export { MediaStorageUnavailableError, PictureTakenError } from './media.errors';
