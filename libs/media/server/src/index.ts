export { type MediaStorage } from './media-storage';
export { MediaModule } from './media.module';
export { MediaService, type PrivateDocument, type UploadedImage } from './media.service';
export { locateFfmpeg, type FfmpegProgram } from './ffmpeg';
export { SpinVideoService } from './spin-video.service';
