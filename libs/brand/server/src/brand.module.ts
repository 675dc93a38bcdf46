import { AuditModule } from '@dealership/audit-server';
import { CarModule } from '@dealership/car-server';
import { MediaModule } from '@dealership/media-server';
import { Module } from '@nestjs/common';
import { BrandController } from './brand.controller';
import { BrandRepository } from './brand.repository';
import { BrandRouter } from './brand.router';
import { BrandService } from './brand.service';
import { BrandSitePages } from './brand.site-pages';

@Module({
  // The legacy by-slug path lists the brand's cars.
  imports: [CarModule, MediaModule, AuditModule],
  providers: [BrandRepository, BrandService, BrandRouter, BrandSitePages],
  controllers: [BrandController],
  exports: [BrandRouter, BrandService],
})
export class BrandModule {}
