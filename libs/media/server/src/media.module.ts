import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Module } from '@nestjs/common';
import { LocalMediaStorage } from './local-media-storage';
import { MEDIA_STORAGE } from './media-storage';
import { MediaRoutes } from './media.routes';
import { MediaService } from './media.service';

@Module({
  providers: [
    // Cloudinary joins here when CLOUDINARY_URL is set (admin uploads issue); local disk is the default.
    { provide: MEDIA_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalMediaStorage(config.mediaDir) },
    MediaService,
    MediaRoutes,
  ],
  exports: [MediaService, MEDIA_STORAGE],
})
export class MediaModule {}
