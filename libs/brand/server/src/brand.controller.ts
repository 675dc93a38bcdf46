import { Public } from '@dealership/server-core';
import { Controller, Get } from '@nestjs/common';
import { BrandService } from './brand.service';

/** The legacy `/api/brand/...` REST paths, in their response shapes. */
@Public()
@Controller('brand')
export class BrandController {
  constructor(private readonly brands: BrandService) {}

  /** Brands with their logos only: the legacy server embedded every car of every brand here. */
  @Get('getAll-brand')
  async getAll() {
    return { success: true, message: 'All Brands', brands: await this.brands.list() };
  }
}
