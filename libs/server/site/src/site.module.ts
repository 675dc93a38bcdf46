import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { SeoController } from './seo.controller';
import { SiteService } from './site.service';

/** The web app's pages as the server knows them: sitemap, robots.txt and first-load status. */
@Module({
  imports: [DiscoveryModule],
  providers: [SiteService],
  controllers: [SeoController],
  exports: [SiteService],
})
export class SiteModule {}
