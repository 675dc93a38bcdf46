import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { AuditModule } from '@dealership/audit-server';
import { Module } from '@nestjs/common';
import { CloudinaryMediaStorage, parseCloudinaryUrl } from './cloudinary-media-storage';
import { LocalMediaStorage } from './local-media-storage';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage';
import { MediaUploadRepository } from './media-upload.repository';
import { MediaCspSources } from './media.csp-sources';
import { MediaController } from './media.controller';
import { MediaRoutes } from './media.routes';
import { MediaService } from './media.service';
import { SpinVideoController } from './spin-video.controller';
import { SpinVideoService } from './spin-video.service';

/** Cloudinary when `CLOUDINARY_URL` is set (generated pictures stay local), else files under `MEDIA_DIR`. */
export function createMediaStorage(config: AppConfig): MediaStorage {
  const account = config.cloudinaryUrl ? parseCloudinaryUrl(config.cloudinaryUrl) : undefined;
  const local = new LocalMediaStorage(config.mediaDir, config.mediaMinFreeBytes);
  return account ? new CloudinaryMediaStorage(account, local) : local;
}

@Module({
  imports: [AuditModule],
  providers: [
    { provide: MEDIA_STORAGE, inject: [APP_CONFIG], useFactory: createMediaStorage },
    MediaUploadRepository,
    MediaService,
    MediaRoutes,
    MediaCspSources,
    SpinVideoService,
  ],
  controllers: [MediaController, SpinVideoController],
  exports: [MediaService, MEDIA_STORAGE],
})
export class MediaModule {}
