import { Module } from '@nestjs/common';
import { BrandController } from './brand.controller';
import { BrandRepository } from './brand.repository';
import { BrandRouter } from './brand.router';
import { BrandService } from './brand.service';

@Module({
  providers: [BrandRepository, BrandService, BrandRouter],
  controllers: [BrandController],
  exports: [BrandRouter, BrandService],
})
export class BrandModule {}
