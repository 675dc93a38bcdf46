import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Module } from '@nestjs/common';
import { LocalMediaStorage } from './local-media-storage';
import { MEDIA_STORAGE } from './media-storage';
import { MediaService } from './media.service';

@Module({
  providers: [
    {
      provide: MEDIA_STORAGE,
      // Cloudinary joins here when CLOUDINARY_URL is set (admin uploads issue); local disk is the default.
      useFactory: (local: LocalMediaStorage) => local,
      inject: [LocalMediaStorage],
    },
    { provide: LocalMediaStorage, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalMediaStorage(config.mediaDir) },
    MediaService,
  ],
  exports: [MediaService, MEDIA_STORAGE, LocalMediaStorage],
})
export class MediaModule {}
