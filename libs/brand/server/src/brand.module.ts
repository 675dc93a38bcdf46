import { CarModule } from '@dealership/car-server';
import { Module } from '@nestjs/common';
import { BrandController } from './brand.controller';
import { BrandRepository } from './brand.repository';
import { BrandRouter } from './brand.router';
import { BrandService } from './brand.service';
import { BrandSitePages } from './brand.site-pages';

@Module({
  // The legacy by-slug path lists the brand's cars.
  imports: [CarModule],
  providers: [BrandRepository, BrandService, BrandRouter, BrandSitePages],
  controllers: [BrandController],
  exports: [BrandRouter, BrandService],
})
export class BrandModule {}
